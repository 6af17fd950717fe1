package keyed

import (
	"sync"
	"testing"
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
