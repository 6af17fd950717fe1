package keyed

import (
	"sync"
	"testing"
	"time"
)

func TestOneAtATimePerKeyAndForgotten(t *testing.T) {
	var l Locks[int]
	var wg sync.WaitGroup
	var counts [3]int
	for i := range 200 {
		wg.Go(func() {
			unlock := l.Lock(i % 3)
			counts[i%3]++ // safe only if the key's lock is exclusive
			unlock()
		})
	}
	wg.Wait()
	if counts[0]+counts[1]+counts[2] != 200 {
		t.Fatalf("counts %v", counts)
	}
	if n := l.Len(); n != 0 {
		t.Fatalf("%d locks remembered", n)
	}
}

// TestWaitFree: a free key is free at once; a held one is waited for until
// it is let go, or given up on after the time allowed, leaving nothing.
func TestWaitFree(t *testing.T) {
	var k Locks[int]
	if !k.WaitFree(1, 0) {
		t.Fatal("a key nobody holds is not free")
	}
	unlock := k.Lock(1)
	if k.WaitFree(1, 30*time.Millisecond) {
		t.Fatal("a held key was free")
	}
	go func() {
		time.Sleep(20 * time.Millisecond)
		unlock()
	}()
	if !k.WaitFree(1, 5*time.Second) {
		t.Fatal("the key let go was not seen free")
	}
	if k.Len() != 0 {
		t.Errorf("%d keys left behind", k.Len())
	}
}
