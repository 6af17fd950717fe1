package table

import (
	"context"
	"slices"
	"sync"
)

// priority orders the work that waits for a thinking slot.
type priority int

const (
	// urgent work is a player's game waiting: the computer's move or cube
	// decision.
	urgent priority = iota
	// idle work waits for nobody's turn: a review. It gets a slot only
	// while no urgent work waits, and takes one decision at a time, so
	// that a computer's move waits at most for one judgement.
	idle
	priorities
)

// slots are the thinking slots: the searches that may run at once (one a
// core but one, so that players' taps always find a free core). A slot
// freed goes to the urgent work waiting first, in arrival order, and to
// idle work only when none is. The zero value has no slot; use newSlots.
type slots struct {
	mu      sync.Mutex
	free    int
	waiting [priorities][]chan struct{}
}

// newSlots makes n slots (at least one).
func newSlots(n int) *slots { return &slots{free: max(1, n)} }

// acquire waits for a slot, or for ctx to end (then it holds none and
// returns ctx's error). Every nil return must be paired with release.
func (s *slots) acquire(ctx context.Context, p priority) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	if s.free > 0 && s.nobodyBefore(p) {
		s.free--
		s.mu.Unlock()
		return nil
	}
	turn := make(chan struct{})
	s.waiting[p] = append(s.waiting[p], turn)
	s.mu.Unlock()
	select {
	case <-turn:
		return nil
	case <-ctx.Done():
	}
	s.mu.Lock()
	if i := slices.Index(s.waiting[p], turn); i >= 0 {
		s.waiting[p] = slices.Delete(s.waiting[p], i, i+1)
		s.mu.Unlock()
		return ctx.Err()
	}
	s.mu.Unlock()
	s.release() // handed a slot just as ctx ended: pass it on
	return ctx.Err()
}

// nobodyBefore tells whether no work of priority p or more urgent waits.
func (s *slots) nobodyBefore(p priority) bool {
	for q := urgent; q <= p; q++ {
		if len(s.waiting[q]) > 0 {
			return false
		}
	}
	return true
}

// release frees a slot, handing it to the most urgent work waiting.
func (s *slots) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for p := range s.waiting {
		if len(s.waiting[p]) > 0 {
			turn := s.waiting[p][0]
			s.waiting[p] = s.waiting[p][1:]
			close(turn)
			return
		}
	}
	s.free++
}

// idly runs f in a slot of idle priority (after every urgent work
// waiting), or returns ctx's error if ctx ends first.
func (s *slots) idly(ctx context.Context, f func()) error {
	if err := s.acquire(ctx, idle); err != nil {
		return err
	}
	defer s.release()
	f()
	return nil
}
