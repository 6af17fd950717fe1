package table

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestSlotsPriority: a slot freed goes to the urgent work waiting before
// any idle work, whatever their order of arrival; idle work waits behind
// urgent work even when a slot is free; a wait ends with its context and
// holds nothing after.
func TestSlotsPriority(t *testing.T) {
	s := newSlots(1)
	if err := s.acquire(context.Background(), urgent); err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 3)
	waitFor := func(p priority, name string) {
		go func() {
			if err := s.acquire(context.Background(), p); err != nil {
				t.Error(err)
				return
			}
			got <- name
		}()
	}
	waitFor(idle, "review 1")
	waitQueued(t, s, idle, 1)
	waitFor(idle, "review 2")
	waitQueued(t, s, idle, 2)
	waitFor(urgent, "computer")
	waitQueued(t, s, urgent, 1)
	for _, want := range []string{"computer", "review 1", "review 2"} {
		s.release()
		if name := <-got; name != want {
			t.Fatalf("the slot went to %s, want %s", name, want)
		}
	}
	// An idle wait given up: it holds nothing, the slot still serves.
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error)
	go func() { errc <- s.acquire(ctx, idle) }()
	waitQueued(t, s, idle, 1)
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled wait returned %v", err)
	}
	s.release()
	done, stop := context.WithTimeout(context.Background(), time.Second)
	defer stop()
	if err := s.acquire(done, urgent); err != nil {
		t.Fatalf("the slot was lost with the cancelled wait: %v", err)
	}
	// Idle work does not pass urgent work waiting, even for a free slot.
	waitFor(urgent, "computer")
	waitQueued(t, s, urgent, 1)
	s.mu.Lock()
	s.free++ // as if a second slot were free
	s.mu.Unlock()
	short, stop2 := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer stop2()
	if err := s.acquire(short, idle); err == nil {
		t.Fatal("a review took a free slot while a computer's move waited")
	}
	s.release()
	if name := <-got; name != "computer" {
		t.Fatalf("the slot went to %s", name)
	}
}

// waitQueued waits until n works of a priority wait.
func waitQueued(t *testing.T, s *slots, p priority, n int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		s.mu.Lock()
		k := len(s.waiting[p])
		s.mu.Unlock()
		if k == n {
			return
		}
	}
	t.Fatalf("%d waiting, want %d", len(s.waiting[p]), n)
}
