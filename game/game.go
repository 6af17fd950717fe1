// Package game is a game of nardi between two seats as a state machine
// with no transport and no storage: the opening roll, turns entered one
// checker step at a time (or as a whole play, for the computer), passes,
// resignations, the clocks with their timeout claims, the history of the
// game, and its JSON form for storage.
//
// # Orientation
//
// The rules engine sees every position from the player on roll. A Game
// keeps its board in absolute terms instead: from seat 0's view (Mine are
// seat 0's checkers, Theirs seat 1's), as it stands at the start of the
// current turn. PositionFor turns it to the view of either seat, with the
// steps made so far in the turn applied; TurnStart gives the mover's view
// that the rules engine's Turn works on. Steps, plays and the history are
// always written in the mover's own numbering, as the engine makes them.
//
// # Actions and the move counter
//
// Every action that changes the game (a step, an undo, a confirmation, a
// whole play, a pass, a resignation, a timeout mark or claim) takes the
// move counter the caller saw and is refused with ErrStale when the game
// has moved on since. Each successful action advances the counter by
// exactly one (an action that completes a turn also rolls for the next
// one, in the same action). A user interface puts the counter into its
// buttons, so that a double tap or a tap on an old board changes nothing.
// Clock adjustments (Pause, Resume, Shift) do not advance it: the board a
// player sees stays valid.
//
// # Time
//
// Nothing here reads the wall clock: every action that may touch the
// clocks takes the current time as an argument. See Clock.
//
// # Where things go
//
// A Game knows no transport and no storage: package table loads it, calls
// one action, and stores it (see table's doc for the path of a tap). The
// kind of game is Options.Variant, a rules.Variant: its start, legal plays
// and values come from there, so a new variant needs nothing here. The
// doubling cube (Cube, already part of the state and of Result.Points)
// will be played by new actions beside Step, such as Double, Take and
// Drop, each taking the seat and the counter like every other.
//
// A Game is not safe for concurrent use.
package game

import (
	"fmt"
	"slices"
	"time"

	"nardi/rules"
)

// Game is one game of nardi. Create it with New or NewWithRoller, or
// restore it from its JSON form.
type Game struct {
	opts     Options
	players  [2]Player
	opening  [2]int         // each seat's die of the opening roll
	pos      rules.Position // seat 0's view, at the start of the current turn
	turn     Seat
	dice     rules.Dice
	made     Steps    // steps of the current turn, in the mover's numbering
	madeAt   []uint32 // the counter each step of made was taken at
	turnAt   uint32   // the counter when the current turn began
	phase    Phase
	counter  uint32
	history  []TurnRecord
	cubes    []CubeAction // the cube actions of the current game
	match    MatchState   // in a match (Options.Match > 0)
	past     []PastGame   // the match's finished games
	cube     Cube
	seed     [32]byte // the current game's dice seed (see FairThrow)
	diceBase string   // the base of its dice id
	throws   int      // the throws it has made
	// unverifiable: a throw of the current game came from a Roller.
	unverifiable bool
	clock        Clock
	result       Result
	started      time.Time
	finished     time.Time
	// closed: the game ends without a result (see Close).
	closed bool

	roller Roller
	rt     *rules.Turn // the current turn's legal plays; rebuilt on demand
}

// New begins a game with verifiable dice (see FairThrow): it draws the
// dice seed, makes the opening roll (one die each, ties thrown again; the
// higher die starts and plays both dice) and starts the starter's turn
// and clock at now.
func New(opts Options, players [2]Player, now time.Time) (*Game, error) {
	return NewWithRoller(opts, players, nil, now)
}

// NewWithRoller is New with another source of dice, as a deterministic one
// in tests (nil: the verifiable dice). A Roller is not stored: a game
// loaded from JSON throws its verifiable dice unless given one again.
func NewWithRoller(opts Options, players [2]Player, r Roller, now time.Time) (*Game, error) {
	if err := opts.validate(); err != nil {
		return nil, fail(ErrBadOptions, err.Error())
	}
	if err := validatePlayers(players); err != nil {
		return nil, fail(ErrBadOptions, err.Error())
	}
	opts = opts.canonical()
	g := &Game{opts: opts, players: players, roller: r, diceBase: newDiceBase()}
	if opts.Match > 0 {
		g.match = MatchState{Number: 1}
	}
	g.reset(now)
	return g, nil
}

// SetRoller replaces the source of dice, as in tests after loading a
// game; nil goes back to the verifiable dice.
func (g *Game) SetRoller(r Roller) { g.roller = r }

// die throws one die of the Roller.
func (g *Game) die() int {
	n := g.roller.Roll()
	if n < 1 || n > 6 {
		panic(fmt.Sprintf("game: roller returned %d, want 1..6", n))
	}
	return n
}

// Options returns the game's terms.
func (g *Game) Options() Options { return g.opts }

// Player returns who sits in a seat.
func (g *Game) Player(s Seat) Player {
	if !s.Valid() {
		return Player{}
	}
	return g.players[s]
}

// Players returns both seats' players.
func (g *Game) Players() [2]Player { return g.players }

// SeatOf finds the seat of a person by Telegram user id.
func (g *Game) SeatOf(userID int64) (Seat, bool) {
	for s, p := range g.players {
		if !p.IsComputer() && p.UserID == userID {
			return Seat(s), true
		}
	}
	return NoSeat, false
}

// ComputerSeat returns the computer's seat, or NoSeat in a game between
// two people.
func (g *Game) ComputerSeat() Seat {
	for s, p := range g.players {
		if p.IsComputer() {
			return Seat(s)
		}
	}
	return NoSeat
}

// Opening returns the opening roll: the die each seat threw (the last
// throw, after any ties). The higher one started, playing both.
func (g *Game) Opening() [2]int { return g.opening }

// Turn returns the seat on turn; once the game is over, the seat that
// moved last.
func (g *Game) Turn() Seat { return g.turn }

// Dice returns the roll of the current turn (once over, of the last one).
func (g *Game) Dice() rules.Dice { return g.dice }

// Phase returns where the game stands.
func (g *Game) Phase() Phase { return g.phase }

// Over tells whether the game has ended.
func (g *Game) Over() bool { return g.phase == PhaseOver }

// Close ends the game without a result, as a game abandoned (left idle
// for the clean-up, or a duel one of whose players can no longer be shown
// it): no action changes it any more, and its dice seed is revealed (see
// DiceSeed), so that its throws can be checked like a finished game's.
// It is not part of the stored game: the store closes every game it
// loads that is no longer active.
func (g *Game) Close() { g.closed = true }

// Closed tells whether the game was closed without a result (see Close).
func (g *Game) Closed() bool { return g.closed }

// Result returns how the game ended, and false while it goes on.
func (g *Game) Result() (Result, bool) { return g.result, g.phase == PhaseOver }

// Counter returns the move counter, which every action changes.
func (g *Game) Counter() uint32 { return g.counter }

// Cube returns the doubling cube (not played yet: value 1, centred).
func (g *Game) Cube() Cube { return g.cube }

// Started returns when the game began.
func (g *Game) Started() time.Time { return g.started }

// Finished returns when the game ended, zero while it goes on.
func (g *Game) Finished() time.Time { return g.finished }

// Made returns the steps made so far in the current turn, in the mover's
// numbering.
func (g *Game) Made() []rules.Step { return slices.Clone(g.made) }

// Board returns the board in absolute terms: seat 0's view (Mine are seat
// 0's checkers) at the start of the current turn, without its steps.
func (g *Game) Board() rules.Position { return g.pos }

// TurnStart returns the board at the start of the current turn seen from
// the seat on turn: the position the rules engine's Turn works on.
func (g *Game) TurnStart() rules.Position { return view(g.pos, g.turn) }

// PositionFor returns the board as it stands now, with the steps made so
// far in the turn, seen from the seat (Mine are that seat's checkers,
// indexed in its own numbering): what the rules engine and the board
// picture want for that seat.
func (g *Game) PositionFor(s Seat) rules.Position {
	cur := g.TurnStart()
	if len(g.made) > 0 {
		cur = g.rulesTurn().PositionAfter(g.made)
	}
	if s == g.turn {
		return cur
	}
	return cur.Swap()
}

// view turns a seat 0 view into the seat's view, and back.
func view(p rules.Position, s Seat) rules.Position {
	if s == 1 {
		return p.Swap()
	}
	return p
}

// rulesTurn returns the rules engine's view of the current turn.
func (g *Game) rulesTurn() *rules.Turn {
	if g.rt == nil {
		g.rt = g.opts.Game().NewTurn(g.TurnStart(), g.dice, g.opts.Rules, g.FirstTurn())
	}
	return g.rt
}

// TurnRules returns the rules engine's Turn of the current roll (its
// legal plays), as for reading a typed play.
func (g *Game) TurnRules() *rules.Turn { return g.rulesTurn() }

// FirstTurn tells whether the current turn is its seat's first of the
// game (long nardi lets two checkers leave the head then with 6-6, 4-4 or
// 3-3).
func (g *Game) FirstTurn() bool {
	return !slices.ContainsFunc(g.history, func(r TurnRecord) bool { return r.Seat == g.turn })
}

// NextSteps lists the steps that may come next in the current turn, in
// the mover's numbering from the back of the board: exactly those that
// lead on to a legal play. It is empty unless the phase is PhaseMoving.
func (g *Game) NextSteps() []rules.Step {
	if g.phase != PhaseMoving {
		return nil
	}
	next, _, err := g.rulesTurn().Next(g.made)
	if err != nil {
		return nil
	}
	return next
}

// UnusedDice returns the dice of the current turn not used yet by the
// steps made, largest first; empty once the game is over.
func (g *Game) UnusedDice() []int {
	switch g.phase {
	case PhaseOver, PhaseCube, PhaseDoubled:
		return nil
	case PhaseNoMoves:
		return g.dice.List()
	}
	return g.rulesTurn().UnusedDice(g.made)
}

// LegalPlays lists the legal plays of the current turn, one per distinct
// result; empty when the roll cannot be played or the game is over.
func (g *Game) LegalPlays() []rules.Play {
	if g.phase == PhaseOver || g.phase == PhaseCube || g.phase == PhaseDoubled {
		return nil
	}
	return slices.Clone(g.rulesTurn().Plays())
}

// Forced returns the play when the roll allows exactly one (one result)
// and no step has been made yet, so that it can be made for the player.
func (g *Game) Forced() (rules.Play, bool) {
	if g.phase != PhaseMoving || len(g.made) > 0 {
		return rules.Play{}, false
	}
	plays := g.rulesTurn().Plays()
	if len(plays) != 1 {
		return rules.Play{}, false
	}
	return plays[0], true
}

// History returns every completed turn in order.
func (g *Game) History() []TurnRecord {
	out := make([]TurnRecord, len(g.history))
	for i, r := range g.history {
		r.Steps = slices.Clone(r.Steps)
		out[i] = r
	}
	return out
}

// LastPlay returns the last completed turn, and false before the first.
func (g *Game) LastPlay() (TurnRecord, bool) {
	if len(g.history) == 0 {
		return TurnRecord{}, false
	}
	r := g.history[len(g.history)-1]
	r.Steps = slices.Clone(r.Steps)
	return r, true
}

// check refuses an action by a seat with an old counter, after the end, or
// (with onTurn) when the seat is not on turn.
func (g *Game) check(s Seat, counter uint32, onTurn bool) error {
	switch {
	case !s.Valid():
		return fail(ErrNotAPlayer, fmt.Sprintf("seat %d", s))
	case counter != g.counter:
		return fail(ErrStale, fmt.Sprintf("counter %d, game at %d", counter, g.counter))
	case g.phase == PhaseOver:
		return fail(ErrGameOver, "")
	case g.closed:
		return fail(ErrGameOver, "the game was closed")
	case onTurn && s != g.turn:
		return fail(ErrNotYourTurn, fmt.Sprintf("seat %d is on turn", g.turn))
	}
	return nil
}

// Step makes one checker step of the current turn for the seat on turn.
// Only From and To of the step count; Hit is worked out. When the step
// completes the play, the turn ends at once with autoCommit (the next
// turn's dice are rolled), or else waits in PhaseComplete for Confirm.
func (g *Game) Step(s Seat, counter uint32, step rules.Step, autoCommit bool, now time.Time) error {
	if err := g.check(s, counter, true); err != nil {
		return err
	}
	switch g.phase {
	case PhaseComplete:
		return fail(ErrIllegalStep, "the play is complete: confirm or undo")
	case PhaseNoMoves:
		return fail(ErrIllegalStep, "the roll cannot be played")
	}
	next := g.NextSteps()
	i := slices.IndexFunc(next, func(n rules.Step) bool { return n.From == step.From && n.To == step.To })
	if i < 0 {
		return fail(ErrIllegalStep, step.String())
	}
	g.made = append(g.made, next[i])
	g.madeAt = append(g.madeAt, g.counter)
	g.counter++
	if len(g.made) < g.rulesTurn().Length() {
		return nil
	}
	if autoCommit {
		return g.commitMade(now)
	}
	g.phase = PhaseComplete
	return nil
}

// StepSeen is Step for a tap on a keyboard drawn at an earlier counter
// of the same turn, as a player who taps ahead of a board that Telegram
// has not redrawn yet (the stale-keyboard rule). The tap is taken when:
//
//   - seen is this turn's (no later than the counter when the turn began
//     is too old), and no later than the game's counter;
//   - the step is one the player may make now; and
//   - no step with the same From and To has been made since seen: that
//     would be the same button tapped twice, which counts once (ErrStale).
//
// Anything else is ErrStale, as Step would answer. With seen equal to the
// counter it is Step.
func (g *Game) StepSeen(s Seat, seen uint32, step rules.Step, autoCommit bool, now time.Time) error {
	if seen == g.counter {
		return g.Step(s, seen, step, autoCommit, now)
	}
	if seen > g.counter || seen < g.turnAt || g.phase != PhaseMoving {
		return fail(ErrStale, fmt.Sprintf("counter %d, game at %d, turn from %d", seen, g.counter, g.turnAt))
	}
	for i, m := range g.made {
		if g.madeAt[i] >= seen && m.From == step.From && m.To == step.To {
			return fail(ErrStale, fmt.Sprintf("%s was taken at %d already", step, g.madeAt[i]))
		}
	}
	if !slices.ContainsFunc(g.NextSteps(), func(n rules.Step) bool { return n.From == step.From && n.To == step.To }) {
		return fail(ErrStale, fmt.Sprintf("%s is not possible any more", step))
	}
	return g.Step(s, g.counter, step, autoCommit, now)
}

// FinishAlone ends the turn when, after the steps made, only one way to
// finish it is left: it makes the rest of the play for the seat on turn
// and ends the turn, and the history marks those steps as made by
// themselves (TurnRecord.Auto). It tells whether it did; with nothing to
// do it changes nothing. It is for a board that should not wait for taps
// that have no choice, as a group's, where edits are scarce.
func (g *Game) FinishAlone(now time.Time) bool {
	if g.phase != PhaseMoving || len(g.made) == 0 {
		return false
	}
	rest, ok := g.rulesTurn().Rest(g.made)
	if !ok {
		return false
	}
	made := append(slices.Clone(g.made), rest...)
	play, err := g.rulesTurn().Play(made)
	if err != nil {
		return false
	}
	g.counter++
	g.commit(play, now)
	g.history[len(g.history)-1].Auto = len(rest)
	return true
}

// Undo takes back the last step of the current turn.
func (g *Game) Undo(s Seat, counter uint32) error {
	if err := g.check(s, counter, true); err != nil {
		return err
	}
	if len(g.made) == 0 {
		return fail(ErrNothingToUndo, "")
	}
	g.made, g.madeAt = g.made[:len(g.made)-1], g.madeAt[:len(g.madeAt)-1]
	if len(g.made) == 0 {
		g.made, g.madeAt = nil, nil
	}
	g.phase = PhaseMoving
	g.counter++
	return nil
}

// Confirm ends a turn whose play is complete (PhaseComplete).
func (g *Game) Confirm(s Seat, counter uint32, now time.Time) error {
	if err := g.check(s, counter, true); err != nil {
		return err
	}
	if g.phase != PhaseComplete {
		return fail(ErrNotComplete, "")
	}
	g.counter++
	if err := g.commitMade(now); err != nil {
		g.counter--
		return err
	}
	return nil
}

// ApplyPlay makes a whole play for the seat on turn and ends the turn, as
// for the computer or a forced play. It replaces any steps made so far.
func (g *Game) ApplyPlay(s Seat, counter uint32, pl rules.Play, now time.Time) error {
	if err := g.check(s, counter, true); err != nil {
		return err
	}
	switch g.phase {
	case PhaseNoMoves:
		return fail(ErrIllegalStep, "the roll cannot be played: pass")
	case PhaseCube, PhaseDoubled:
		return fail(ErrIllegalStep, "the dice are not rolled yet")
	}
	if pl.N < 1 || int(pl.N) > len(pl.Steps) {
		return fail(ErrIllegalStep, fmt.Sprintf("a play of %d steps", pl.N))
	}
	play, err := g.rulesTurn().Play(pl.Steps[:pl.N])
	if err != nil {
		return fail(ErrIllegalStep, pl.String())
	}
	g.counter++
	g.commit(play, now)
	return nil
}

// Pass ends a turn whose roll has no legal play (PhaseNoMoves). The time
// such a turn waits is not charged to the player.
func (g *Game) Pass(counter uint32, now time.Time) error {
	if err := g.check(g.turn, counter, true); err != nil {
		return err
	}
	if g.phase != PhaseNoMoves {
		return fail(ErrCannotPass, "the roll can be played")
	}
	g.counter++
	g.history = append(g.history, TurnRecord{Seat: g.turn, Dice: g.dice})
	g.clock.TimedOut = false
	g.startTurn(g.turn.Other(), now)
	return nil
}

// Resign ends the game at the seat's request, on turn or not: the
// opponent wins ResignValue times the cube. Steps of a turn in progress do
// not count.
func (g *Game) Resign(s Seat, counter uint32, now time.Time) error {
	if err := g.check(s, counter, false); err != nil {
		return err
	}
	g.counter++
	g.end(s.Other(), ReasonResign, g.ResignValue(s), now)
	return nil
}

// ResignValue is what a seat's resignation is worth now, before the cube:
// rules.ResignValue of its checkers borne off (a mars with none, else a
// single), but a single in a money game under the Jacoby rule while the
// cube has not been turned. The opponent scores it times the cube.
func (g *Game) ResignValue(s Seat) int {
	if g.opts.Jacoby && g.cube.Value == 1 {
		return rules.Oin
	}
	return rules.ResignValue(int(view(g.pos, s).Mine[rules.Off]))
}

// commitMade ends the turn with the steps made.
func (g *Game) commitMade(now time.Time) error {
	play, err := g.rulesTurn().Play(g.made)
	if err != nil {
		return fail(ErrIllegalStep, g.made.String())
	}
	g.commit(play, now)
	return nil
}

// commit records a legal play of the seat on turn, charges its clock, and
// ends the game or begins the opponent's turn.
func (g *Game) commit(play rules.Play, now time.Time) {
	mover := g.turn
	g.charge(now)
	forced := len(g.rulesTurn().Plays()) == 1
	g.history = append(g.history, TurnRecord{Seat: mover, Dice: g.dice, Steps: slices.Clone(play.Steps[:play.N]), Forced: forced})
	after := g.rulesTurn().PositionAfter(play.Steps[:play.N])
	g.pos = view(after, mover)
	g.made, g.madeAt = nil, nil
	if after.Won() {
		v := g.opts.Game().Value(after, g.opts.Scoring)
		reason := ReasonOin
		switch v {
		case rules.Mars:
			reason = ReasonMars
		case rules.Koks:
			reason = ReasonKoks
		}
		if reason != ReasonOin && g.opts.Cube && g.opts.Jacoby && g.cube.Value == 1 {
			// Under Jacoby a mars counts once the cube is turned.
			g.end(mover, ReasonOin, rules.Oin, now)
			g.result.Jacoby = reason
			return
		}
		g.end(mover, reason, v, now)
		return
	}
	g.startTurn(mover.Other(), now)
}

// roll throws the two dice of a turn.
func (g *Game) roll() rules.Dice { return g.throw() }

// beginTurn gives the turn to a seat with its roll and starts its clock.
func (g *Game) beginTurn(s Seat, d rules.Dice, now time.Time) {
	g.turn, g.dice, g.made, g.madeAt, g.rt = s, d, nil, nil, nil
	g.turnAt = g.counter
	g.startClock(now)
	if g.rulesTurn().Length() == 0 {
		g.phase = PhaseNoMoves
	} else {
		g.phase = PhaseMoving
	}
}

// end finishes the game.
func (g *Game) end(winner Seat, reason Reason, value int, now time.Time) {
	g.phase = PhaseOver
	g.result = Result{Winner: winner, Reason: reason, Value: value, Points: value * g.cube.Value}
	g.made, g.madeAt, g.rt = nil, nil, nil
	g.clock.TimedOut = false
	g.finished = now.UTC()
}
