package ai

import "nardi/rules"

// Luck, as backgammon programs count it: what a roll gave the player on
// roll against the average roll in the same position. For each of the 36
// rolls (21 distinct, the plain ones twice) the mover's equity after the
// best play at 0-ply; a roll's luck is its equity less the average of
// them all, so that the rolls of a position add up to zero.

// Story is what a review draws of one turn: the luck of its roll and the
// mover's chances before it.
type Story struct {
	Luck float64 // the roll's luck, in equity, for the mover
	Win  float64 // the mover's chance to win, before the roll
}

// rollsWeighted calls f for each distinct roll with its weight in 36.
func rollsWeighted(f func(d rules.Dice, w float64)) {
	for a := 1; a <= 6; a++ {
		for b := a; b <= 6; b++ {
			w := 2.0
			if a == b {
				w = 1
			}
			f(rules.Dice{a, b}, w)
		}
	}
}

// luckOf is the luck of roll d from each roll's best equity (best).
func luckOf(d rules.Dice, best func(d rules.Dice) float64) float64 {
	var sum float64
	rolled := 0.0
	rollsWeighted(func(r rules.Dice, w float64) {
		eq := best(r)
		sum += w * eq
		if r == d || (rules.Dice{d[1], d[0]}) == r {
			rolled = eq
		}
	})
	return rolled - sum/36
}

// Story tells a short or classic game's turn: the luck of the roll d in
// p (the mover before rolling) and the mover's chance to win then.
func (e *Evaluator) Story(p rules.Position, d rules.Dice) Story {
	best := func(r rules.Dice) float64 {
		_, results := rules.LegalPlays(p, r, e.Rules)
		if len(results) == 0 {
			return e.Evaluate(p.Swap()).flip().Equity(e.Scoring) // no play: as it stands, the other to roll
		}
		i, eqs := e.Best0(p, results)
		return eqs[i]
	}
	return Story{Luck: luckOf(d, best), Win: float64(e.Evaluate(p)[OutWin])}
}

// Story tells a long nardi turn as Evaluator.Story does; first is the
// mover's first turn (two checkers may leave the head on some doubles).
func (e *LongEvaluator) Story(p rules.Position, d rules.Dice, first bool) Story {
	var s longScratch
	best := func(r rules.Dice) float64 {
		results := rules.Long.NewTurn(p, r, rules.Standard, first).Results()
		if len(results) == 0 {
			results = []rules.Position{p}
		}
		top := e.afterPlay(&results[0], &s)
		for i := 1; i < len(results); i++ {
			top = max(top, e.afterPlay(&results[i], &s))
		}
		return top
	}
	return Story{Luck: luckOf(d, best), Win: float64(e.Evaluate(p)[OutWin])}
}
