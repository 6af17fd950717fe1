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
