package ai

import "nardi/rules"

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
// mover's view after the play) as the hard level searches: every play at
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
	cs := make([]candidate, len(results))
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
	cs = keep(filter(cs, 8, 0.16))
	for k := range cs {
		cs[k].eq = e.ply1(&results[cs[k].i], &s)
	}
	cs = keep(filter(cs, 3, 0.10))
	for k := range cs {
		cs[k].eq = e.ply2(&results[cs[k].i], &s)
	}
	best := filter(cs, len(cs), 1e9)[0]
	for _, c := range cs {
		if c.i == mine {
			v.ChosenEq = c.eq
		}
	}
	return Verdict{Best: plays[best.i], BestEq: best.eq, ChosenEq: v.ChosenEq}, true
}
