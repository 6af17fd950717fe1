package game

import (
	"fmt"
	"slices"
	"time"

	"nardi/rules"
)

// MaxMatch is the longest match: to 25 points.
const MaxMatch = 25

// NextGamePause is how long a finished game of a match stays on the board
// before the next one begins by itself (see DueNext).
const NextGamePause = 8 * time.Second

// A match (Options.Match > 0) is game after game in the same Game, until
// a seat has Options.Match points: when a game ends, NextGame sets up the
// next one (a new opening roll, the cube in the middle, fresh clocks) and
// keeps the finished game among Past. The Crawford rule: the game after
// the one in which a seat first reaches one point short of the match
// length is played without the cube; the games after it with the cube
// again. The Jacoby rule never applies in a match.

// MatchState is where a match stands: the score before the current game,
// the current game's number and whether it is the Crawford game.
type MatchState struct {
	// Score is each seat's points before the current game.
	Score [2]int `json:"score"`
	// Number is the current game's number in the match, from 1.
	Number int `json:"number"`
	// Crawford: the current game is the Crawford game (no double).
	Crawford bool `json:"crawford,omitempty"`
	// PostCrawford: the Crawford game has been played.
	PostCrawford bool `json:"post_crawford,omitempty"`
}

// PastGame is a finished game of a match, as its record needs it.
type PastGame struct {
	// Match is the match as it stood when the game began.
	Match MatchState `json:"match"`
	// Opening is each seat's die of the opening roll.
	Opening [2]int `json:"opening"`
	// History is every turn of the game, in order.
	History []TurnRecord `json:"history,omitempty"`
	// Cubes is every cube action of the game, in order.
	Cubes []CubeAction `json:"cubes,omitempty"`
	// Result is how the game ended.
	Result Result `json:"result"`
	// Started and Finished are when the game began and ended.
	Started  time.Time `json:"started,omitzero"`
	Finished time.Time `json:"finished,omitzero"`
	// DiceID and DiceSeed (hex) let anyone recompute the game's Throws
	// (see FairThrow), when Verifiable.
	DiceID     string `json:"dice_id"`
	DiceSeed   string `json:"dice_seed"`
	Throws     int    `json:"throws"`
	Verifiable bool   `json:"verifiable,omitempty"`
}

// CubeKind is what a cube action did.
type CubeKind uint8

// The cube actions.
const (
	CubeDouble CubeKind = iota + 1 // the seat doubled
	CubeTake                       // the seat took the double
	CubeDrop                       // the seat dropped the double
)

var cubeKindNames = [...]string{"", "double", "take", "drop"}

// String names the action.
func (k CubeKind) String() string {
	if int(k) < len(cubeKindNames) {
		return cubeKindNames[k]
	}
	return fmt.Sprintf("cube(%d)", uint8(k))
}

// MarshalText writes the action's name.
func (k CubeKind) MarshalText() ([]byte, error) {
	if k < CubeDouble || int(k) >= len(cubeKindNames) {
		return nil, fmt.Errorf("unknown cube action %d", uint8(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText reads an action's name.
func (k *CubeKind) UnmarshalText(b []byte) error {
	i := slices.Index(cubeKindNames[:], string(b))
	if i < 1 {
		return fmt.Errorf("unknown cube action %q", b)
	}
	*k = CubeKind(i)
	return nil
}

// CubeAction is one cube action of a game: before turn Before of the
// history (its index: the number of turns completed then), the seat
// doubled, took or dropped; Value is the cube's value after it (a drop
// leaves it as it was).
type CubeAction struct {
	Before int      `json:"before"`
	Seat   Seat     `json:"seat"`
	Kind   CubeKind `json:"kind"`
	Value  int      `json:"value"`
}

// Match returns where the match stands (zero outside a match).
func (g *Game) Match() MatchState { return g.match }

// Crawford tells whether the current game is a match's Crawford game.
func (g *Game) Crawford() bool { return g.match.Crawford }

// Cubes returns the cube actions of the current game, in order.
func (g *Game) Cubes() []CubeAction { return slices.Clone(g.cubes) }

// Past returns the finished games of the match before the current one.
func (g *Game) Past() []PastGame {
	out := make([]PastGame, len(g.past))
	for i, p := range g.past {
		p.History, p.Cubes = slices.Clone(p.History), slices.Clone(p.Cubes)
		out[i] = p
	}
	return out
}

// Score returns each seat's points in the match so far, the current game's
// result included once it is over; outside a match, the current game's.
func (g *Game) Score() [2]int {
	sc := g.match.Score
	if res, over := g.Result(); over {
		sc[res.Winner] += res.Points
	}
	return sc
}

// Done tells whether nothing more is to be played: the game is over and,
// in a match, so is the match (a seat has its length, or the loser gave
// up the whole match).
func (g *Game) Done() bool {
	if g.phase != PhaseOver {
		return false
	}
	n := g.opts.Match
	if n == 0 || g.result.Forfeit {
		return true
	}
	sc := g.Score()
	return sc[0] >= n || sc[1] >= n
}

// Winner returns the seat that won the whole game or match, once Done.
func (g *Game) Winner() (Seat, bool) {
	if !g.Done() {
		return NoSeat, false
	}
	return g.result.Winner, true
}

// NextGame begins the next game of a match once the current one is over
// and the match is not: the finished game joins Past, the score moves on,
// the Crawford rule is applied, and the new game starts with its opening
// roll, the cube in the middle and fresh clocks. It takes the counter like
// every action; who may call it (either player, or the pause running out)
// is for the caller.
func (g *Game) NextGame(counter uint32, now time.Time) error {
	switch {
	case counter != g.counter:
		return fail(ErrStale, fmt.Sprintf("counter %d, game at %d", counter, g.counter))
	case g.phase != PhaseOver:
		return fail(ErrNotOver, "")
	case g.Done():
		return fail(ErrGameOver, "the match is over")
	case g.closed:
		return fail(ErrGameOver, "the match was closed")
	}
	seed, _ := g.DiceSeed()
	g.past = append(g.past, PastGame{Match: g.match, Opening: g.opening, History: g.history, Cubes: g.cubes,
		Result: g.result, Started: g.started, Finished: g.finished, DiceID: g.DiceID(), DiceSeed: seed,
		Throws: g.throws, Verifiable: g.Verifiable()})
	next := MatchState{Score: g.Score(), Number: g.match.Number + 1, PostCrawford: g.match.PostCrawford || g.match.Crawford}
	short := g.opts.Match - 1
	if !next.PostCrawford && (next.Score[0] == short || next.Score[1] == short) {
		next.Crawford = true
	}
	g.match = next
	g.counter++
	g.reset(now)
	return nil
}

// reset sets up a new game: the start, the cube in the middle, the clocks
// full, and the opening roll, whose winner's turn begins.
func (g *Game) reset(now time.Time) {
	g.pos = g.opts.Game().Start()
	g.cube = centredCube
	g.history, g.cubes = nil, nil
	g.result = Result{}
	g.started, g.finished = now.UTC(), time.Time{}
	paused := g.clock.Paused
	g.clock = Clock{Reserve: [2]time.Duration{g.opts.Clock.Reserve, g.opts.Clock.Reserve}}
	if paused {
		g.clock.Paused, g.clock.PausedAt = true, now.UTC()
	}
	g.seed, g.throws, g.unverifiable = newSeed(), 0, false
	d := g.throw()
	for d[0] == d[1] {
		d = g.throw()
	}
	g.opening = [2]int(d) // the first die is seat 0's
	st := Seat(0)
	if d[1] > d[0] {
		st = 1
	}
	g.beginTurn(st, rules.Dice{max(d[0], d[1]), min(d[0], d[1])}, now)
}
