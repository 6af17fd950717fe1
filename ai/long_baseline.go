package ai

import (
	"math"
	"math/rand/v2"

	"nardi/rules"
)

// LongHeuristic is a baseline long nardi player for measuring the levels
// against: it takes the play whose result scores best by a hand-made
// evaluation (the race, checkers left on the head, points held and the
// longest run of them, checkers home and off), looking no further.
type LongHeuristic struct{}

// Choose returns the heuristic's play.
func (LongHeuristic) Choose(p rules.Position, d rules.Dice, first bool, _ uint64) (rules.Play, rules.Position, bool) {
	t := rules.Long.NewTurn(p, d, rules.Standard, first)
	plays, results := t.Plays(), t.Results()
	if len(plays) == 0 {
		return rules.Play{}, p, false
	}
	best, at := math.Inf(-1), 0
	for i := range results {
		if v := handEval(&results[i]); v > best {
			best, at = v, i
		}
	}
	return plays[at], results[at], true
}

// handEval is the mover's standing after a play, the opponent to move
// next: larger is better.
func handEval(r *rules.Position) float64 {
	if r.Won() {
		return 10 * float64(rules.Long.Value(*r, rules.OinMars))
	}
	mine, theirs := r.Pips()
	race := float64(theirs-mine-8) / math.Max(20, 0.15*float64(mine+theirs))
	head := float64(r.Mine[24]-r.Theirs[24]) / 15
	held := 0
	for i := 1; i <= 24; i++ {
		if r.Mine[i] > 0 {
			held++
		}
	}
	home := float64(homeCount(r.Mine)-homeCount(r.Theirs)) / 15
	off := float64(r.Mine[rules.Off]-r.Theirs[rules.Off]) / 15
	return 0.9*race - 0.3*head + 0.02*float64(held) + 0.06*float64(min(longestRun(&r.Mine), 5)) + 0.2*home + 0.8*off
}

// LongRandom is a baseline long nardi player that takes a legal play at
// random (by the seed, the position and the roll, so games replay).
type LongRandom struct{}

// Choose returns a random legal play.
func (LongRandom) Choose(p rules.Position, d rules.Dice, first bool, seed uint64) (rules.Play, rules.Position, bool) {
	t := rules.Long.NewTurn(p, d, rules.Standard, first)
	plays, results := t.Plays(), t.Results()
	if len(plays) == 0 {
		return rules.Play{}, p, false
	}
	h := uint64(d[0]*6 + d[1])
	for _, c := range p.Mine[1:25] {
		h = h*31 + uint64(c)
	}
	i := rand.New(rand.NewPCG(seed, h)).IntN(len(plays))
	return plays[i], results[i], true
}
