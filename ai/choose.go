package ai

import (
	"nardi/ai/internal/nn"
	"nardi/rules"
)

// Best0 returns the index of the play from p whose result is best for the
// mover at 0-ply (the network's static estimate), and the equities of all.
func (e *Evaluator) Best0(p rules.Position, results []rules.Position) (int, []float64) {
	var s scratch
	eqs := e.ply0(&p, results, &s, make([]float64, 0, len(results)))
	best := nn.Argmax(eqs)
	return best, eqs
}

// Judge0 returns the PR figure of 0-ply play on a judged set, played under
// the standard rules with koks counted, as the judge scores.
func Judge0(net *Net, set []JudgedPosition) (float64, error) {
	if !net.shortEncoding() {
		return 0, errNetInputs
	}
	ev := NewEvaluator(net, rules.Standard, rules.WithKoks)
	return PR(set, func(p rules.Position, d rules.Dice) rules.Position {
		_, results := rules.LegalPlays(p, d, rules.Standard)
		if len(results) == 0 {
			return p
		}
		best, _ := ev.Best0(p, results)
		return results[best]
	})
}
