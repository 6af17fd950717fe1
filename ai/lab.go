package ai

import "nardi/rules"

// This file is what the supervised trainer (package ai/train) needs of the
// player's internals: the inputs a network reads, and which network of the
// evaluator judges a position.

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

// Contact tells whether some checker of one side still has to pass a
// checker of the other: without contact the race network, when there is
// one (Net.SetRace), judges the position.
func Contact(p *rules.Position) bool { return contact(p) }

// Bearoff returns the exact chances of p, the player on roll, when the
// evaluator reads them from the bear-off database instead of a network
// (both sides bearing off, each with a checker off already).
func (e *Evaluator) Bearoff(p *rules.Position) (Probs, bool) { return e.exact(p) }
