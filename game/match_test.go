package game

import (
	"testing"
	"time"

	"nardi/rules"
)

// doubleDrop has the seat on turn double and its opponent drop: the
// doubler wins the cube's value.
func doubleDrop(t *testing.T, g *Game) {
	t.Helper()
	if g.Phase() != PhaseCube {
		t.Fatalf("no cube decision: %s", g.Phase())
	}
	ok(t, g.Double(g.Turn(), g.Counter(), t0))
	ok(t, g.Drop(g.Turn().Other(), g.Counter(), t0))
}

// next starts the next game of the match and plays its opening roll.
func next(t *testing.T, g *Game) {
	t.Helper()
	ok(t, g.NextGame(g.Counter(), t0))
	firstPlay(t, g, t0)
}

// TestMatchToThree plays a classic match to 3 by cube actions and a
// resignation: the score after each game, the Crawford game with no cube
// once seat 1 reaches 2, the cube back after it, the end at 3 and the
// state surviving storage all along.
func TestMatchToThree(t *testing.T) {
	g := cubeGame(t, Options{Match: 3}, 6, 5, 4, 3)
	if m := g.Match(); m.Number != 1 || m.Crawford || m.Score != [2]int{} {
		t.Fatalf("match at the start: %+v", m)
	}
	mustCode(t, g.NextGame(g.Counter(), t0), ErrNotOver)
	doubleDrop(t, g) // seat 1 doubles, seat 0 drops: 0-1
	if g.Score() != [2]int{0, 1} || g.Done() {
		t.Fatalf("after game 1: %v, done %v", g.Score(), g.Done())
	}
	mustCode(t, g.NextGame(g.Counter()-1, t0), ErrStale)
	if d, ok := g.Due(0); !ok || d.Kind != DueNext || !d.At.Equal(t0.Add(NextGamePause)) {
		t.Fatalf("the next game is not due: %+v", d)
	}
	g = roundTrip(t, g)
	g.SetRoller(seq(6, 5, 4, 3))
	next(t, g)
	if m := g.Match(); m.Number != 2 || m.Crawford || m.Score != [2]int{0, 1} || g.Cube() != centredCube {
		t.Fatalf("game 2: %+v, cube %+v", m, g.Cube())
	}
	doubleDrop(t, g) // 0-2: seat 1 is one short, the next game is the Crawford game
	next(t, g)
	if m := g.Match(); !m.Crawford || m.Number != 3 || g.MayDouble() || g.Phase() == PhaseCube {
		t.Fatalf("game 3 is not a Crawford game: %+v, %s", m, g.Phase())
	}
	g = roundTrip(t, g)
	g.SetRoller(seq(6, 5, 4, 3))
	// Seat 1 resigns with nothing borne off: a mars, 2 points: 2-2.
	ok(t, g.Resign(1, g.Counter(), t0))
	if g.Score() != [2]int{2, 2} || g.Done() {
		t.Fatalf("after the Crawford game: %v", g.Score())
	}
	next(t, g)
	if m := g.Match(); m.Crawford || !m.PostCrawford || !g.MayDouble() {
		t.Fatalf("game 4, after Crawford: %+v, may double %v", m, g.MayDouble())
	}
	doubleDrop(t, g)
	if !g.Done() || g.Score() != [2]int{2, 3} {
		t.Fatalf("the end: %v, done %v", g.Score(), g.Done())
	}
	if w, done := g.Winner(); !done || w != 1 {
		t.Fatalf("winner %d %v", w, done)
	}
	mustCode(t, g.NextGame(g.Counter(), t0), ErrGameOver)
	if d, ok := g.Due(0); ok {
		t.Fatalf("%+v due after the match", d)
	}
	past := g.Past()
	if len(past) != 3 || past[0].Result.Reason != ReasonDrop || past[2].Result.Reason != ReasonResign || !past[2].Match.Crawford {
		t.Fatalf("past games: %+v", past)
	}
	if c := past[0].Cubes; len(c) != 2 || c[0].Kind != CubeDouble || c[1].Kind != CubeDrop || c[0].Seat != 1 || c[1].Seat != 0 {
		t.Fatalf("game 1's cube actions: %+v", c)
	}
	roundTrip(t, g)
}

// TestCrawfordOnlyOnce: once the Crawford game has been played, the other
// seat reaching one point short brings no second Crawford game.
func TestCrawfordOnlyOnce(t *testing.T) {
	g := cubeGame(t, Options{Match: 5}, 6, 5, 4, 3)
	ok(t, g.Double(g.Turn(), g.Counter(), t0))
	ok(t, g.Take(g.Turn().Other(), g.Counter(), t0))
	ok(t, g.Resign(0, g.Counter(), t0)) // cube 2, a mars: seat 1 has 4
	next(t, g)
	if !g.Crawford() {
		t.Fatal("no Crawford game at 0-4")
	}
	ok(t, g.Resign(1, g.Counter(), t0)) // 2 points: 2-4
	next(t, g)
	ok(t, g.Resign(1, g.Counter(), t0)) // 4-4
	next(t, g)
	if g.Crawford() || !g.MayDouble() {
		t.Fatalf("a second Crawford game at %v", g.Match().Score)
	}
}

// TestNardiMatch: a match in the nardi variant, without the cube, counts
// oin and mars and ends at its length.
func TestNardiMatch(t *testing.T) {
	g := newGame(t, Options{Match: 3}, seq(6, 5, 4, 3))
	ok(t, g.Resign(0, g.Counter(), t0)) // a mars: 0-2
	ok(t, g.NextGame(g.Counter(), t0))
	if g.Phase() == PhaseCube || g.MayDouble() || g.Match().Score != [2]int{0, 2} {
		t.Fatalf("the second game: %s, %+v", g.Phase(), g.Match())
	}
	ok(t, g.Resign(0, g.Counter(), t0))
	if !g.Done() || g.Score() != [2]int{0, 4} {
		t.Fatalf("the match goes on at %v", g.Score())
	}
}

// TestTimeoutForfeitsTheMatch: a player whose time runs out loses the
// whole match once the opponent claims.
func TestTimeoutForfeitsTheMatch(t *testing.T) {
	opts := Options{Match: 7, Clock: TimeControl{Move: 5 * time.Second, Reserve: 10 * time.Second}}
	g := newGame(t, opts, seq(6, 5, 4, 3))
	late := t0.Add(time.Minute)
	ok(t, g.MarkTimedOut(g.Counter(), late))
	ok(t, g.ClaimTimeout(1, g.Counter(), late))
	if res, _ := g.Result(); !g.Done() || !res.Forfeit || res.Winner != 1 {
		t.Fatalf("the match goes on after a timeout: %+v", res)
	}
}

// TestDoubleIsOnTheClock: the doubled player's answer runs on their clock;
// when it runs out the doubler claims.
func TestDoubleIsOnTheClock(t *testing.T) {
	opts := Options{Clock: TimeControl{Move: 5 * time.Second, Reserve: 10 * time.Second}}
	g := cubeGame(t, opts, 6, 5, 4, 3)
	ok(t, g.Double(1, g.Counter(), t0))
	at, ok1 := g.Deadline()
	if !ok1 || !at.Equal(t0.Add(15*time.Second)) {
		t.Fatalf("deadline of the answer %v %v", at, ok1)
	}
	if d, due := g.Due(0); !due || d.Kind != DueTimeout {
		t.Fatalf("nothing due for the answer: %+v", d)
	}
	if move, _ := g.TimeLeft(0, t0.Add(2*time.Second)); move != 3*time.Second {
		t.Fatalf("the doubled player's move time %v", move)
	}
	late := t0.Add(16 * time.Second)
	mustCode(t, g.ClaimTimeout(0, g.Counter(), late), ErrClaimOnTurn)
	ok(t, g.MarkTimedOut(g.Counter(), late))
	ok(t, g.ClaimTimeout(1, g.Counter(), late))
	if res, _ := g.Result(); res.Winner != 1 || res.Reason != ReasonTimeout {
		t.Fatalf("result %+v", res)
	}
}

// TestResignValuesWithTheCube: a resignation is worth a single, or a mars with
// nothing borne off, times the cube; a single under Jacoby while the cube
// is centred.
func TestResignValuesWithTheCube(t *testing.T) {
	var p rules.Position
	p.Mine[3], p.Mine[rules.Off] = 5, 10
	p.Theirs[20], p.Theirs[6] = 5, 10
	for _, tc := range []struct {
		opts   Options
		board  rules.Position
		cube   Cube
		points int
	}{
		{Options{Cube: true}, rules.Start(), Cube{1, NoSeat}, 2},
		{Options{Cube: true}, rules.Start(), Cube{4, 1}, 8},
		{Options{Cube: true}, p, Cube{4, 1}, 4},
		{Options{Cube: true, Jacoby: true}, rules.Start(), Cube{1, NoSeat}, 1},
		{Options{Cube: true, Jacoby: true}, rules.Start(), Cube{2, 0}, 4},
	} {
		g := gameAt(t, tc.opts, tc.board, 0, rules.Dice{3, 1}, seq(1, 2), t0)
		g.cube = tc.cube
		ok(t, g.Resign(0, g.Counter(), t0))
		if res, _ := g.Result(); res.Points != tc.points || res.Winner != 1 {
			t.Errorf("%+v, cube %+v: %+v, want %d points", tc.opts, tc.cube, res, tc.points)
		}
	}
}
