package table

import (
	"context"
	"testing"
	"time"
)

// TestSlotsInFinishOrder: urgent work is served in the order its players
// finished their turns, whatever the order it asked in; each is given its
// deadline when nobody waits behind it, and a share of what is left
// before the deadlines of those behind when some do.
func TestSlotsInFinishOrder(t *testing.T) {
	s := newSlots(1)
	if err := s.acquire(context.Background(), urgent); err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	type granted struct {
		name string
		stop time.Time
	}
	got := make(chan granted, 3)
	ask := func(name string, since time.Time) {
		go func() {
			stop, err := s.acquireBy(context.Background(), urgent, since, since.Add(time.Hour))
			if err != nil {
				t.Error(err)
				return
			}
			got <- granted{name, stop}
		}()
	}
	ask("late", t0.Add(2*time.Second))
	waitQueued(t, s, urgent, 1)
	ask("early", t0)
	waitQueued(t, s, urgent, 2)
	ask("middle", t0.Add(time.Second))
	waitQueued(t, s, urgent, 3)
	for i, want := range []string{"early", "middle", "late"} {
		s.release()
		g := <-got
		if g.name != want {
			t.Fatalf("the slot went to %s, want %s", g.name, want)
		}
		since := map[string]time.Time{"early": t0, "middle": t0.Add(time.Second), "late": t0.Add(2 * time.Second)}[g.name]
		deadline := since.Add(time.Hour)
		if i < 2 {
			// Someone waits behind: the holder is given less than its
			// own deadline, at most half of the next one's time left.
			if !g.stop.Before(deadline) || g.stop.After(time.Now().Add(31*time.Minute)) {
				t.Errorf("%s given until %v with others waiting (deadline %v)", g.name, g.stop, deadline)
			}
		} else if !g.stop.Equal(deadline) {
			t.Errorf("%s, last, given until %v, want its deadline %v", g.name, g.stop, deadline)
		}
	}
	s.release()
	// Work already late is given now: the least its search can do.
	stop, err := s.acquireBy(context.Background(), urgent, t0.Add(-time.Hour), t0.Add(-time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if stop.Before(t0) || stop.After(time.Now()) {
		t.Errorf("late work given until %v", stop)
	}
	s.release()
}
