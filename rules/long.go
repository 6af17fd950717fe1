package rules

import (
	"fmt"
	"slices"
)

// Long is long nardi: 15 checkers a side on its own head (its point 24),
// both sides moving the same way round, each from its 24 down to its 1, no
// hitting and no bar. A checker may not stop on a point where any opposing
// checker stands (it may pass over one); only one checker may leave the
// head in a turn, two on a side's first turn with 6-6, 4-4 or 3-3; no side
// may hold six points in a row along the opponent's path unless an
// opposing checker is already past them, a rule judged after every single
// step. Dice, doubles and bearing off are as in backgammon (GNU
// Backgammon's standard rules: the rule set's pip rule does not apply).
// A won game is worth oin 1 or mars 2, never more.
//
// The mover's point i is the opponent's ((i+11) mod 24) + 1. Position
// keeps its meaning (each side's points in its own numbering; Bar stays
// empty), but Position.Apply, Position.Validate, ParsePositionID and
// Position.String assume short nardi's geometry: use Turn.PositionAfter,
// ValidateFor and ParsePositionIDFor with long positions.
var Long Variant = long{}

// long implements Long with its own generator (long_generate.go).
type long struct{}

func (long) Name() string { return "long" }

// Start returns 15 checkers on each side's head: Position ID AACA/z8AAID/Pw.
func (long) Start() Position {
	var p Position
	p.Mine[24], p.Theirs[24] = Checkers, Checkers
	return p
}

func (long) Facing(i int) int { return longFacing(i) }

// longFacing is the opponent's number of the mover's point i (1..24), and
// the mover's number of the opponent's point i: the map is its own inverse.
func longFacing[T int | int8](i T) T { return (i+11)%24 + 1 }

// NewTurn lists the legal plays of the roll; the rule set does not matter.
// first tells that this is the mover's first turn of the game, when 6-6,
// 4-4 and 3-3 let two checkers leave the head.
func (long) NewTurn(p Position, d Dice, rs RuleSet, first bool) *Turn {
	var g LongGenerator
	plays, results := g.Plays(p, d, first)
	t := &Turn{Start: p, Dice: d, Rules: rs, long: true, heads: longHeads(d, first)}
	return newTurn(t, slices.Clone(plays), slices.Clone(results))
}

// longHeads is how many checkers may leave the head in a turn.
func longHeads(d Dice, first bool) int {
	if first && d.IsDouble() && (d[0] == 6 || d[0] == 4 || d[0] == 3) {
		return 2
	}
	return 1
}

// Value returns 0 unless the mover has borne off all 15; then mars 2 when
// the opponent has borne off none, else oin 1, whatever the scoring (long
// nardi has no koks).
func (long) Value(p Position, _ Scoring) int {
	switch {
	case !p.Won():
		return 0
	case p.Theirs[Off] == 0:
		return Mars
	}
	return Oin
}

// longApply makes one step for the mover in long nardi, where nothing is
// hit.
func longApply(p Position, s Step) Position {
	p.Mine[s.From]--
	p.Mine[s.To]++
	return p
}

// longSuccessors is Turn.successors in long nardi. It is written plainly,
// apart from the generator, and the tests check that the two agree.
func (t *Turn) longSuccessors(st state, fn func(Step, state) bool) {
	// Checkers never come back to the head, so the checkers that have
	// left it this turn are the ones missing there.
	heads := t.heads - int(t.Start.Mine[24]-st.pos.Mine[24])
	for j, die := range st.dice {
		if j > 0 && st.dice[j-1] == die {
			continue
		}
		for from := int8(24); from >= 1; from-- {
			if from == 24 && heads <= 0 {
				continue
			}
			to, ok := longStep(&st.pos, from, int8(die))
			if !ok {
				continue
			}
			step := Step{From: from, To: to}
			if !fn(step, state{longApply(st.pos, step), slices.Delete(slices.Clone(st.dice), j, j+1)}) {
				return
			}
		}
	}
}

// longStep tells whether one checker may move from a point by a die in
// long nardi, the head rule aside, and where it lands.
func longStep(p *Position, from, die int8) (int8, bool) {
	if from < 1 || from > 24 || p.Mine[from] == 0 {
		return 0, false
	}
	to := from - die
	if to >= 1 {
		if p.Theirs[longFacing(to)] > 0 {
			return 0, false
		}
		if p.Mine[to] == 0 && longMakesBlock(p, from, to) {
			return 0, false
		}
		return to, true
	}
	for i := 7; i <= Bar; i++ {
		if p.Mine[i] > 0 {
			return 0, false
		}
	}
	for i := from + 1; to < 0 && i <= 6; i++ {
		if p.Mine[i] > 0 {
			return 0, false
		}
	}
	return Off, true
}

// longMakesBlock tells whether moving a checker from one point to the empty
// point to makes six points in a row held along the opponent's path (its
// points q..q+5, no run across its 24/1 seam) that no opposing checker has
// passed (none on the opponent's points below q, none borne off).
func longMakesBlock(p *Position, from, to int8) bool {
	after := longApply(*p, Step{From: from, To: to})
	at := longFacing(to) // the new point, in the opponent's numbering
	for q := max(1, at-5); q <= min(at, 19); q++ {
		held := true
		for k := q; k < q+6 && held; k++ {
			held = after.Mine[longFacing(k)] > 0
		}
		if !held {
			continue
		}
		passed := p.Theirs[Off] > 0
		for k := int8(1); k < q && !passed; k++ {
			passed = p.Theirs[k] > 0
		}
		if !passed {
			return true
		}
	}
	return false
}

// ValidateFor reports whether the position is well formed in the variant:
// 15 checkers a side, no counts below zero, no point held by both sides
// (the mover's i facing the opponent's v.Facing(i)), and in long nardi no
// checker on the bar. For Short it is Position.Validate.
func ValidateFor(v Variant, p Position) error {
	if v == nil || v == Short {
		return p.Validate()
	}
	if err := p.validateCounts(); err != nil {
		return err
	}
	if _, ok := v.(long); ok && (p.Mine[Bar] != 0 || p.Theirs[Bar] != 0) {
		return fmt.Errorf("a checker on the bar in %s nardi", v.Name())
	}
	for i := 1; i <= Points; i++ {
		if p.Mine[i] > 0 && p.Theirs[v.Facing(i)] > 0 {
			return fmt.Errorf("point %d is held by both sides", i)
		}
	}
	return nil
}

// ParsePositionIDFor decodes a gnubg Position ID as ParsePositionID does,
// and checks the position with ValidateFor: a long nardi position that
// short nardi's geometry would reject is read.
func ParsePositionIDFor(v Variant, id string) (Position, error) {
	p, err := decodePositionID(id)
	if err != nil {
		return p, err
	}
	if err := ValidateFor(v, p); err != nil {
		return p, fmt.Errorf("position id %q: %w", id, err)
	}
	return p, nil
}
