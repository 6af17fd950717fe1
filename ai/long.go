package ai

import (
	"hash/fnv"
	"math"

	"nardi/rules"
)

// LongPlayer plays long nardi. It has no trained network yet: it judges a
// position by a hand-made evaluation (the race, checkers left on the head,
// points held in front of the opponent's checkers, checkers home and
// borne off), looks one roll ahead at hard and master, and easy and medium
// add a deterministic error, as for short nardi. It never makes an illegal
// or an absurd play (a play that loses more than the level allows is never
// chosen).
type LongPlayer struct {
	Level Level
}

// longEval is the mover's standing in a long nardi position, the opponent
// to move next (r is seen from the mover): larger is better, about
// −1..+1.
func longEval(r *rules.Position) float64 {
	if r.Won() {
		return float64(rules.Long.Value(*r, rules.OinMars))
	}
	mine, theirs := r.Pips()
	// The race, with the opponent on roll (worth about 8 pips).
	race := float64(theirs-mine-8) / math.Max(20, 0.15*float64(mine+theirs))
	// Checkers still on the head are slow to bring round.
	head := float64(r.Mine[24]-r.Theirs[24]) / 15
	// Points held, and most of all a run of them in front of the
	// opponent's checkers.
	held, run, best := 0, 0, 0
	for i := 1; i <= 24; i++ {
		if r.Mine[i] >= 1 {
			held++
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	home := float64(homeCount(r.Mine)-homeCount(r.Theirs)) / 15
	off := float64(r.Mine[rules.Off]-r.Theirs[rules.Off]) / 15
	return math.Tanh(0.9*race - 0.3*head + 0.02*float64(held) + 0.06*float64(min(best, 5)) + 0.2*home + 0.8*off)
}

// homeCount counts a side's checkers in its home (points 1..6).
func homeCount(s [26]int8) int {
	n := 0
	for i := 1; i <= 6; i++ {
		n += int(s[i])
	}
	return n
}

// Choose returns the play the level makes with the roll in p (first: the
// mover's first turn), and the position it leads to; ok is false when
// nothing can be played.
func (pl LongPlayer) Choose(p rules.Position, d rules.Dice, first bool, seed uint64) (play rules.Play, result rules.Position, ok bool) {
	t := rules.Long.NewTurn(p, d, rules.Standard, first)
	plays, results := t.Plays(), t.Results()
	if len(plays) == 0 {
		return rules.Play{}, p, false
	}
	if len(plays) == 1 {
		return plays[0], results[0], true
	}
	eqs := make([]float64, len(results))
	for i := range results {
		eqs[i] = longEval(&results[i])
	}
	st := styles[pl.Level]
	if st.deep {
		// One roll ahead on the best few: the opponent answers each roll
		// with its best play by the same evaluation.
		cs := make([]candidate, len(results))
		for i, eq := range eqs {
			cs[i] = candidate{i, eq}
		}
		cs = filter(cs, min(st.keep2+2, 8), 0.3)
		for k := range cs {
			cs[k].eq = longAhead(&results[cs[k].i])
		}
		best := filter(cs, 1, 0)[0].i
		return plays[best], results[best], true
	}
	h := fnv.New64a()
	var buf [8]byte
	for i := range buf {
		buf[i] = byte(seed >> (8 * i))
	}
	h.Write(buf[:])
	h.Write([]byte(p.PositionID()))
	best, bestScore := 0, math.Inf(-1)
	top := math.Inf(-1)
	for _, eq := range eqs {
		top = max(top, eq)
	}
	for i, eq := range eqs {
		if top-eq > st.maxLoss {
			continue
		}
		h.Write([]byte{byte(i)})
		u := float64(h.Sum64()%1_000_000)/1_000_000 - 0.5
		if score := eq + u*2*st.noise; score > bestScore {
			best, bestScore = i, score
		}
	}
	return plays[best], results[best], true
}

// longAhead averages, over the opponent's 21 rolls, the mover's standing
// after the opponent's best answer (the mover on roll again).
func longAhead(r *rules.Position) float64 {
	if r.Won() {
		return longEval(r)
	}
	opp := r.Swap()
	total := 0.0
	var g rules.LongGenerator
	for _, roll := range rules.Rolls {
		_, replies := g.Plays(opp, roll.Dice, false)
		best := math.Inf(-1)
		if len(replies) == 0 {
			best = -longEval(r) // the opponent passes
		}
		for i := range replies {
			best = max(best, longEval(&replies[i]))
		}
		total += float64(roll.Weight) * -best
	}
	return total / 36
}
