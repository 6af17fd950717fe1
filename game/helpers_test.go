package game

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"nardi/rules"
)

var (
	alice  = Human(101, "Alice")
	bob    = Human(202, "Bob")
	humans = [2]Player{alice, bob}
	t0     = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
)

// seq returns a roller that throws the given dice in order, then repeats
// them.
func seq(dice ...int) Roller {
	i := 0
	return RollerFunc(func() int {
		d := dice[i%len(dice)]
		i++
		return d
	})
}

// randRoller returns a seeded pseudo-random roller.
func randRoller(seed uint64) Roller {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	return RollerFunc(func() int { return rng.IntN(6) + 1 })
}

// newGame starts a game of two people; the opening roll 2 against 1 gives
// seat 0 the first turn with 2-1.
func newGame(t *testing.T, opts Options, r Roller) *Game {
	t.Helper()
	g, err := NewWithRoller(opts, humans, seq(2, 1), t0)
	if err != nil {
		t.Fatal(err)
	}
	g.SetRoller(r)
	return g
}

// gameAt is a game of two people whose board (seat 0's view) and turn are
// set by hand, the seat on turn holding the dice d.
func gameAt(t *testing.T, opts Options, board rules.Position, turn Seat, d rules.Dice, r Roller, now time.Time) *Game {
	t.Helper()
	if err := board.Validate(); err != nil {
		t.Fatalf("test board: %v", err)
	}
	g := newGame(t, opts, r)
	g.pos = board
	g.beginTurn(turn, d, now)
	return g
}

// mustCode asserts that err is a game error with the code.
func mustCode(t *testing.T, err error, c Code) {
	t.Helper()
	if CodeOf(err) != c {
		t.Fatalf("got error %v, want code %q", err, c)
	}
}

// ok asserts that err is nil.
func ok(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// snapshot is the game's JSON form, to compare states.
func snapshot(t *testing.T, g *Game) string {
	t.Helper()
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// roundTrip marshals and unmarshals a game and asserts that the copy
// holds exactly the same state.
func roundTrip(t *testing.T, g *Game) *Game {
	t.Helper()
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	var back Game
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("unmarshal: %v\n%s", err, b)
	}
	a, c := *g, back
	a.rt, a.roller, c.rt, c.roller = nil, nil, nil, nil
	if !reflect.DeepEqual(a, c) {
		t.Fatalf("round trip changed the game:\nbefore %+v\nafter  %+v", a, c)
	}
	b2, err := json.Marshal(&back)
	if err != nil || string(b2) != string(b) {
		t.Fatalf("second marshal differs: %v\n%s\n%s", err, b, b2)
	}
	return &back
}

// firstPlay makes the seat on turn play the first legal play, or pass.
func firstPlay(t *testing.T, g *Game, now time.Time) {
	t.Helper()
	if g.Phase() == PhaseNoMoves {
		ok(t, g.Pass(g.Counter(), now))
		return
	}
	ok(t, g.ApplyPlay(g.Turn(), g.Counter(), g.LegalPlays()[0], now))
}
