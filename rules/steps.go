package rules

import (
	"errors"
	"slices"
)

// ErrNotLegal tells that steps made in a turn do not begin any legal play.
var ErrNotLegal = errors.New("these steps do not begin a legal play")

// Turn follows a turn in progress one checker step at a time, for a user
// interface that offers each possible next step as a button. Offering
// exactly Next's steps reaches exactly the legal plays. A Turn does not
// change after NewTurn, so goroutines may share one.
type Turn struct {
	Start   Position
	Dice    Dice
	Rules   RuleSet
	plays   []Play
	list    []Position       // the plays' results, in the order of plays
	results map[Position]int // result -> index in plays
	length  int              // steps in every legal play
	long    bool             // long nardi: no hits, the head and block rules
	heads   int              // long nardi: checkers that may leave the head
}

// NewTurn lists the legal plays of the roll in short nardi; Variant.NewTurn
// does it for any variant.
func NewTurn(p Position, d Dice, rs RuleSet) *Turn {
	plays, results := LegalPlays(p, d, rs)
	return newTurn(&Turn{Start: p, Dice: d, Rules: rs}, plays, results)
}

// newTurn fills t in from the legal plays and their results.
func newTurn(t *Turn, plays []Play, results []Position) *Turn {
	t.plays, t.list = plays, results
	t.results = make(map[Position]int, len(results))
	for i, r := range results {
		t.results[r] = i
	}
	if len(plays) > 0 {
		t.length = int(plays[0].N)
	}
	return t
}

// Plays returns the legal plays, one per distinct result.
func (t *Turn) Plays() []Play { return t.plays }

// Results returns the positions the legal plays lead to, in the order of
// Plays, still seen from the mover. Do not change the slice.
func (t *Turn) Results() []Position { return t.list }

// PositionAfter returns the position the steps lead to from Start, still
// seen from the mover, under the turn's variant: in short nardi a step to
// a lone opposing checker hits it, in long nardi nothing is ever hit. It
// does not check that the steps are legal; Position.Apply is short nardi's
// and must not be used on long nardi positions.
func (t *Turn) PositionAfter(steps []Step) Position {
	p := t.Start
	for _, s := range steps {
		p = t.apply(p, s)
	}
	return p
}

// apply makes one step under the turn's variant.
func (t *Turn) apply(p Position, s Step) Position {
	if t.long {
		return longApply(p, s)
	}
	return p.Apply(s)
}

// hits tells whether a step from p hits under the turn's variant.
func (t *Turn) hits(p *Position, to int8) bool {
	return !t.long && to != Off && p.Theirs[25-to] == 1
}

// Length is the number of steps every legal play has: 0 when the roll
// cannot be played at all.
func (t *Turn) Length() int { return t.length }

// state is a position part way through the turn with the dice still unused.
type state struct {
	pos  Position
	dice []int // sorted
}

// after returns every way the made steps can stand: a step that bears off
// by less than its die may have used either die.
func (t *Turn) after(made []Step) ([]state, error) {
	if t.length == 0 && len(made) == 0 {
		return []state{{pos: t.Start}}, nil
	}
	if len(made) > t.length {
		return nil, ErrNotLegal
	}
	dice := t.Dice.List()
	slices.Sort(dice)
	states := []state{{t.Start, dice}}
	for _, s := range made {
		var next []state
		for _, st := range states {
			t.successors(st, func(step Step, after state) bool {
				if step.From == s.From && step.To == s.To {
					next = append(next, after)
				}
				return true
			})
		}
		states = next
	}
	var ok []state
	for _, st := range states {
		if t.completes(st, t.length-len(made)) {
			ok = append(ok, st)
		}
	}
	if len(ok) == 0 {
		return nil, ErrNotLegal
	}
	return ok, nil
}

// successors calls fn for each single step possible from st with one of
// its unused dice, and the state it leads to, until fn returns false.
func (t *Turn) successors(st state, fn func(Step, state) bool) {
	if t.long {
		t.longSuccessors(st, fn)
		return
	}
	successors(st, fn)
}

// successors is Turn.successors in short nardi.
func successors(st state, fn func(Step, state) bool) {
	for j, die := range st.dice {
		if j > 0 && st.dice[j-1] == die {
			continue
		}
		for from := int8(Bar); from >= 1; from-- {
			to, ok := singleStep(&st.pos, from, int8(die))
			if !ok {
				continue
			}
			step := Step{From: from, To: to, Hit: to != Off && st.pos.Theirs[25-to] == 1}
			if !fn(step, state{st.pos.Apply(step), slices.Delete(slices.Clone(st.dice), j, j+1)}) {
				return
			}
		}
	}
}

// completes tells whether left more steps from st can end on a legal result.
func (t *Turn) completes(st state, left int) bool {
	if left == 0 {
		_, ok := t.results[st.pos]
		return ok
	}
	found := false
	t.successors(st, func(_ Step, next state) bool {
		found = t.completes(next, left-1)
		return !found
	})
	return found
}

// Next lists the steps that may follow the made ones and still lead to a
// legal play, from the back of the board to the front, and tells whether
// the made steps already are a whole legal play (then Next is empty). It
// returns ErrNotLegal when the made steps begin no legal play.
func (t *Turn) Next(made []Step) (next []Step, complete bool, err error) {
	states, err := t.after(made)
	if err != nil {
		return nil, false, err
	}
	if len(made) == t.length {
		return nil, true, nil
	}
	for _, st := range states {
		t.successors(st, func(step Step, after state) bool {
			if !slices.Contains(next, step) && t.completes(after, t.length-len(made)-1) {
				next = append(next, step)
			}
			return true
		})
	}
	slices.SortFunc(next, func(a, b Step) int {
		if a.From != b.From {
			return int(b.From) - int(a.From)
		}
		return int(b.To) - int(a.To)
	})
	return next, false, nil
}

// Play returns the legal play that the made steps complete, with its
// steps in the order made.
func (t *Turn) Play(made []Step) (Play, error) {
	if _, complete, err := t.Next(made); err != nil || !complete || len(made) == 0 {
		return Play{}, ErrNotLegal
	}
	var pl Play
	pos := t.Start
	for _, s := range made {
		s.Hit = t.hits(&pos, s.To)
		pos = t.apply(pos, s)
		pl.Steps[pl.N] = s
		pl.N++
	}
	return pl, nil
}

// UnusedDice returns the dice not yet used after the made steps, largest
// first; for a bear-off by less than a die it assumes the smallest die
// that could do it.
func (t *Turn) UnusedDice(made []Step) []int {
	states, err := t.after(made)
	if err != nil || len(states) == 0 {
		return nil
	}
	best := states[0].dice
	for _, st := range states[1:] {
		if slices.Compare(st.dice, best) > 0 {
			best = st.dice
		}
	}
	out := slices.Clone(best)
	slices.Reverse(out)
	return out
}

// Rest returns the steps that finish the turn after the made ones when
// every legal way to finish it ends on the same position (one completion
// is left, whatever order its steps take), and false while a choice is
// left, before any step, once the play is complete, or when the made steps
// begin no legal play.
func (t *Turn) Rest(made []Step) ([]Step, bool) {
	if len(made) == 0 || len(made) >= t.length {
		return nil, false
	}
	states, err := t.after(made)
	if err != nil {
		return nil, false
	}
	var (
		result      Position
		found, many bool
		path, rest  []Step
		walk        func(st state, left int)
	)
	walk = func(st state, left int) {
		if left == 0 {
			if _, ok := t.results[st.pos]; !ok {
				return
			}
			if !found {
				found, result, rest = true, st.pos, slices.Clone(path)
			} else if st.pos != result {
				many = true
			}
			return
		}
		t.successors(st, func(step Step, next state) bool {
			path = append(path, step)
			walk(next, left-1)
			path = path[:len(path)-1]
			return !many
		})
	}
	for _, st := range states {
		if walk(st, t.length-len(made)); many {
			return nil, false
		}
	}
	return rest, found
}
