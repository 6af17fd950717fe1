package game

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"nardi/rules"
)

// cubeGame is a classic game between two people, seat 0 starting with
// 2-1 and the dice then repeating dice.
func cubeGame(t *testing.T, opts Options, dice ...int) *Game {
	t.Helper()
	opts.Cube, opts.Rules, opts.Scoring = true, rules.Standard, rules.WithKoks
	g := newGame(t, opts, seq(dice...))
	// The opening roll is played at once: no double before the first play.
	if g.Phase() != PhaseMoving || len(g.Dice().List()) != 2 {
		t.Fatalf("opening in %s", g.Phase())
	}
	firstPlay(t, g, t0)
	return g
}

func TestCubeTakeRedoubleAndDrop(t *testing.T) {
	g := cubeGame(t, Options{}, 6, 5, 4, 3)
	if g.Phase() != PhaseCube || g.Turn() != 1 || !g.MayDouble() {
		t.Fatalf("after the first play: %s, seat %d", g.Phase(), g.Turn())
	}
	// Only the seat on turn acts, with the counter it saw.
	mustCode(t, g.Double(0, g.Counter(), t0), ErrNotYourTurn)
	mustCode(t, g.Double(1, g.Counter()+1, t0), ErrStale)
	mustCode(t, g.Take(0, g.Counter(), t0), ErrNoCubeAction)
	ok(t, g.Double(1, g.Counter(), t0))
	if g.Phase() != PhaseDoubled || g.Decider() != 0 {
		t.Fatalf("after the double: %s, decider %d", g.Phase(), g.Decider())
	}
	mustCode(t, g.Take(1, g.Counter(), t0), ErrNoCubeAction) // the doubler cannot take
	ok(t, g.Take(0, g.Counter(), t0))
	if g.Cube() != (Cube{Value: 2, Owner: 0}) || g.Phase() != PhaseMoving || g.Turn() != 1 {
		t.Fatalf("after the take: cube %+v, %s, seat %d", g.Cube(), g.Phase(), g.Turn())
	}
	firstPlay(t, g, t0)
	// Seat 0 owns the cube: it may redouble; seat 1 may not double after.
	if g.Phase() != PhaseCube || g.Turn() != 0 {
		t.Fatalf("the owner's turn: %s", g.Phase())
	}
	ok(t, g.Double(0, g.Counter(), t0))
	ok(t, g.Drop(1, g.Counter(), t0))
	res, over := g.Result()
	if !over || res.Winner != 0 || res.Reason != ReasonDrop || res.Points != 2 {
		t.Fatalf("after the drop: %+v", res)
	}
}

func TestCubeOwnerOnlyAndCap(t *testing.T) {
	g := cubeGame(t, Options{}, 6, 5, 4, 3)
	ok(t, g.Roll(1, g.Counter(), t0)) // no double: seat 1 rolls
	if g.Phase() != PhaseMoving || len(g.UnusedDice()) == 0 {
		t.Fatalf("after the roll: %s", g.Phase())
	}
	firstPlay(t, g, t0)
	ok(t, g.Double(0, g.Counter(), t0))
	ok(t, g.Take(1, g.Counter(), t0))
	firstPlay(t, g, t0)
	// Seat 1 owns the cube and may redouble; it rolls instead. Then seat 0
	// rolls without a choice.
	if g.Phase() != PhaseCube || g.Turn() != 1 {
		t.Fatalf("the owner's turn: %s, seat %d", g.Phase(), g.Turn())
	}
	ok(t, g.Roll(1, g.Counter(), t0))
	firstPlay(t, g, t0)
	if g.Turn() != 0 || g.Phase() == PhaseCube || g.MayDouble() {
		t.Fatalf("seat 0 may double the opponent's cube: %s", g.Phase())
	}
	// At 64 nobody doubles.
	g.cube = Cube{Value: MaxCube, Owner: NoSeat}
	if g.MayDouble() {
		t.Fatal("a double past 64")
	}
}

// TestJacoby: in a money game under the Jacoby rule a mars or koks counts
// as a single while the cube is centred, in full once it was turned.
func TestJacoby(t *testing.T) {
	var p rules.Position
	p.Mine[1], p.Mine[rules.Off] = 1, 14
	p.Theirs[20], p.Theirs[6] = 1, 14
	for _, tc := range []struct {
		cube   Cube
		points int
		reason Reason
		jacoby Reason
	}{{Cube{1, NoSeat}, 1, ReasonOin, ReasonKoks}, {Cube{2, 0}, 6, ReasonKoks, 0}} {
		g := gameAt(t, Options{Cube: true, Jacoby: true, Scoring: rules.WithKoks}, p, 0, rules.Dice{3, 1}, seq(1, 2), t0)
		g.cube = tc.cube
		ok(t, g.Step(0, g.Counter(), rules.Step{From: 1, To: rules.Off}, true, t0))
		res, _ := g.Result()
		if res.Points != tc.points || res.Reason != tc.reason || res.Jacoby != tc.jacoby {
			t.Errorf("cube %+v: %+v, want %d points, %s, Jacoby %s", tc.cube, res, tc.points, tc.reason, tc.jacoby)
		}
		b, err := json.Marshal(g)
		ok(t, err)
		var back Game
		ok(t, json.Unmarshal(b, &back))
		if got, _ := back.Result(); got != res {
			t.Errorf("restored result %+v, want %+v", got, res)
		}
	}
}

func TestCubeSurvivesJSON(t *testing.T) {
	g := cubeGame(t, Options{Jacoby: true}, 6, 5, 4, 3)
	ok(t, g.Double(1, g.Counter(), t0))
	b, err := json.Marshal(g)
	ok(t, err)
	var back Game
	ok(t, json.Unmarshal(b, &back))
	if back.Phase() != PhaseDoubled || back.Decider() != 0 || !back.Options().Cube || !back.Options().Jacoby {
		t.Fatalf("restored %s, options %+v", back.Phase(), back.Options())
	}
	ok(t, back.Take(0, back.Counter(), t0))
	if back.Cube().Value != 2 {
		t.Fatalf("cube %+v", back.Cube())
	}
}

// TestRandomCubeGames plays classic games to the end with random doubles,
// takes, drops and steps: every game ends, the cube never passes 64, and
// the points are the value times the cube.
func TestRandomCubeGames(t *testing.T) {
	for n := range 40 {
		rng := rand.New(rand.NewPCG(uint64(n), 99))
		g, err := NewWithRoller(Options{Cube: true, Rules: rules.Standard, Scoring: rules.WithKoks, Jacoby: n%2 == 0}, humans, randRoller(uint64(n)), t0)
		ok(t, err)
		for steps := 0; !g.Over(); steps++ {
			if steps > 5000 {
				t.Fatalf("game %d does not end", n)
			}
			c := g.Counter()
			switch g.Phase() {
			case PhaseCube:
				if rng.IntN(4) == 0 {
					ok(t, g.Double(g.Turn(), c, t0))
				} else {
					ok(t, g.Roll(g.Turn(), c, t0))
				}
			case PhaseDoubled:
				if rng.IntN(5) == 0 {
					ok(t, g.Drop(g.Decider(), c, t0))
				} else {
					ok(t, g.Take(g.Decider(), c, t0))
				}
			case PhaseNoMoves:
				ok(t, g.Pass(c, t0))
			case PhaseMoving:
				next := g.NextSteps()
				ok(t, g.Step(g.Turn(), c, next[rng.IntN(len(next))], true, t0))
			}
			if g.Cube().Value > MaxCube {
				t.Fatalf("cube %d", g.Cube().Value)
			}
		}
		res, _ := g.Result()
		if res.Points != res.Value*g.Cube().Value {
			t.Fatalf("game %d: %+v with cube %d", n, res, g.Cube().Value)
		}
	}
}
