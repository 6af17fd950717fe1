package ai

import "nardi/ai/internal/nn"

import "nardi/rules"

// This file is what the lab (package ai/train) needs of the player: the
// inputs a network reads, which network judges a position, and a teacher
// that finds and values plays as the evaluators do.

// Features appends to rows and vals the network's non-zero inputs for p,
// the player on roll (input index and value, each input at most once), as
// the network reads them when it evaluates p, and returns the two slices.
// A network of LongInputs inputs reads p as a long nardi position.
func (n *Net) Features(p *rules.Position, rows []int32, vals []float32) ([]int32, []float32) {
	var f features
	if n.Inputs == LongInputs {
		f.encodeLong(p)
	} else {
		n.encode(&f, p)
	}
	return append(rows, f.rows[:f.n]...), append(vals, f.vals[:f.n]...)
}

// Short tells whether the network reads short nardi's inputs (NumInputs,
// and perhaps the extra inputs after them).
func (n *Net) Short() bool { return n.shortEncoding() }

// Contact tells whether some checker of one side still has to pass a
// checker of the other: without contact the race network, when there is
// one (Net.SetRace), judges the position.
func Contact(p *rules.Position) bool { return contact(p) }

// Late tells whether a position with contact is late, a side near home:
// the late network, when there is one (Net.SetLate), judges it.
func Late(p *rules.Position) bool { return isLate(p) }

// Bearoff returns the exact chances of p, the player on roll, when the
// evaluator reads them from the bear-off database instead of a network
// (both sides bearing off, each with a checker off already).
func (e *Evaluator) Bearoff(p *rules.Position) (Probs, bool) { return e.exact(p) }

// Teacher is one goroutine's handle on an evaluator for the lab's
// self-play: it lists, ranks and values plays at 0-ply as the evaluator
// does, keeping its working memory from call to call. What it returns
// lives until its next call. It is not safe for concurrent use.
type Teacher struct {
	e  *Evaluator     // short nardi's, or nil
	le *LongEvaluator // long nardi's, or nil
	s  scratch
	ls longScratch
}

// NewTeacher returns a teacher judging as e does.
func NewTeacher(e *Evaluator) *Teacher { return &Teacher{e: e} }

// NewLongTeacher returns a teacher judging long nardi as e does.
func NewLongTeacher(e *LongEvaluator) *Teacher { return &Teacher{le: e} }

// Results returns the positions the plays of roll d lead to from p, the
// mover on roll (long nardi's first turn told by the head's checkers).
func (t *Teacher) Results(p rules.Position, d rules.Dice) []rules.Position {
	if t.le != nil {
		_, results := t.ls.gen.Plays(p, d, longFirst(&p.Mine))
		return results
	}
	return t.s.gen.Results(p, d, t.e.Rules)
}

// Ply0 returns the mover's equities at 0-ply of results, the positions
// of plays from p (short nardi).
func (t *Teacher) Ply0(p *rules.Position, results []rules.Position) []float64 {
	t.s.eqs = t.e.ply0(p, results, &t.s, t.s.eqs)
	return t.s.eqs
}

// Best0 returns the index of the best of results, plays from p, at 0-ply:
// the first of the best equities.
func (t *Teacher) Best0(p *rules.Position, results []rules.Position) int {
	if t.le != nil {
		_, best := t.le.best0(results, &t.ls)
		return best
	}
	return nn.Argmax(t.Ply0(p, results))
}

// Probs returns the chances of the player on roll in p.
func (t *Teacher) Probs(p *rules.Position) Probs {
	if t.le != nil {
		return t.le.probs(p, &t.ls)
	}
	return t.e.probs(p, &t.s)
}

// Near returns the chances of o, the opponent on roll after a play from
// p, by the network of p's phase, worked out from the last Ply0 of p as
// the searches do (short nardi).
func (t *Teacher) Near(p, o *rules.Position) Probs {
	t.e.Net.forPos(p).forwardNear(&t.s.b, o, &t.s.a)
	pr := Probs(t.s.a.out)
	pr.tidy()
	return pr
}

// Bearoff is Evaluator.Bearoff (short nardi).
func (t *Teacher) Bearoff(p *rules.Position) (Probs, bool) { return t.e.exact(p) }

// RollProbs is Evaluator.RollProbs (short nardi).
func (t *Teacher) RollProbs(p rules.Position) Probs { return t.e.rollProbs(&p, &t.s, false) }

// SearchProbs is Evaluator.SearchProbs (short nardi).
func (t *Teacher) SearchProbs(p *rules.Position) Probs { return t.e.rollProbs(p, &t.s, true) }

// Equity is the evaluator's equity of chances of the player on roll (in
// a money game under the evaluator's scoring).
func (t *Teacher) Equity(pr Probs) float64 { return t.e.equity(pr) }

// Flip returns the same chances seen from the other player.
func (p Probs) Flip() Probs { return p.flip() }

// Tidy makes the chances consistent: a koks is a mars, a mars is a win.
func (p *Probs) Tidy() { p.tidy() }
