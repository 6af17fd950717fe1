package ai

// pruneKeep is how many plays, ranked by the pruner, the network itself
// judges when a search looks for the best play of a roll (unless a
// level's style asks for more: see Evaluator.withKeep).
const pruneKeep = 4

// pruneShare is how many of the pruner's evaluations a search's work
// counts as one of the network's.
const pruneShare = 4

// topIndices returns the indices of the keep largest values, largest
// first (the lower index first among equals), in buf's storage.
func topIndices(v []float64, keep int, buf []int) []int {
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
