package game

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"nardi/rules"
)

var clock10x60 = Options{Clock: TimeControl{Move: 10 * time.Second, Reserve: 60 * time.Second}}

func reserves(g *Game) [2]time.Duration { return g.Clock().Reserve }

func TestClockChargesMoveTimeThenReserve(t *testing.T) {
	g := newGame(t, clock10x60, seq(6, 5, 4, 3, 2, 1))
	if d, found := g.Deadline(); !found || !d.Equal(t0.Add(70*time.Second)) {
		t.Fatalf("deadline %v %v", d, found)
	}
	// Seat 0 takes 4 s: within its move time, the reserve is untouched.
	move, res := g.TimeLeft(0, t0.Add(4*time.Second))
	if move != 6*time.Second || res != 60*time.Second {
		t.Fatalf("time left %v %v", move, res)
	}
	firstPlay(t, g, t0.Add(4*time.Second))
	if reserves(g) != [2]time.Duration{60 * time.Second, 60 * time.Second} {
		t.Fatalf("reserves %v", reserves(g))
	}
	// Seat 1's clock started when its turn began; it takes 15 s: 5 s of
	// reserve.
	now := t0.Add(4 * time.Second)
	if !g.Clock().TurnStarted.Equal(now) {
		t.Fatalf("turn started %v", g.Clock().TurnStarted)
	}
	if move, res := g.TimeLeft(1, now.Add(15*time.Second)); move != 0 || res != 55*time.Second {
		t.Fatalf("time left %v %v", move, res)
	}
	if move, res := g.TimeLeft(0, now.Add(15*time.Second)); move != 10*time.Second || res != 60*time.Second {
		t.Fatalf("opponent's time left %v %v", move, res)
	}
	now = now.Add(15 * time.Second)
	firstPlay(t, g, now)
	if reserves(g) != [2]time.Duration{60 * time.Second, 55 * time.Second} {
		t.Fatalf("reserves %v", reserves(g))
	}
	// Seat 0 takes 25 s, then seat 1 takes 12 s: the reserves carry over.
	now = now.Add(25 * time.Second)
	firstPlay(t, g, now)
	now = now.Add(12 * time.Second)
	if d, _ := g.Deadline(); !d.Equal(now.Add(-12 * time.Second).Add(65 * time.Second)) {
		t.Fatalf("deadline %v", d)
	}
	firstPlay(t, g, now)
	if reserves(g) != [2]time.Duration{45 * time.Second, 53 * time.Second} {
		t.Fatalf("reserves %v", reserves(g))
	}
	// Steps and undos do not stop the clock; only the end of the turn
	// charges it.
	ok(t, g.Step(0, g.Counter(), g.NextSteps()[0], false, now.Add(30*time.Second)))
	if reserves(g)[0] != 45*time.Second {
		t.Fatal("a step charged the clock")
	}
	if move, res := g.TimeLeft(0, now.Add(30*time.Second)); move != 0 || res != 25*time.Second {
		t.Fatalf("time left mid-turn %v %v", move, res)
	}
	ok(t, g.Undo(0, g.Counter()))
	for g.Turn() == 0 {
		ok(t, g.Step(0, g.Counter(), g.NextSteps()[0], true, now.Add(31*time.Second)))
	}
	if reserves(g)[0] != 24*time.Second {
		t.Fatalf("reserves %v", reserves(g))
	}
	// Without a clock nothing is charged and there is no deadline.
	g = newGame(t, Options{}, seq(6, 5))
	firstPlay(t, g, t0.Add(time.Hour))
	if _, found := g.Deadline(); found || reserves(g) != [2]time.Duration{} {
		t.Fatal("a clock without a time control")
	}
	if m, r := g.TimeLeft(1, t0); m != 0 || r != 0 {
		t.Fatal("time left without a clock")
	}
}

func TestTimeoutClaimIsMars(t *testing.T) {
	opts := Options{Clock: TimeControl{Move: 3 * time.Second, Reserve: 6 * time.Second}}
	g := newGame(t, opts, seq(6, 5))
	deadline, _ := g.Deadline()
	if !deadline.Equal(t0.Add(9 * time.Second)) {
		t.Fatalf("deadline %v", deadline)
	}
	if d, _ := g.Due(time.Second); d.Kind != DueTimeout || !d.At.Equal(deadline) {
		t.Fatalf("due %+v", d)
	}
	c := g.Counter()
	mustCode(t, g.MarkTimedOut(c, deadline.Add(-time.Nanosecond)), ErrNotTimedOut)
	mustCode(t, g.ClaimTimeout(1, c, deadline.Add(-time.Nanosecond)), ErrNotTimedOut)
	ok(t, g.MarkTimedOut(c, deadline))
	if !g.Clock().TimedOut || reserves(g)[0] != 0 || g.Counter() != c+1 || g.Over() {
		t.Fatalf("after the mark: %+v", g.Clock())
	}
	if _, found := g.Deadline(); found {
		t.Fatal("a deadline after the timeout")
	}
	if _, found := g.Due(time.Second); found {
		t.Fatal("still due after the mark")
	}
	mustCode(t, g.MarkTimedOut(c+1, deadline.Add(time.Second)), ErrNotTimedOut)
	// The late player cannot claim, nor can anyone with an old counter.
	mustCode(t, g.ClaimTimeout(0, c+1, deadline.Add(time.Second)), ErrClaimOnTurn)
	mustCode(t, g.ClaimTimeout(1, c, deadline.Add(time.Second)), ErrStale)
	// The late player may still step (the claim stays open mid-turn).
	ok(t, g.Step(0, c+1, g.NextSteps()[0], false, deadline.Add(time.Second)))
	ok(t, g.ClaimTimeout(1, c+2, deadline.Add(2*time.Second)))
	res, over := g.Result()
	if !over || res != (Result{Winner: 1, Reason: ReasonTimeout, Value: rules.TimeoutValue, Points: 2}) {
		t.Fatalf("result %+v", res)
	}
	roundTrip(t, g)

	// A claim is valid once the time is up even before the mark.
	g = newGame(t, opts, seq(6, 5))
	ok(t, g.ClaimTimeout(1, g.Counter(), t0.Add(9*time.Second)))
	if res, _ := g.Result(); res.Reason != ReasonTimeout || res.Winner != 1 {
		t.Fatalf("result %+v", res)
	}
}

func TestLateMoveClearsTimeout(t *testing.T) {
	opts := Options{Clock: TimeControl{Move: 3 * time.Second, Reserve: 6 * time.Second}}
	g := newGame(t, opts, seq(6, 5, 4, 3))
	ok(t, g.MarkTimedOut(g.Counter(), t0.Add(10*time.Second)))
	firstPlay(t, g, t0.Add(20*time.Second))
	if g.Clock().TimedOut || reserves(g) != [2]time.Duration{0, 6 * time.Second} || g.Turn() != 1 {
		t.Fatalf("after the late move: %+v", g.Clock())
	}
	// Seat 1 cannot claim any more: seat 0 moved.
	mustCode(t, g.ClaimTimeout(1, g.Counter(), t0.Add(21*time.Second)), ErrClaimOnTurn)
	firstPlay(t, g, t0.Add(22*time.Second))
	// Seat 0's next turn has only its move time.
	if d, _ := g.Deadline(); g.Turn() != 0 || !d.Equal(t0.Add(25*time.Second)) {
		t.Fatalf("deadline %v", d)
	}
	// A late move without a mark also leaves the reserve at zero.
	g = newGame(t, opts, seq(6, 5, 4, 3))
	firstPlay(t, g, t0.Add(time.Minute))
	if reserves(g)[0] != 0 || g.Clock().TimedOut {
		t.Fatalf("reserves %v", reserves(g))
	}
}

func TestPauseResumeShift(t *testing.T) {
	g := newGame(t, clock10x60, seq(6, 5, 4, 3))
	// 2 s of play, a pause of an hour (the bot is down), 8 s more: 10 s,
	// all within the move time.
	g.Pause(t0.Add(2 * time.Second))
	g.Pause(t0.Add(3 * time.Second)) // no effect
	if _, found := g.Deadline(); found {
		t.Fatal("a deadline while paused")
	}
	if g.Elapsed(t0.Add(time.Hour)) != 2*time.Second {
		t.Fatalf("elapsed while paused %v", g.Elapsed(t0.Add(time.Hour)))
	}
	mustCode(t, g.MarkTimedOut(g.Counter(), t0.Add(time.Hour)), ErrNotTimedOut)
	mustCode(t, g.ClaimTimeout(1, g.Counter(), t0.Add(time.Hour)), ErrNotTimedOut)
	counter := g.Counter()
	// The paused game is stored and restored, as across a restart.
	g = roundTrip(t, g)
	g.SetRoller(seq(4, 3))
	g.Resume(t0.Add(time.Hour + 2*time.Second))
	if g.Counter() != counter {
		t.Fatal("pause and resume changed the counter")
	}
	if d, _ := g.Deadline(); !d.Equal(t0.Add(time.Hour + 70*time.Second)) {
		t.Fatalf("deadline after resume %v", d)
	}
	firstPlay(t, g, t0.Add(time.Hour+10*time.Second))
	if reserves(g)[0] != 60*time.Second {
		t.Fatalf("paused time was charged: %v", reserves(g))
	}
	// Seat 1 ends its turn while paused: only the 25 s before the pause
	// count (15 s of reserve), and the next turn starts paused.
	now := t0.Add(time.Hour + 10*time.Second)
	g.Pause(now.Add(25 * time.Second))
	firstPlay(t, g, now.Add(time.Minute))
	if reserves(g)[1] != 45*time.Second {
		t.Fatalf("reserves %v", reserves(g))
	}
	if !g.Clock().Paused || !g.Clock().TurnStarted.Equal(now.Add(time.Minute)) || g.Elapsed(now.Add(time.Hour)) != 0 {
		t.Fatalf("the next turn does not start paused: %+v", g.Clock())
	}
	g.Resume(now.Add(2 * time.Minute))
	if g.Elapsed(now.Add(2*time.Minute+3*time.Second)) != 3*time.Second {
		t.Fatal("elapsed after resume")
	}
	// Shift: a crash of 40 s (from the last heartbeat to the restart) is
	// given back.
	g.Shift(40 * time.Second)
	g.Shift(-time.Hour) // no effect
	if g.Elapsed(now.Add(2*time.Minute+43*time.Second)) != 3*time.Second {
		t.Fatal("elapsed after shift")
	}
	firstPlay(t, g, now.Add(2*time.Minute+60*time.Second))
	if reserves(g)[0] != 50*time.Second {
		t.Fatalf("reserves after shift %v", reserves(g))
	}
}

func TestRecoverAfterRestart(t *testing.T) {
	// A crash: the bot's last heartbeat was 7 s into the turn, it came back
	// 10 minutes later; the turn goes on with 7 s spent.
	g := newGame(t, clock10x60, seq(6, 5))
	g.Recover(t0.Add(7*time.Second), t0.Add(10*time.Minute))
	if el := g.Elapsed(t0.Add(10 * time.Minute)); el != 7*time.Second {
		t.Fatalf("elapsed after a crash %v", el)
	}
	// The turn began after the last heartbeat: nothing of it is charged.
	g = newGame(t, clock10x60, seq(6, 5))
	g.Recover(t0.Add(-time.Second), t0.Add(time.Minute))
	if el := g.Elapsed(t0.Add(time.Minute)); el != 0 {
		t.Fatalf("elapsed %v", el)
	}
	// A clean stop paused the game: it resumes with what it had.
	g = newGame(t, clock10x60, seq(6, 5))
	g.Pause(t0.Add(4 * time.Second))
	g = roundTrip(t, g)
	g.Recover(t0.Add(5*time.Second), t0.Add(time.Hour))
	if el := g.Elapsed(t0.Add(time.Hour)); el != 4*time.Second || g.Clock().Paused {
		t.Fatalf("elapsed after a clean stop %v", el)
	}
	if d, _ := g.Deadline(); !d.Equal(t0.Add(time.Hour + 66*time.Second)) {
		t.Fatalf("deadline %v", d)
	}
}

// TestIdleClaim: in a game without a clock, a player who leaves a
// decision for the idle limit may be claimed against as on a timeout; the
// limit starts again with each turn; a game without the limit is never
// claimed; the options keep the limit through JSON.
func TestIdleClaim(t *testing.T) {
	opts := Options{IdleClaim: 72 * time.Hour}
	g := newGame(t, opts, seq(6, 5, 4, 3))
	limit := t0.Add(72 * time.Hour)
	if d, _ := g.Due(time.Second); d.Kind != DueTimeout || !d.At.Equal(limit) {
		t.Fatalf("due %+v", d)
	}
	if move, res := g.TimeLeft(0, t0); move != 0 || res != 0 {
		t.Fatalf("time left %v %v without a clock", move, res)
	}
	// A turn played in time: the next turn has its own 72 hours.
	now := t0.Add(71 * time.Hour)
	firstPlay(t, g, now)
	if d, _ := g.Deadline(); !d.Equal(now.Add(72 * time.Hour)) {
		t.Fatalf("deadline %v", d)
	}
	c := g.Counter()
	mustCode(t, g.MarkTimedOut(c, now.Add(72*time.Hour-time.Second)), ErrNotTimedOut)
	ok(t, g.MarkTimedOut(c, now.Add(72*time.Hour)))
	if !g.Idle() {
		t.Fatal("an idle player's game is not Idle")
	}
	mustCode(t, g.ClaimTimeout(1, c+1, now.Add(73*time.Hour)), ErrClaimOnTurn)
	ok(t, g.ClaimTimeout(0, c+1, now.Add(73*time.Hour)))
	if res, _ := g.Result(); res.Reason != ReasonTimeout || res.Winner != 0 || res.Value != rules.TimeoutValue {
		t.Fatalf("result %+v", res)
	}
	roundTrip(t, g)
	if !reflect.DeepEqual(g.Options(), opts) {
		t.Fatalf("options %+v", g.Options())
	}

	// Without the limit nothing is ever due.
	g = newGame(t, Options{}, seq(6, 5))
	if d, found := g.Due(time.Second); found {
		t.Fatalf("due %+v in an untimed game without an idle limit", d)
	}
	mustCode(t, g.ClaimTimeout(1, g.Counter(), t0.Add(1000*time.Hour)), ErrNotTimedOut)
	if err := (Options{IdleClaim: time.Hour, Clock: DuelClock}).validate(); err == nil {
		t.Error("an idle limit with a clock")
	}
}

// TestDayClock: "1d" is a day a move, written back as "1d"; days past a
// week, or malformed, are refused.
func TestDayClock(t *testing.T) {
	tc, err := ParseTimeControl("1d")
	if err != nil || tc != (TimeControl{Move: Day}) || tc.String() != "1d" || !tc.Slow() {
		t.Fatalf("1d: %+v %v %q", tc, err, tc.String())
	}
	if tc, err := ParseTimeControl("3d"); err != nil || tc.Move != 3*Day {
		t.Fatalf("3d: %+v %v", tc, err)
	}
	for _, bad := range []string{"0d", "8d", "d", "01d", "1.5d", "-1d"} {
		if _, err := ParseTimeControl(bad); err == nil {
			t.Errorf("%q read as a time control", bad)
		}
	}
	if DuelClock.Slow() || !(TimeControl{}).Slow() {
		t.Error("Slow")
	}
}

// TestComputerPlaysOffTheClock: the computer's thinking is the bot's time,
// not a player's: its reserve is never charged, it has no deadline, and no
// one may mark it late or claim a game from it, however long it thinks.
func TestComputerPlaysOffTheClock(t *testing.T) {
	g, err := NewWithRoller(clock10x60, [2]Player{Human(1, "Nino"), Computer(Master)}, seq(2, 1), t0)
	ok(t, err)
	g.SetRoller(seq(6, 5, 4, 3, 2, 1))
	if g.Turn() != 0 {
		t.Fatalf("seat %d on turn", g.Turn())
	}
	firstPlay(t, g, t0.Add(time.Second))
	late := t0.Add(10 * time.Minute)
	if _, found := g.Deadline(); found {
		t.Error("the computer has a deadline")
	}
	mustCode(t, g.MarkTimedOut(g.Counter(), late), ErrNotTimedOut)
	mustCode(t, g.ClaimTimeout(0, g.Counter(), late), ErrNotTimedOut)
	if move, res := g.TimeLeft(1, late); move != 10*time.Second || res != 60*time.Second {
		t.Errorf("the computer's time left %v %v", move, res)
	}
	firstPlay(t, g, late)
	if reserves(g) != [2]time.Duration{60 * time.Second, 60 * time.Second} {
		t.Errorf("reserves %v after the computer thought 10 minutes", reserves(g))
	}
	// The person's clock runs as before.
	if d, found := g.Deadline(); !found || !d.Equal(late.Add(70*time.Second)) {
		t.Errorf("the person's deadline %v %v", d, found)
	}
}

// TestWaitFirstMove: under WaitFirstMove seat 0's clock (an inline card's
// challenger) does not run, and no one may claim against it, until it has
// played once; then it runs as ever, from the start of its next decision.
// Seat 1, who took the card, is on the clock from the start.
func TestWaitFirstMove(t *testing.T) {
	opts := clock10x60
	opts.WaitFirstMove = true
	g := newGame(t, opts, seq(6, 5, 4, 3, 2, 1))
	if g.Decider() != 0 {
		t.Fatalf("seat %d begins", g.Decider())
	}
	late := t0.Add(time.Hour)
	if _, found := g.Deadline(); found {
		t.Fatal("seat 0, which never played, has a deadline")
	}
	mustCode(t, g.ClaimTimeout(1, g.Counter(), late), ErrNotTimedOut)
	firstPlay(t, g, late) // seat 0's first play: its hour is not charged
	if reserves(g)[0] != 60*time.Second {
		t.Fatalf("reserves %v", reserves(g))
	}
	// Seat 1 is on the clock from its first turn.
	if d, found := g.Deadline(); !found || !d.Equal(late.Add(70*time.Second)) {
		t.Fatalf("seat 1's deadline %v %v", d, found)
	}
	now := late.Add(5 * time.Second)
	firstPlay(t, g, now)
	// Seat 0 has played: its clock runs from its turn's start.
	if d, found := g.Deadline(); !found || !d.Equal(now.Add(70*time.Second)) {
		t.Fatalf("seat 0's deadline %v %v", d, found)
	}
	ok(t, g.ClaimTimeout(1, g.Counter(), now.Add(71*time.Second)))
	// The option survives storage.
	b, err := json.Marshal(g.Options())
	ok(t, err)
	var back Options
	ok(t, json.Unmarshal(b, &back))
	if back != g.Options() {
		t.Errorf("options %+v came back as %+v", g.Options(), back)
	}
}

// TestWaitFirstMoveIdleClaim: with an idle claim, seat 0 whose first move
// is awaited may be claimed against once it has left the decision that
// long, clock or not, as an idle player (not one out of time); it is
// never charged its clock meanwhile.
func TestWaitFirstMoveIdleClaim(t *testing.T) {
	opts := clock10x60
	opts.WaitFirstMove, opts.IdleClaim = true, 72*time.Hour
	g := newGame(t, opts, seq(6, 5, 4, 3, 2, 1))
	if g.Decider() != 0 || !g.FirstMoveAwaited() {
		t.Fatalf("seat %d begins, awaited %v", g.Decider(), g.FirstMoveAwaited())
	}
	start := g.Clock().TurnStarted
	if d, found := g.Deadline(); !found || !d.Equal(start.Add(72*time.Hour)) {
		t.Fatalf("seat 0's deadline %v %v, want the idle claim's", d, found)
	}
	if move, res := g.TimeLeft(0, start.Add(time.Hour)); move != 10*time.Second || res != 60*time.Second {
		t.Errorf("seat 0's clock ran: %v %v", move, res)
	}
	mustCode(t, g.ClaimTimeout(1, g.Counter(), start.Add(71*time.Hour)), ErrNotTimedOut)
	ok(t, g.MarkTimedOut(g.Counter(), start.Add(72*time.Hour)))
	if !g.Idle() {
		t.Error("the claim is not on an idle player")
	}
	ok(t, g.ClaimTimeout(1, g.Counter(), start.Add(72*time.Hour)))
	// Once seat 0 has played, its clock rules alone.
	h := newGame(t, opts, seq(6, 5, 4, 3, 2, 1))
	firstPlay(t, h, start)
	firstPlay(t, h, start.Add(time.Second))
	if h.FirstMoveAwaited() {
		t.Fatal("seat 0's first move still awaited after it played")
	}
	if d, found := h.Deadline(); !found || !d.Equal(start.Add(time.Second+70*time.Second)) {
		t.Errorf("seat 0's deadline %v %v after it played", d, found)
	}
	// An idle claim with a clock needs WaitFirstMove.
	opts.WaitFirstMove = false
	if _, err := New(opts, [2]Player{Human(1, "a"), Human(2, "b")}, t0); err == nil {
		t.Error("an idle claim with a clock and no wait was let in")
	}
}

// TestWaitFirstMoveInAMatch: a match's next game does not start the clock
// of seat 0 when it made no decision in the games before (a game its
// opponent resigned at once).
func TestWaitFirstMoveInAMatch(t *testing.T) {
	opts := Options{Clock: clock10x60.Clock, Cube: true, Match: 5, WaitFirstMove: true}
	g := newGame(t, opts, seq(6, 5, 4, 3, 2, 1))
	ok(t, g.Resign(1, g.Counter(), t0))
	ok(t, g.NextGame(g.Counter(), t0.Add(time.Second)))
	late := t0.Add(time.Hour)
	for range 8 {
		if g.Decider() == 0 {
			if _, found := g.Deadline(); found {
				t.Fatal("seat 0 has a deadline though it never decided")
			}
			mustCode(t, g.ClaimTimeout(1, g.Counter(), late), ErrNotTimedOut)
			return
		}
		// Seat 1 acts: rolls, or plays.
		switch g.Phase() {
		case PhaseCube:
			ok(t, g.Roll(1, g.Counter(), t0.Add(2*time.Second)))
		default:
			firstPlay(t, g, t0.Add(2*time.Second))
		}
	}
	t.Fatal("seat 0 never came to decide")
}

func TestRecoverTwiceGivesTheOutageOnce(t *testing.T) {
	// A crash 7 s into the turn; the restart gives the outage back, then
	// dies before it writes its heartbeat; the next restart, from the same
	// heartbeat, gives back only the time since the first.
	g := newGame(t, clock10x60, seq(6, 5))
	g.Recover(t0.Add(7*time.Second), t0.Add(10*time.Minute))
	g = roundTrip(t, g)
	g.Recover(t0.Add(7*time.Second), t0.Add(11*time.Minute))
	if el := g.Elapsed(t0.Add(11 * time.Minute)); el != 7*time.Second {
		t.Fatalf("elapsed after recovering twice %v, want 7s", el)
	}
	// A game paused at a clean stop, resumed, then recovered again.
	g = newGame(t, clock10x60, seq(6, 5))
	g.Pause(t0.Add(4 * time.Second))
	g.Recover(t0.Add(5*time.Second), t0.Add(time.Hour))
	g.Recover(t0.Add(5*time.Second), t0.Add(time.Hour+time.Minute))
	if el := g.Elapsed(t0.Add(time.Hour + time.Minute)); el != 4*time.Second {
		t.Fatalf("elapsed after a clean stop recovered twice %v, want 4s", el)
	}
}

func TestWaitedOnlyForTheDecisionsBoard(t *testing.T) {
	g := newGame(t, clock10x60, seq(6, 5))
	before := g.Counter()
	firstPlay(t, g, t0.Add(2*time.Second)) // seat 1's turn begins
	decider, turnAt := g.Decider(), g.Counter()
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	if d := g.Waited(NoSeat, before, at(0), at(2)); d != 0 {
		t.Errorf("a wait before the turn began gave back %s", d)
	}
	if d := g.Waited(decider.Other(), before, at(2), at(5)); d != 0 {
		t.Errorf("the board of the player not deciding gave back %s", d)
	}
	if d := g.Waited(NoSeat, before, at(2), at(5)); d != 3*time.Second {
		t.Fatalf("the shared board's wait for the new turn gave back %s, want 3s", d)
	}
	if d := g.Waited(decider, before, at(3), at(6)); d != time.Second {
		t.Errorf("an overlapping wait gave back %s, want the 1s beyond", d)
	}
	g = roundTrip(t, g)
	if d := g.Waited(NoSeat, before, at(4), at(6)); d != 0 {
		t.Errorf("a wait given back already gave %s again", d)
	}
	if el := g.Elapsed(at(6)); el != 0 {
		t.Errorf("elapsed %s once the board was out, want 0", el)
	}
	// The board shows the turn: the edits after the player's own taps
	// give nothing.
	ok(t, g.Step(decider, g.Counter(), g.NextSteps()[0], false, at(7)))
	if d := g.Waited(NoSeat, turnAt, at(7), at(10)); d != 0 {
		t.Errorf("a wait of the board after the player's own tap gave back %s", d)
	}
	if el := g.Elapsed(at(10)); el != 4*time.Second {
		t.Errorf("elapsed %s, want 4s", el)
	}
}
