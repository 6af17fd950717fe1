package train

import (
	"math"

	"nardi/ai"
)

// RankError measures how a network orders the plays of a roll, on groups
// of candidates (samples sharing a Group ≥ 0, one after the other): in
// each group of two or more, the mover picks the candidate the network
// values least for the opponent, and the error is the teacher's equity of
// that candidate less the teacher's least, in cubeless money equity. It
// returns the mean error over the groups, times 500 as gnubg's PR counts
// it, and the number of groups.
func RankError(n *ai.Net, samples []Sample) (float64, int) {
	var ps pass
	return rankError(samples, func(s *Sample) float64 {
		ps.forward(n, &s.Pos)
		return ps.equity()
	})
}

// SearchRankError is RankError with each candidate valued two rolls ahead,
// as the master level's 2-ply values it (ai.Evaluator.SearchProbs).
func SearchRankError(ev *ai.Evaluator, samples []Sample) (float64, int) {
	return rankError(samples, func(s *Sample) float64 { return ev.SearchProbs(s.Pos).Equity(ev.Scoring) })
}

// rankError is RankError with the candidates valued for the opponent by
// value.
func rankError(samples []Sample, value func(*Sample) float64) (float64, int) {
	sum, groups := 0.0, 0
	for i := 0; i < len(samples); {
		j := unitEnd(samples, i)
		if j-i >= 2 {
			pick, pickEq, best := -1, math.Inf(1), math.Inf(1)
			for k := i; k < j; k++ {
				if e := value(&samples[k]); e < pickEq {
					pick, pickEq = k, e
				}
				best = min(best, samples[k].Equity())
			}
			sum += samples[pick].Equity() - best
			groups++
		}
		i = j
	}
	if groups == 0 {
		return 0, 0
	}
	return 500 * sum / float64(groups), groups
}
