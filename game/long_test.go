package game

import (
	"testing"

	"nardi/rules"
)

// TestLongGame: a long nardi game starts from both heads; a 6-6 on the
// first turn plays 24/18(2); a long position survives storage; the game
// knows each seat's first turn.
func TestLongGame(t *testing.T) {
	opts := Options{Variant: rules.Long, Rules: rules.Standard}
	g, err := NewWithRoller(opts, humans, seq(6, 5), t0)
	ok(t, err)
	if g.Board().PositionID() != "AACA/z8AAID/Pw" || !g.FirstTurn() {
		t.Fatalf("start %s, first %v", g.Board().PositionID(), g.FirstTurn())
	}
	g.SetRoller(seq(6, 6))
	firstPlay(t, g, t0) // seat 0's opening 6-5
	if !g.FirstTurn() || g.Dice() != (rules.Dice{6, 6}) {
		t.Fatalf("seat 1's first turn: %v, dice %v", g.FirstTurn(), g.Dice())
	}
	plays := g.LegalPlays()
	if len(plays) != 1 || plays[0].String() != "24/18(2)" {
		t.Fatalf("first-turn 6-6: %v", plays)
	}
	back := roundTrip(t, g)
	if back.Options().Game() != rules.Long || back.Board() != g.Board() {
		t.Fatal("the long game did not survive storage")
	}
	firstPlay(t, g, t0)
	if g.FirstTurn() {
		t.Fatal("seat 0's second turn counted as its first")
	}
}
