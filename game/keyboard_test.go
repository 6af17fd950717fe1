package game

import (
	"encoding/json"
	"testing"

	"nardi/rules"
)

// TestStaleKeyboardRule: a tap on a keyboard drawn earlier in the same
// turn is taken if its step is still possible and was not taken since;
// the same button twice counts once; a keyboard of an earlier turn is
// stale.
func TestStaleKeyboardRule(t *testing.T) {
	// Seat 0 to play 6-5 from the start: 24/18 and 13/8 are both offered
	// on the first keyboard.
	g := gameAt(t, Options{}, rules.Start(), 0, rules.Dice{6, 5}, seq(3, 1), t0)
	k0 := g.Counter()
	a, b := rules.Step{From: 24, To: 18}, rules.Step{From: 13, To: 8}
	ok(t, g.StepSeen(0, k0, a, true, t0))
	// The same button of the same keyboard again: once only.
	mustCode(t, g.StepSeen(0, k0, a, true, t0), ErrStale)
	if len(g.Made()) != 1 {
		t.Fatalf("made %v", g.Made())
	}
	// Another button of that keyboard: taken, and it ends the turn.
	ok(t, g.StepSeen(0, k0, b, true, t0))
	if g.Turn() != 1 || len(g.History()) != 1 || g.History()[0].Notation() != "24/18 13/8" {
		t.Fatalf("turn %d, history %+v", g.Turn(), g.History())
	}
	// A keyboard of the turn before is stale, whatever it offers.
	mustCode(t, g.StepSeen(1, k0, rules.Step{From: 24, To: 21}, true, t0), ErrStale)
	mustCode(t, g.StepSeen(1, g.Counter()+1, rules.Step{From: 24, To: 21}, true, t0), ErrStale)

	// A step no longer possible after the steps taken since is stale, not
	// illegal; an undo in between does not stop a later tap of that
	// keyboard.
	g = gameAt(t, Options{}, rules.Start(), 0, rules.Dice{6, 5}, seq(3, 1), t0)
	k0 = g.Counter()
	ok(t, g.Step(0, k0, rules.Step{From: 13, To: 7}, true, t0))
	mustCode(t, g.StepSeen(0, k0, a, true, t0), ErrStale) // the 6 is used: 24/18 is no longer possible
	ok(t, g.Undo(0, g.Counter()))
	ok(t, g.StepSeen(0, k0, b, true, t0))
	if len(g.Made()) != 1 || g.Made()[0].To != 8 {
		t.Fatalf("made %v", g.Made())
	}
	// The rule survives a restart.
	data, err := json.Marshal(g)
	ok(t, err)
	var back Game
	ok(t, json.Unmarshal(data, &back))
	mustCode(t, back.StepSeen(0, k0, b, true, t0), ErrStale)
	ok(t, back.StepSeen(0, k0, rules.Step{From: 24, To: 18}, true, t0))
	if back.Turn() != 1 {
		t.Fatalf("after the restart the turn did not end: %+v", back.Made())
	}
}

// TestFinishAlone: after a step that leaves one way to finish, the game
// finishes the turn and marks the steps it made.
func TestFinishAlone(t *testing.T) {
	// Seat 0 has two checkers left on its 1 and 2 points and rolls 2-1:
	// after 2/off only 1/off is left.
	var p rules.Position
	p.Mine[1], p.Mine[2], p.Mine[rules.Off] = 1, 1, 13
	p.Theirs[6] = 15
	g := gameAt(t, Options{}, p, 0, rules.Dice{2, 1}, seq(3, 1), t0)
	if g.FinishAlone(t0) {
		t.Fatal("finished before any step")
	}
	ok(t, g.Step(0, g.Counter(), rules.Step{From: 2, To: rules.Off}, true, t0))
	c := g.Counter()
	if !g.FinishAlone(t0) || g.Counter() != c+1 || !g.Over() {
		t.Fatalf("not finished: over %v, counter %d", g.Over(), g.Counter())
	}
	if last, _ := g.LastPlay(); last.Auto != 1 || last.Notation() != "2/off 1/off" {
		t.Fatalf("last play %+v", last)
	}
	// From the start with 6-5 there is a choice after any first step.
	g = gameAt(t, Options{}, rules.Start(), 0, rules.Dice{6, 5}, seq(3, 1), t0)
	ok(t, g.Step(0, g.Counter(), rules.Step{From: 24, To: 18}, true, t0))
	if c := g.Counter(); g.FinishAlone(t0) || g.Counter() != c {
		t.Fatal("finished a turn that has a choice")
	}
}
