package render

import (
	"bytes"
	"sync"
	"testing"
)

// drawsTheSame draws each of n pictures once, then all of them again from
// four goroutines at once, and fails when a picture drawn concurrently
// differs from the first (the fonts and caches are shared).
func drawsTheSame(t *testing.T, n int, name func(i int) string, draw func(i int) ([]byte, error)) {
	t.Helper()
	want := make([][]byte, n)
	for i := range n {
		b, err := draw(i)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = b
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 2 * n {
				j := (i + g) % n
				b, err := draw(j)
				if err != nil {
					t.Error(err)
					return
				}
				if !bytes.Equal(b, want[j]) {
					t.Errorf("%s differs when drawn concurrently", name(j))
				}
			}
		})
	}
	wg.Wait()
}
