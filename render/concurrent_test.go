package render

import (
	"bytes"
	"sync"
	"testing"
)

// drawing is a golden picture drawn once for all the tests (drawOnce).
type drawing struct {
	once sync.Once
	png  []byte
	err  error
}

// drawings holds the drawing of each golden picture's name.
var drawings sync.Map

// drawOnce returns the picture of a name, drawn by draw the first time it
// is asked for: the golden tests and drawsTheSame share the first drawing.
func drawOnce(name string, draw func() ([]byte, error)) ([]byte, error) {
	d, _ := drawings.LoadOrStore(name, new(drawing))
	dr := d.(*drawing)
	dr.once.Do(func() { dr.png, dr.err = draw() })
	return dr.png, dr.err
}

// drawsTheSame takes the first drawing of each of n pictures (drawOnce),
// then draws all of them again from four goroutines at once, each picture
// by every goroutine, and fails when a picture drawn concurrently differs
// from the first (the fonts and caches are shared).
func drawsTheSame(t *testing.T, n int, name func(i int) string, draw func(i int) ([]byte, error)) {
	t.Helper()
	want := make([][]byte, n)
	for i := range n {
		b, err := drawOnce(name(i), func() ([]byte, error) { return draw(i) })
		if err != nil {
			t.Fatal(err)
		}
		want[i] = b
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range n {
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
