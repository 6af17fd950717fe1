package ai

// The network's inner loops, unrolled by eight with the slices cut to one
// length so the compiler drops the bounds checks: most of the time of a
// search goes here.

// axpy adds d times w to h (w at least as long as h).
func axpy(h, w []float32, d float32) {
	w = w[:len(h)]
	j := 0
	for ; j+8 <= len(h); j += 8 {
		hh, ww := h[j:j+8:j+8], w[j:j+8:j+8]
		hh[0] += d * ww[0]
		hh[1] += d * ww[1]
		hh[2] += d * ww[2]
		hh[3] += d * ww[3]
		hh[4] += d * ww[4]
		hh[5] += d * ww[5]
		hh[6] += d * ww[6]
		hh[7] += d * ww[7]
	}
	for ; j < len(h); j++ {
		h[j] += d * w[j]
	}
}

// add adds w to h (w at least as long as h).
func add(h, w []float32) {
	w = w[:len(h)]
	j := 0
	for ; j+8 <= len(h); j += 8 {
		hh, ww := h[j:j+8:j+8], w[j:j+8:j+8]
		hh[0] += ww[0]
		hh[1] += ww[1]
		hh[2] += ww[2]
		hh[3] += ww[3]
		hh[4] += ww[4]
		hh[5] += ww[5]
		hh[6] += ww[6]
		hh[7] += ww[7]
	}
	for ; j < len(h); j++ {
		h[j] += w[j]
	}
}

// dot returns the sum of w[j]*x[j] over x (w at least as long as x), in
// four partial sums.
func dot(w, x []float32) float32 {
	w = w[:len(x)]
	var s0, s1, s2, s3 float32
	j := 0
	for ; j+8 <= len(x); j += 8 {
		xx, ww := x[j:j+8:j+8], w[j:j+8:j+8]
		s0 += ww[0]*xx[0] + ww[4]*xx[4]
		s1 += ww[1]*xx[1] + ww[5]*xx[5]
		s2 += ww[2]*xx[2] + ww[6]*xx[6]
		s3 += ww[3]*xx[3] + ww[7]*xx[7]
	}
	for ; j < len(x); j++ {
		s0 += w[j] * x[j]
	}
	return (s0 + s1) + (s2 + s3)
}
