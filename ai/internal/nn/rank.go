package nn

// TopIndices returns the indices of the keep largest values, largest
// first (the lower index first among equals), in buf's storage.
func TopIndices(v []float64, keep int, buf []int) []int {
	buf = buf[:0]
	for i, x := range v {
		if len(buf) == keep && x <= v[buf[keep-1]] {
			continue
		}
		if len(buf) < keep {
			buf = append(buf, i)
		}
		j := len(buf) - 1
		for ; j > 0 && x > v[buf[j-1]]; j-- {
			buf[j] = buf[j-1]
		}
		buf[j] = i
	}
	return buf
}

// Argmax returns the index of the largest value, the first of equals.
func Argmax(v []float64) int {
	best := 0
	for i, x := range v {
		if x > v[best] {
			best = i
		}
	}
	return best
}
