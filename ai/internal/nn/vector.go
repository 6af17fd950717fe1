package nn

// The network's inner loops. On amd64 with AVX2 they run in assembly
// (vector_amd64.s), eight lanes at a time; the Go versions here are the
// reference and the fallback, written so that both give the same bits:
// each product is rounded before it is added (the float32 conversions
// forbid fused multiply-adds), and dotGo keeps eight partial sums that it
// adds up in the order the assembly does.

// axpyGo adds d times w to h (w at least as long as h).
func axpyGo(h, w []float32, d float32) {
	w = w[:len(h)]
	j := 0
	for ; j+8 <= len(h); j += 8 {
		hh, ww := h[j:j+8:j+8], w[j:j+8:j+8]
		hh[0] += float32(d * ww[0])
		hh[1] += float32(d * ww[1])
		hh[2] += float32(d * ww[2])
		hh[3] += float32(d * ww[3])
		hh[4] += float32(d * ww[4])
		hh[5] += float32(d * ww[5])
		hh[6] += float32(d * ww[6])
		hh[7] += float32(d * ww[7])
	}
	for ; j < len(h); j++ {
		h[j] += float32(d * w[j])
	}
}

// dotGo returns the sum of w[j]*x[j] over x (w at least as long as x), in
// eight partial sums, one a lane.
func dotGo(w, x []float32) float32 {
	w = w[:len(x)]
	var s0, s1, s2, s3, s4, s5, s6, s7 float32
	j := 0
	for ; j+8 <= len(x); j += 8 {
		xx, ww := x[j:j+8:j+8], w[j:j+8:j+8]
		s0 += float32(ww[0] * xx[0])
		s1 += float32(ww[1] * xx[1])
		s2 += float32(ww[2] * xx[2])
		s3 += float32(ww[3] * xx[3])
		s4 += float32(ww[4] * xx[4])
		s5 += float32(ww[5] * xx[5])
		s6 += float32(ww[6] * xx[6])
		s7 += float32(ww[7] * xx[7])
	}
	for ; j < len(x); j++ {
		s0 += float32(w[j] * x[j])
	}
	return ((s0 + s4) + (s2 + s6)) + ((s1 + s5) + (s3 + s7))
}

// addRowsEach sets h to base plus ds[r] times row rows[r] of w (rows of
// len(h) floats) for each r in order, one axpy a row.
func addRowsEach(h, base, w []float32, rows []int32, ds []float32) {
	copy(h, base)
	for r, i := range rows {
		axpy(h, w[int(i)*len(h):], ds[r])
	}
}

// dots5Go sets out[k] to dotGo(w[k*len(x):], x) for k below five.
func dots5Go(w, x []float32, out *[8]float32) {
	for k := range 5 {
		out[k] = dotGo(w[k*len(x):], x)
	}
}

// sigmoidsGo replaces each sum in h by its sigmoid.
func sigmoidsGo(h []float32) {
	for j := range h {
		h[j] = sigmoid(h[j])
	}
}
