package nn

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestVectorsMatchGo checks that the network's loops, in assembly where
// the processor has it, give the bits of the Go versions, for every
// length up to a few hidden layers and for sums from deep in the sigmoid's
// flat tails through its clamps.
func TestVectorsMatchGo(t *testing.T) {
	if !fastVectors {
		t.Skip("the network's loops run in Go here")
	}
	rng := rand.New(rand.NewPCG(5, 8))
	vec := func(n int, scale float64) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = float32((rng.Float64()*2 - 1) * scale)
		}
		return v
	}
	same := func(a, b []float32) bool {
		for i := range a {
			if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
				return false
			}
		}
		return len(a) == len(b)
	}
	for n := 1; n <= 264; n++ {
		for range 20 {
			h, w := vec(n, 8), vec(n, 1)
			d := float32(rng.NormFloat64())
			want := append([]float32(nil), h...)
			got := append([]float32(nil), h...)
			axpyGo(want, w, d)
			axpy(got, w, d)
			if !same(got, want) {
				t.Fatalf("axpy of %d: %v, want %v", n, got, want)
			}
			if n%8 == 0 {
				w5 := vec(5*n, 1)
				var g, w [8]float32
				dots5(w5, h, &g)
				for k := range 5 {
					w[k] = dotGo(w5[k*n:], h)
				}
				if g != w {
					t.Fatalf("dots5 of %d: %v, want %v", n, g, w)
				}
			}
			{ // every length: 32 sums in registers, or row by row
				w := vec(10*n, 1)
				var rows []int32
				var ds []float32
				for range rng.IntN(12) {
					rows = append(rows, int32(rng.IntN(10)))
					ds = append(ds, float32(rng.NormFloat64()))
				}
				want := append([]float32(nil), h...)
				for r, i := range rows {
					axpyGo(want, w[int(i)*n:], ds[r])
				}
				got := make([]float32, n)
				AddRows(got, h, w, rows, ds)
				if !same(got, want) {
					t.Fatalf("addRows of %d, rows %v: %v, want %v", n, rows, got, want)
				}
			}
			s := vec(n, 20)
			for i := range s {
				switch rng.IntN(10) {
				case 0:
					s[i] = -sigmoidRange
				case 1:
					s[i] = sigmoidRange
				case 2:
					s[i] *= 1e6
				}
			}
			want, got = append([]float32(nil), s...), append([]float32(nil), s...)
			sigmoidsGo(want)
			sigmoids(got)
			if !same(got, want) {
				t.Fatalf("sigmoids of %v: %v, want %v", s, got, want)
			}
		}
	}
}
