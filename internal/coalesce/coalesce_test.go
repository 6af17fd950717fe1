package coalesce

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
)

func TestRequestsDuringARunCostOneMore(t *testing.T) {
	var g Group
	var runs atomic.Int32
	var wg sync.WaitGroup
	started, release := make(chan struct{}), make(chan struct{})
	spawn := func(run func(context.Context)) {
		wg.Add(1)
		go func() { defer wg.Done(); run(context.Background()) }()
	}
	g.Trigger(1, spawn, func(context.Context) {
		if runs.Add(1) == 1 {
			close(started)
			<-release
		}
	})
	<-started
	for range 10 {
		g.Trigger(1, spawn, func(context.Context) { runs.Add(1) })
	}
	close(release)
	wg.Wait()
	if n := runs.Load(); n != 2 {
		t.Fatalf("%d runs, want 2", n)
	}
}

func TestPanicFreesTheKey(t *testing.T) {
	var g Group
	var wg sync.WaitGroup
	spawn := func(run func(context.Context)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { _ = recover() }()
			run(context.Background())
		}()
	}
	g.Trigger(7, spawn, func(context.Context) { panic("boom") })
	wg.Wait()
	ran := false
	g.Trigger(7, spawn, func(context.Context) { ran = true })
	wg.Wait()
	if !ran {
		t.Fatal("a job after a panic did not run")
	}
}

// TestNoRequestLost: however requests and runs interleave, the last
// request is always served by a run that begins after it.
func TestNoRequestLost(t *testing.T) {
	for round := range 2000 {
		var g Group
		var asked, seen atomic.Int64
		var wg sync.WaitGroup
		spawn := func(run func(context.Context)) {
			wg.Add(1)
			go func() { defer wg.Done(); run(context.Background()) }()
		}
		job := func(context.Context) { seen.Store(asked.Load()) }
		var askers sync.WaitGroup
		for range 3 {
			askers.Add(1)
			go func() {
				defer askers.Done()
				for range 3 {
					asked.Add(1)
					g.Trigger(1, spawn, job)
				}
			}()
		}
		askers.Wait()
		wg.Wait()
		if seen.Load() != asked.Load() {
			t.Fatalf("round %d: the last run saw %d requests of %d", round, seen.Load(), asked.Load())
		}
	}
}
