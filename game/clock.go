package game

import (
	"fmt"
	"time"

	"nardi/rules"
)

// Clock is the state of both players' clocks, as our reference app keeps
// them: each turn first spends up to the time control's Move, then eats
// into the mover's Reserve, which carries over from turn to turn. The
// clock of the seat on turn runs from TurnStarted; when the turn ends,
// max(0, elapsed − Move) is taken from the mover's reserve.
//
// Nothing here is a wall-clock deadline alone: a paused clock keeps
// PausedAt, and Resume moves TurnStarted on by the time spent paused. So a
// bot that pauses every game as it stops, or on start Shifts them by the
// time it was down, gives the players exactly the time they had.
type Clock struct {
	// TurnStarted is when the current turn's clock started (moved on by
	// Resume and Shift so that paused time does not count).
	TurnStarted time.Time `json:"turn_started,omitzero"`
	// Reserve is what is left of each seat's reserve, not counting the
	// current turn's overrun.
	Reserve [2]time.Duration `json:"reserve"`
	// Paused tells that the clocks are stopped, since PausedAt.
	Paused bool `json:"paused,omitempty"`
	// PausedAt is when the clocks were stopped; zero while running.
	PausedAt time.Time `json:"paused_at,omitzero"`
	// TimedOut tells that the seat on turn has run out of time and its
	// opponent may claim the game. It clears when the late player ends
	// the turn.
	TimedOut bool `json:"timed_out,omitempty"`
	// DecisionAt is the move counter at which the decision under way
	// began (a turn, or a cube question): a board showing an earlier
	// counter has yet to show it to its player.
	DecisionAt uint32 `json:"decision_at,omitempty"`
	// WaitedTo is the end of the waits for Telegram already given back
	// to this decision (see Waited).
	WaitedTo time.Time `json:"waited_to,omitzero"`
	// RecoveredTo is the time up to which the bot's downtime has been
	// given back (see Recover), so that a recovery cut short and run
	// again gives nothing twice.
	RecoveredTo time.Time `json:"recovered_to,omitzero"`
}

// Clock returns the clocks' state.
func (g *Game) Clock() Clock { return g.clock }

// startClock starts the clock of a new turn; a paused game starts the turn
// paused, with nothing spent.
func (g *Game) startClock(now time.Time) {
	now = now.UTC()
	g.clock.TurnStarted = now
	g.clock.DecisionAt, g.clock.WaitedTo = g.counter, time.Time{}
	if g.clock.Paused {
		g.clock.PausedAt = now
	}
}

// clockRuns tells whether the time of the deciding seat (see Decider)
// counts: the game has a clock and a person has a decision to make, a
// cube decision included (a roll with no legal play waits for its pass
// without a clock). The computer plays off the clock: its thinking time is
// the bot's, and no one may claim a game from it.
func (g *Game) clockRuns() bool { return g.humanDeciding() && g.opts.Clock.Enabled() }

// humanDeciding tells whether a person has a decision to make whose time
// counts: not yet, under Options.WaitFirstMove, for seat 0 before it has
// made a decision of its own in the match.
func (g *Game) humanDeciding() bool {
	if !g.deciding() {
		return false
	}
	return !g.players[g.Decider()].IsComputer() && !g.FirstMoveAwaited()
}

// FirstMoveAwaited tells whether the deciding seat's time is held under
// Options.WaitFirstMove: seat 0 has a decision to make and has made none
// of its own in the match yet. Its clock has not started; it is owed no
// reminder, and only Options.IdleClaim bounds its wait.
func (g *Game) FirstMoveAwaited() bool {
	d := g.Decider()
	return g.opts.WaitFirstMove && g.deciding() && d == 0 && !g.players[d].IsComputer() && !g.hasActed(d)
}

// hasActed tells whether a seat has made a decision of its own in the
// match: a play not forced on it or a cube action, in this game or an
// earlier one. (Its first turn's steps do not count: that turn began
// before it was there, so its clock would start behind.)
func (g *Game) hasActed(s Seat) bool {
	if decided(s, g.history, g.cubes) {
		return true
	}
	for _, p := range g.past {
		if decided(s, p.History, p.Cubes) {
			return true
		}
	}
	return false
}

// decided tells whether a game's turns and cube actions hold a decision of
// the seat's own.
func decided(s Seat, history []TurnRecord, cubes []CubeAction) bool {
	for _, r := range history {
		if r.Seat == s && !r.Forced && !r.Pass() {
			return true
		}
	}
	for _, c := range cubes {
		if c.Seat == s {
			return true
		}
	}
	return false
}

// Elapsed returns the time spent in the current turn by now, paused time
// left out.
func (g *Game) Elapsed(now time.Time) time.Duration {
	end := now
	if g.clock.Paused {
		end = g.clock.PausedAt
	}
	if d := end.Sub(g.clock.TurnStarted); d > 0 {
		return d
	}
	return 0
}

// TimeLeft returns what a seat has left by now of the current move's time
// and of its reserve. For the seat not on turn it is a whole move time and
// its reserve; without a clock, zero.
func (g *Game) TimeLeft(s Seat, now time.Time) (move, reserve time.Duration) {
	if !g.opts.Clock.Enabled() || !s.Valid() {
		return 0, 0
	}
	move, reserve = g.opts.Clock.Move, g.clock.Reserve[s]
	if s != g.Decider() || !g.clockRuns() {
		return move, reserve
	}
	el := g.Elapsed(now)
	if el < move {
		return move - el, reserve
	}
	reserve -= el - move
	return 0, max(reserve, 0)
}

// Deadline returns when the deciding seat (the seat on turn, or the
// doubled one while it answers) runs out of time: TurnStarted +
// Move + its Reserve, or + Options.IdleClaim in a game without a clock
// or for seat 0 whose first move is awaited. There is none without
// either, while paused, in a turn with no legal play, for the computer's
// decisions, after the timeout has been marked, or once the game is over.
func (g *Game) Deadline() (time.Time, bool) {
	limit, ok := g.limit()
	if !ok || g.clock.Paused || g.clock.TimedOut {
		return time.Time{}, false
	}
	return g.clock.TurnStarted.Add(limit), true
}

// limit is how long the deciding seat may take over the current decision
// before its opponent may claim: its move time and reserve under a clock,
// Options.IdleClaim in a game without one, or for seat 0 whose first
// move is awaited (see FirstMoveAwaited); false when there is no limit.
func (g *Game) limit() (time.Duration, bool) {
	switch {
	case g.clockRuns():
		return g.opts.Clock.Move + g.clock.Reserve[g.Decider()], true
	case g.opts.IdleClaim > 0 && (g.humanDeciding() || g.FirstMoveAwaited()):
		return g.opts.IdleClaim, true
	}
	return 0, false
}

// deciding tells whether a decision is to be made: a play, its
// confirmation, or a cube action (not the pass of a roll with no play).
func (g *Game) deciding() bool {
	switch g.phase {
	case PhaseMoving, PhaseComplete, PhaseCube, PhaseDoubled:
		return true
	}
	return false
}

// Idle tells whether the deciding seat is past its idle limit, in a game
// without a clock or while its first move is awaited (so that a claim is
// on an idle player, not a clock).
func (g *Game) Idle() bool {
	return (!g.opts.Clock.Enabled() || g.FirstMoveAwaited()) && g.clock.TimedOut
}

// overdue tells whether the deciding seat has used up its time by now.
func (g *Game) overdue(now time.Time) bool {
	limit, ok := g.limit()
	return ok && g.Elapsed(now) >= limit
}

// charge takes the current turn's overrun of the move time from the
// deciding seat's reserve, never below zero, and clears a timeout.
func (g *Game) charge(now time.Time) {
	if g.clockRuns() {
		if over := g.Elapsed(now) - g.opts.Clock.Move; over > 0 {
			d := g.Decider()
			g.clock.Reserve[d] = max(g.clock.Reserve[d]-over, 0)
		}
	}
	g.clock.TimedOut = false
}

// MarkTimedOut records that the deciding seat (see Decider) has run out
// of time by now, so that its opponent may claim the game. The game goes
// on: the late player may still make the decision, which clears the mark.
func (g *Game) MarkTimedOut(counter uint32, now time.Time) error {
	d := g.Decider()
	if err := g.check(d, counter, false); err != nil {
		return err
	}
	if g.clock.TimedOut || !g.overdue(now) {
		return fail(ErrNotTimedOut, fmt.Sprintf("seat %d still has time", d))
	}
	g.counter++
	g.clock.TimedOut = true
	g.clock.Reserve[d] = 0
	return nil
}

// ClaimTimeout ends the game for the seat whose opponent, the deciding
// seat, has run out of time (marked or not): it wins rules.TimeoutValue
// (a mars) times the cube, and in a match the whole match.
func (g *Game) ClaimTimeout(s Seat, counter uint32, now time.Time) error {
	if err := g.check(s, counter, false); err != nil {
		return err
	}
	if s == g.Decider() {
		return fail(ErrClaimOnTurn, "only the opponent of the late player may claim")
	}
	if !g.clock.TimedOut && !g.overdue(now) {
		return fail(ErrNotTimedOut, fmt.Sprintf("seat %d still has time", g.Decider()))
	}
	g.counter++
	g.end(s, ReasonTimeout, rules.TimeoutValue, now)
	// In a match the late player loses the match: a player who has gone
	// away is not waited for game after game.
	g.result.Forfeit = g.opts.Match > 0
	return nil
}

// Pause stops the clocks at now, as while the bot shuts down or waits on
// Telegram. Pausing a paused game does nothing.
func (g *Game) Pause(now time.Time) {
	if !g.clock.Paused {
		g.clock.Paused, g.clock.PausedAt = true, now.UTC()
	}
}

// Resume starts the clocks again at now; the time since Pause is not
// charged to anyone.
func (g *Game) Resume(now time.Time) {
	if !g.clock.Paused {
		return
	}
	if d := now.Sub(g.clock.PausedAt); d > 0 {
		g.clock.TurnStarted = g.clock.TurnStarted.Add(d)
	}
	g.clock.Paused, g.clock.PausedAt = false, time.Time{}
}

// Shift gives the seat on turn d more time by moving its turn's start on,
// as for the time the bot was down after a crash (from its last heartbeat
// to its restart). A negative d does nothing.
func (g *Game) Shift(d time.Duration) {
	if d > 0 {
		g.clock.TurnStarted = g.clock.TurnStarted.Add(d)
	}
}

// Recover gives the clocks back the time the bot was down, as it starts
// again at now: a game it paused as it stopped resumes; a game it left
// running (a crash) moves on by the time since lastAlive, the bot's last
// heartbeat (or since its turn began, or since the time an earlier
// recovery gave it back to, if later). Recovering twice from the same
// heartbeat gives the outage once.
func (g *Game) Recover(lastAlive, now time.Time) {
	now = now.UTC()
	if g.clock.Paused {
		g.Resume(now)
		g.clock.RecoveredTo = now
		return
	}
	from := lastAlive
	if g.clock.TurnStarted.After(from) {
		from = g.clock.TurnStarted
	}
	if g.clock.RecoveredTo.After(from) {
		from = g.clock.RecoveredTo
	}
	g.Shift(now.Sub(from))
	if now.After(g.clock.RecoveredTo) {
		g.clock.RecoveredTo = now
	}
}

// Waited gives the deciding seat back a wait for Telegram, from from to
// until, that held up a board drawn for viewer (NoSeat: a board both
// players see) while it showed the game at the counter shown. Only a
// board that has yet to show the decision under way counts, and only if
// its viewer is the one deciding: the wait kept them from seeing what to
// decide. The edits that follow their own taps, and other games' boards,
// give nothing. Only the part of the wait after the decision began (as
// moved on by earlier waits) and not given back already counts. It
// returns what was given back.
func (g *Game) Waited(viewer Seat, shown uint32, from, until time.Time) time.Duration {
	if !g.deciding() || g.clock.Paused || shown >= g.clock.DecisionAt {
		return 0
	}
	if viewer != NoSeat && viewer != g.Decider() {
		return 0
	}
	for _, t := range []time.Time{g.clock.TurnStarted, g.clock.WaitedTo} {
		if t.After(from) {
			from = t
		}
	}
	if !until.After(from) {
		return 0
	}
	d := until.Sub(from)
	g.Shift(d)
	g.clock.WaitedTo = until.UTC()
	return d
}
