package ai

import (
	"slices"

	"nardi/rules"
)

// Verdict is the judgement of one play: the best play the search finds,
// and the equities of the best and of the play made, for the mover, at
// the same depth.
type Verdict struct {
	Best             rules.Play
	BestEq, ChosenEq float64
}

// Loss is what the play made gave away, never below zero.
func (v Verdict) Loss() float64 { return max(0, v.BestEq-v.ChosenEq) }

// Judge weighs the play that led from p with the dice to chosen (the
// mover's view after the play) as the master level searches: every play at
// 0-ply, the best eight one roll deeper, the best three two rolls deeper,
// the play made always among them. ok is false when the roll allowed one
// result only (there was no decision).
func (e *Evaluator) Judge(p rules.Position, d rules.Dice, chosen rules.Position) (v Verdict, ok bool) {
	plays, results := rules.LegalPlays(p, d, e.Rules)
	if len(results) < 2 {
		return Verdict{}, false
	}
	mine := -1
	for i, r := range results {
		if r == chosen {
			mine = i
		}
	}
	if mine < 0 {
		return Verdict{}, false // not a legal result: nothing to judge
	}
	var s scratch
	eqs := e.ply0(&p, results, &s, nil)
	best, bestEq, chosenEq := judgeSearch(eqs, mine,
		func(i int) float64 { return e.ply1(&results[i], &s) },
		func(i int) float64 { return e.ply2(&results[i], &s) })
	return Verdict{Best: plays[best], BestEq: bestEq, ChosenEq: chosenEq}, true
}

// judgeSearch is the judge's search over plays with 0-ply equities eqs:
// the best eight (within 0.16) judged by deeper[0], the best three of
// those (within 0.10) by deeper[1], the play made (index mine) always
// kept among them. It returns the best play and the equities of the best
// and of the play made, at the same depth.
func judgeSearch(eqs []float64, mine int, deeper ...func(i int) float64) (best int, bestEq, chosenEq float64) {
	cs := make([]candidate, len(eqs))
	for i, eq := range eqs {
		cs[i] = candidate{i, eq}
	}
	keep := func(cs []candidate) []candidate {
		for _, c := range cs {
			if c.i == mine {
				return cs
			}
		}
		return append(cs, candidate{mine, eqs[mine]})
	}
	for k, eval := range deeper {
		if k == 0 {
			cs = keep(filter(cs, 8, 0.16))
		} else {
			cs = keep(filter(cs, 3, 0.10))
		}
		for j := range cs {
			cs[j].eq = eval(cs[j].i)
		}
	}
	top := filter(cs, len(cs), 1e9)[0]
	for _, c := range cs {
		if c.i == mine {
			chosenEq = c.eq
		}
	}
	return top.i, top.eq, chosenEq
}

// Judge weighs a long nardi play as Evaluator.Judge does a short nardi
// one (first: the mover's first turn): every play at 0-ply, the best
// eight one roll deeper, the best three two rolls deeper.
func (e *LongEvaluator) Judge(p rules.Position, d rules.Dice, first bool, chosen rules.Position) (v Verdict, ok bool) {
	t := rules.Long.NewTurn(p, d, rules.Standard, first)
	plays, results := t.Plays(), t.Results()
	mine := slices.Index(results, chosen)
	if len(results) < 2 || mine < 0 {
		return Verdict{}, false
	}
	var s longScratch
	eqs := make([]float64, len(results))
	for i := range results {
		eqs[i] = e.afterPlay(&results[i], &s)
	}
	best, bestEq, chosenEq := judgeSearch(eqs, mine,
		func(i int) float64 { return e.ahead(&results[i], 1, &s) },
		func(i int) float64 { return e.ahead(&results[i], 2, &s) })
	return Verdict{Best: plays[best], BestEq: bestEq, ChosenEq: chosenEq}, true
}
