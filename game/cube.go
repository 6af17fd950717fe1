package game

import (
	"fmt"
	"time"
)

// MaxCube is the highest value the doubling cube may reach.
const MaxCube = 64

// The doubling cube, in games whose Options have Cube set (the classic
// game): before rolling, the player on turn who may double (either player
// while the cube is centred, afterwards only its owner; never in the
// Crawford game, never past MaxCube) chooses in PhaseCube between Roll
// and Double. After a double the opponent, in PhaseDoubled, takes (the
// cube goes to them at twice its value, and the doubler rolls) or drops
// (the doubler wins the stake as it was). Each is an action like a step:
// it takes the counter and advances it by one.

// MayDouble tells whether the player on turn may double before this roll.
func (g *Game) MayDouble() bool {
	c := g.cube
	return g.opts.Cube && !g.match.Crawford && c.Value < MaxCube && (c.Owner == NoSeat || c.Owner == g.turn)
}

// startTurn gives the turn to a seat: in PhaseCube when it may double,
// else with its roll.
func (g *Game) startTurn(s Seat, now time.Time) {
	g.turn = s
	if g.phase != PhaseOver && g.MayDouble() {
		g.dice, g.made, g.madeAt, g.rt = [2]int{}, nil, nil, nil
		g.turnAt = g.counter
		g.phase = PhaseCube
		g.startClock(now)
		return
	}
	g.beginTurn(s, g.roll(), now)
}

// Roll throws the dice for the seat on turn, which chose not to double.
func (g *Game) Roll(s Seat, counter uint32, now time.Time) error {
	if err := g.check(s, counter, true); err != nil {
		return err
	}
	if g.phase != PhaseCube {
		return fail(ErrNoCubeAction, "the dice are rolled already")
	}
	g.counter++
	g.charge(now)
	g.beginTurn(s, g.roll(), now)
	return nil
}

// Double offers the cube to the opponent of the seat on turn.
func (g *Game) Double(s Seat, counter uint32, now time.Time) error {
	if err := g.check(s, counter, true); err != nil {
		return err
	}
	if g.phase != PhaseCube || !g.MayDouble() {
		return fail(ErrNoCubeAction, fmt.Sprintf("seat %d may not double now", s))
	}
	g.counter++
	g.charge(now)
	g.cubes = append(g.cubes, CubeAction{Before: len(g.history), Seat: s, Kind: CubeDouble, Value: 2 * g.cube.Value})
	g.phase = PhaseDoubled
	g.startClock(now)
	return nil
}

// Take accepts the cube for the seat that was doubled: the cube goes to it
// at twice its value, and the doubler rolls.
func (g *Game) Take(s Seat, counter uint32, now time.Time) error {
	if err := g.doubled(s, counter); err != nil {
		return err
	}
	g.counter++
	g.charge(now)
	g.cube = Cube{Value: 2 * g.cube.Value, Owner: s}
	g.cubes = append(g.cubes, CubeAction{Before: len(g.history), Seat: s, Kind: CubeTake, Value: g.cube.Value})
	g.beginTurn(g.turn, g.roll(), now)
	return nil
}

// Drop refuses the cube for the seat that was doubled: the doubler wins
// the game at the stake before the double.
func (g *Game) Drop(s Seat, counter uint32, now time.Time) error {
	if err := g.doubled(s, counter); err != nil {
		return err
	}
	g.counter++
	g.charge(now)
	g.cubes = append(g.cubes, CubeAction{Before: len(g.history), Seat: s, Kind: CubeDrop, Value: g.cube.Value})
	g.end(g.turn, ReasonDrop, 1, now)
	return nil
}

// doubled checks that s is the seat a double waits on.
func (g *Game) doubled(s Seat, counter uint32) error {
	if err := g.check(s, counter, false); err != nil {
		return err
	}
	if g.phase != PhaseDoubled || s != g.turn.Other() {
		return fail(ErrNoCubeAction, fmt.Sprintf("no double waits on seat %d", s))
	}
	return nil
}

// Decider returns the seat whose decision the game waits for: the player
// on turn, or in PhaseDoubled their opponent.
func (g *Game) Decider() Seat {
	if g.phase == PhaseDoubled {
		return g.turn.Other()
	}
	return g.turn
}
