// Package keyed hands out one mutex per key, so that the work on one game,
// chat or person is done one at a time while the rest runs in parallel.
package keyed

import (
	"sync"
	"time"
)

// Locks is a set of mutexes by key; a key's mutex is forgotten once
// nobody holds or waits for it. The zero value is ready to use.
type Locks[K comparable] struct {
	mu    sync.Mutex
	locks map[K]*entry
}

type entry struct {
	sync.Mutex
	users int
}

// Lock locks key and returns the function that unlocks it.
func (k *Locks[K]) Lock(key K) (unlock func()) {
	k.mu.Lock()
	if k.locks == nil {
		k.locks = map[K]*entry{}
	}
	l := k.locks[key]
	if l == nil {
		l = &entry{}
		k.locks[key] = l
	}
	l.users++
	k.mu.Unlock()
	l.Lock()
	return func() {
		l.Unlock()
		k.mu.Lock()
		if l.users--; l.users == 0 {
			delete(k.locks, key)
		}
		k.mu.Unlock()
	}
}

// Len tells how many keys are held or waited for.
func (k *Locks[K]) Len() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.locks)
}

// WaitFree waits until nobody holds key, or d has passed, without taking
// it; it tells whether the key was free. It polls, so a waiter that gives
// up leaves nothing behind.
func (k *Locks[K]) WaitFree(key K, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for {
		k.mu.Lock()
		l := k.locks[key]
		k.mu.Unlock()
		if l == nil {
			return true
		}
		if l.TryLock() {
			l.Unlock()
			return true
		}
		if !time.Now().Before(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
}
