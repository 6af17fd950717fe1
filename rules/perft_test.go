package rules

import "testing"

func TestPerft(t *testing.T) {
	want := []int64{1, 447, 202782}
	for depth, n := range want {
		if got := Perft(Start(), depth, Standard); got != n {
			t.Errorf("perft(%d) = %d, want %d", depth, got, n)
		}
	}
}

// BenchmarkPerft3 counts the 116,154,993 positions three half-turns from the
// start.
func BenchmarkPerft3(b *testing.B) {
	for b.Loop() {
		if got := Perft(Start(), 3, Standard); got != 116154993 {
			b.Fatalf("perft(3) = %d", got)
		}
	}
}
