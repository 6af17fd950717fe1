package nn

import "golang.org/x/sys/cpu"

// fastVectors tells whether the network's loops run in assembly: on
// processors with AVX2, for lengths that are a multiple of eight (the
// shipped networks' hidden layers are).
var fastVectors = cpu.X86.HasAVX2

// axpy adds d times w to h (w at least as long as h).
func axpy(h, w []float32, d float32) {
	if fastVectors && len(h) > 0 && len(h)%8 == 0 {
		w = w[:len(h)]
		axpyAVX2(&h[0], &w[0], len(h), d)
		return
	}
	axpyGo(h, w, d)
}

// AddRows sets h to base plus ds[r] times row rows[r] of w (rows of
// len(h) floats) for each r in order, with the bits of copying base and
// calling axpy row by row.
func AddRows(h, base, w []float32, rows []int32, ds []float32) {
	if n := len(h); fastVectors && n > 0 && n%32 == 0 && len(ds) >= len(rows) {
		base = base[:n]
		for _, r := range rows {
			_ = w[(int(r)+1)*n-1] // every row within w
		}
		var r0 *int32
		var d0 *float32
		if len(rows) > 0 {
			r0, d0 = &rows[0], &ds[0]
		}
		rowsAVX2(&h[0], &base[0], &w[0], n, r0, d0, len(rows))
		return
	}
	addRowsEach(h, base, w, rows, ds)
}

// dots5 sets out[k] to dotGo(w[k*len(x):], x) for k below five: the
// outputs' sums of a hidden layer x, w the rows of their weights.
func dots5(w, x []float32, out *[8]float32) {
	if fastVectors && len(x) > 0 && len(x)%8 == 0 {
		w = w[:5*len(x)]
		dots5AVX2(&w[0], &x[0], len(x), &out[0])
		return
	}
	dots5Go(w, x, out)
}

// sigmoids replaces each sum in h by its sigmoid.
func sigmoids(h []float32) {
	if fastVectors && len(h) > 0 && len(h)%8 == 0 {
		sigmoidsAVX2(&h[0], len(h), &exp2Poly[0])
		return
	}
	sigmoidsGo(h)
}

// The assembly versions take n, a positive multiple of eight, floats from
// each pointer.

//go:noescape
func axpyAVX2(h, w *float32, n int, d float32)

//go:noescape
func sigmoidsAVX2(h *float32, n int, poly *float32)

//go:noescape
func dots5AVX2(w, x *float32, n int, out *float32)

//go:noescape
func rowsAVX2(h, base, w *float32, n int, rows *int32, ds *float32, m int)
