package table

import (
	"context"
	"slices"
	"sync"
	"time"
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
// freed goes to the urgent work waiting first, in the order its players
// finished their turns (so nobody is overtaken), and to idle work only
// when none is. The zero value has no slot; use newSlots.
//
// Urgent work has a deadline, from the moment its player finished: a
// slot comes with the time its holder should be done by, its deadline or
// sooner when others wait, so that each of them may meet theirs too (see
// grant). A search that cannot finish in time shortens itself; the
// deeper levels, whose searches are the longest, shorten first.
type slots struct {
	mu      sync.Mutex
	n       int // slots in all
	free    int
	waiting [priorities][]*waiter
}

// waiter is work waiting for a slot: since its player finished their
// turn, due by its deadline (zero: none), told on turn of the slot it is
// given and the time it should be done by.
type waiter struct {
	since, deadline time.Time
	turn            chan time.Time
}

// newSlots makes n slots (at least one).
func newSlots(n int) *slots { return &slots{n: max(1, n), free: max(1, n)} }

// acquire waits for a slot, or for ctx to end (then it holds none and
// returns ctx's error). Every nil return must be paired with release.
func (s *slots) acquire(ctx context.Context, p priority) error {
	_, err := s.acquireBy(ctx, p, time.Now(), time.Time{})
	return err
}

// acquireBy waits for a slot for work that has waited since a time (its
// place in the queue among work of its priority) and is due by deadline
// (zero: none), or for ctx to end (then it holds none and returns ctx's
// error). It returns the time the work should be done by (zero when it
// has no deadline; see grant). Every nil error must be paired with
// release.
func (s *slots) acquireBy(ctx context.Context, p priority, since, deadline time.Time) (time.Time, error) {
	if err := ctx.Err(); err != nil {
		return time.Time{}, err
	}
	w := &waiter{since: since, deadline: deadline, turn: make(chan time.Time, 1)}
	s.mu.Lock()
	if s.free > 0 && s.nobodyBefore(p) {
		s.free--
		stop := s.grant(w, time.Now())
		s.mu.Unlock()
		return stop, nil
	}
	q := s.waiting[p]
	i := len(q)
	for i > 0 && q[i-1].since.After(since) {
		i--
	}
	s.waiting[p] = slices.Insert(q, i, w)
	s.mu.Unlock()
	select {
	case stop := <-w.turn:
		return stop, nil
	case <-ctx.Done():
	}
	s.mu.Lock()
	if i := slices.Index(s.waiting[p], w); i >= 0 {
		s.waiting[p] = slices.Delete(s.waiting[p], i, i+1)
		s.mu.Unlock()
		return time.Time{}, ctx.Err()
	}
	s.mu.Unlock()
	s.release() // handed a slot just as ctx ended: pass it on
	return time.Time{}, ctx.Err()
}

// grant returns the time work given a slot at now should be done by: its
// deadline, or sooner, so that the urgent work waiting may still meet
// theirs if each takes as long. The k-th in line (from 0) starts once
// the n slots have served the k+1 before it, k/n+1 turns of a slot, so it
// needs the holder's turn to take at most (its deadline − now)/(k/n+2).
// Work without a deadline, or late already, is given now: the least its
// search can do.
func (s *slots) grant(w *waiter, now time.Time) time.Time {
	if w.deadline.IsZero() {
		return time.Time{}
	}
	stop := w.deadline
	for k, o := range s.waiting[urgent] {
		if o.deadline.IsZero() {
			continue
		}
		share := o.deadline.Sub(now) / time.Duration(k/s.n+2)
		if t := now.Add(share); t.Before(stop) {
			stop = t
		}
	}
	if stop.Before(now) {
		return now
	}
	return stop
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
			w := s.waiting[p][0]
			s.waiting[p] = s.waiting[p][1:]
			w.turn <- s.grant(w, time.Now())
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
