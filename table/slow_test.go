package table

import (
	"testing"
	"time"

	"nardi/game"
	"nardi/rules"
	"nardi/store"
)

// remindedOf returns the reminders sent so far.
func (d *display) remindedOf() []reminded {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]reminded(nil), d.reminded...)
}

// sweepFor moves the clock on and sweeps, then lets what it started
// finish.
func (f *fixture) sweepFor(d time.Duration) {
	f.clock.add(d)
	f.s.Sweep(ctx)
	f.s.async.Wait()
}

// TestSlowDuel: in a duel without a clock the player on turn is reminded
// once a turn after RemindAfter, never the one who waits; the turn passed
// on, the other is reminded in turn; a player who leaves a decision for
// IdleClaim may be claimed against by the other (a timeout: a mars), not
// claim himself.
func TestSlowDuel(t *testing.T) {
	f := newFixture(t)
	rec, msg := f.duel(t)
	if rec.Game.Options().IdleClaim != DefaultIdleClaim || rec.Game.Options().Clock.Enabled() {
		t.Fatalf("an untimed duel's options: %+v", rec.Game.Options())
	}
	first := rec.Game.Decider()
	names := map[game.Seat]string{0: "alice", 1: "bob"}
	f.sweepFor(DefaultRemindAfter - time.Second)
	if r := f.d.remindedOf(); len(r) != 0 {
		t.Fatalf("reminded early: %v", r)
	}
	f.sweepFor(time.Second)
	f.sweepFor(time.Hour)
	if r := f.d.remindedOf(); len(r) != 1 || r[0] != (reminded{rec.ID, first}) {
		t.Fatalf("reminders %v, want one to seat %d", r, first)
	}
	// The turn played: the other player is owed one, from then.
	for g := rec.Game; g.Decider() == first; g = rec.Game {
		out, err := f.s.Step(ctx, f.in(names[first], group, msg), rec.ID, g.Counter(), g.NextSteps()[0])
		if err != nil {
			t.Fatal(err)
		}
		rec = out.Game
	}
	f.sweepFor(DefaultRemindAfter / 2)
	if r := f.d.remindedOf(); len(r) != 1 {
		t.Fatalf("reminders %v", r)
	}
	f.sweepFor(DefaultRemindAfter / 2)
	if r := f.d.remindedOf(); len(r) != 2 || r[1] != (reminded{rec.ID, first.Other()}) {
		t.Fatalf("reminders %v, want the second to seat %d", r, first.Other())
	}
	// Gone for three days: the waiting player may claim, the idle one not.
	idle, waiting := names[first.Other()], names[first]
	f.sweepFor(DefaultIdleClaim)
	cur, err := f.st.LoadGame(ctx, rec.ID)
	if err != nil || !cur.Game.Idle() {
		t.Fatalf("after three days: idle %v, %v", cur.Game.Idle(), err)
	}
	_, err = f.s.Claim(ctx, f.in(idle, group, msg), rec.ID, cur.Game.Counter())
	wantCode(t, err, ErrClaimOnTurn)
	out, err := f.s.Claim(ctx, f.in(waiting, group, msg), rec.ID, cur.Game.Counter())
	if err != nil {
		t.Fatal(err)
	}
	if res, over := out.Game.Game.Result(); !over || res.Winner != first || res.Reason != game.ReasonTimeout || out.Game.Status != store.StatusFinished {
		t.Fatalf("the claim: %+v over %v, status %s", res, over, out.Game.Status)
	}
	if r := f.d.remindedOf(); len(r) != 2 {
		t.Fatalf("reminders %v", r)
	}
}

// TestDiceStats: once a game is finished, what the dice gave each person
// (the opening roll left out: it is never a double)
// is recorded: their rolls, the doubles among them and the pips, as the
// history has them, and a luck figure.
func TestDiceStats(t *testing.T) {
	f := newFixture(t)
	rec, msg := f.duel(t)
	for range 6 {
		g := mustLoad(t, f, rec.ID).Game
		name := map[game.Seat]string{0: "alice", 1: "bob"}[g.Turn()]
		if _, err := f.s.Step(ctx, f.in(name, group, msg), rec.ID, g.Counter(), g.NextSteps()[0]); err != nil {
			t.Fatal(err)
		}
	}
	g := mustLoad(t, f, rec.ID).Game
	if _, _, err := f.s.Resign(ctx, f.in("alice", group, msg), ResignQuestion{Game: rec.ID, Counter: g.Counter(), Seat: 0}); err != nil {
		t.Fatal(err)
	}
	f.s.async.Wait()
	g = mustLoad(t, f, rec.ID).Game
	for seat, name := range []string{"alice", "bob"} {
		var want store.DiceStats
		for i, tr := range g.History() {
			if int(tr.Seat) != seat || i == 0 { // the opening roll is no fair roll
				continue
			}
			want.Rolls++
			if tr.Dice[0] == tr.Dice[1] {
				want.Doubles++
				want.Pips += 4 * tr.Dice[0]
			} else {
				want.Pips += tr.Dice[0] + tr.Dice[1]
			}
		}
		got, err := f.st.DiceStatsOf(ctx, f.users[name].ID)
		if err != nil || got.Games != 1 || got.Rolls != want.Rolls || got.Doubles != want.Doubles || got.Pips != want.Pips {
			t.Errorf("%s: %+v, want %+v (%v)", name, got, want, err)
		}
	}
}

// TestReviewCube: the review of a classic game names a cube mistake: a
// double in the opening's even position, taken, is a double too early.
func TestReviewCube(t *testing.T) {
	f := newFixture(t)
	rec, msg := f.duelWith(t, game.Options{Cube: true, Scoring: rules.WithKoks})
	id := rec.ID
	names := map[game.Seat]string{0: "alice", 1: "bob"}
	// The opening turn, then the doubler's first chance to double.
	g := mustLoad(t, f, id).Game
	first := g.Turn()
	for g.Turn() == first {
		if _, err := f.s.Step(ctx, f.in(names[first], group, msg), id, g.Counter(), g.NextSteps()[0]); err != nil {
			t.Fatal(err)
		}
		g = mustLoad(t, f, id).Game
	}
	doubler := g.Turn()
	if _, err := f.s.Double(ctx, f.in(names[doubler], group, msg), id, g.Counter()); err != nil {
		t.Fatal(err)
	}
	g = mustLoad(t, f, id).Game
	if _, err := f.s.Take(ctx, f.in(names[doubler.Other()], group, msg), id, g.Counter()); err != nil {
		t.Fatal(err)
	}
	g = mustLoad(t, f, id).Game
	if _, _, err := f.s.Resign(ctx, f.in(names[doubler], group, msg), ResignQuestion{Game: id, Counter: g.Counter(), Seat: doubler}); err != nil {
		t.Fatal(err)
	}
	rv, err := review(f, f.in(names[doubler], group, 0))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, m := range rv.Worst {
		found = found || (m.Cube == CubeDoubled && m.Turn == 2 && m.Loss > 0)
	}
	if !found {
		t.Fatalf("no early double among the mistakes: %+v", rv.Worst)
	}
}

// TestOutageNotChargedToIdleClaim: the time the bot was down does not
// count towards a slow duel's idle claim, and it is given back once even
// if the bot stops again before its first sweep.
func TestOutageNotChargedToIdleClaim(t *testing.T) {
	f := newFixture(t)
	rec, _ := f.duel(t)
	f.s.async.Wait()
	loaded := mustLoad(t, f, rec.ID)
	before, ok := loaded.Game.Deadline()
	if !ok {
		t.Fatal("an untimed duel has no idle claim")
	}
	if err := f.st.Heartbeat(ctx, f.clock.now()); err != nil {
		t.Fatal(err)
	}
	f.clock.add(73 * time.Hour) // the bot is down
	if err := f.s.recoverClocks(ctx); err != nil {
		t.Fatal(err)
	}
	recovered := mustLoad(t, f, rec.ID)
	after, _ := recovered.Game.Deadline()
	if !after.After(f.clock.now()) || after.Sub(before) != 73*time.Hour {
		t.Fatalf("after a 73 h outage the idle claim is due at %v, was %v (now %v)", after, before, f.clock.now())
	}
	// A change of the clocks alone leaves the game as idle as it was, for
	// the daily clean-up.
	if !recovered.Updated.Equal(loaded.Updated) {
		t.Errorf("the recovery made the game look played: updated %v, was %v", recovered.Updated, loaded.Updated)
	}
	// It stops again before any sweep and comes back a minute later.
	f.clock.add(time.Minute)
	if err := f.s.recoverClocks(ctx); err != nil {
		t.Fatal(err)
	}
	again, _ := mustLoad(t, f, rec.ID).Game.Deadline()
	if again.Sub(after) != time.Minute {
		t.Errorf("the second start gave back %v, want the minute it was down", again.Sub(after))
	}
}

// TestLostGamesShown: a game a crash left without any board (between its
// start and its first board) is shown at start: a group's shared board, a
// person's own board against the computer.
func TestLostGamesShown(t *testing.T) {
	f := newFixture(t)
	now := f.clock.now()
	alice, bob := f.users["alice"], f.users["bob"]
	duel, err := game.New(game.Options{}, [2]game.Player{game.Human(alice.ID, alice.Name), game.Human(bob.ID, bob.Name)}, now)
	if err != nil {
		t.Fatal(err)
	}
	groupID, err := f.st.CreateGame(ctx, store.NewGame{Kind: store.KindGroup, Chats: [2]int64{group, group}, Game: duel}, now)
	if err != nil {
		t.Fatal(err)
	}
	solo, err := game.New(game.Options{}, [2]game.Player{game.Computer(game.Beginner), game.Human(bob.ID, bob.Name)}, now)
	if err != nil {
		t.Fatal(err)
	}
	soloID, err := f.st.CreateGame(ctx, store.NewGame{Kind: store.KindComputer, Chats: [2]int64{0, bob.ID}, Game: solo}, now)
	if err != nil {
		t.Fatal(err)
	}
	// A duel through private chats that crashed between its two boards.
	carol, dave := f.users["carol"], f.users["dave"]
	pair, err := game.New(game.Options{}, [2]game.Player{game.Human(carol.ID, carol.Name), game.Human(dave.ID, dave.Name)}, now)
	if err != nil {
		t.Fatal(err)
	}
	pairID, err := f.st.CreateGame(ctx, store.NewGame{Kind: store.KindPrivate, Chats: [2]int64{carol.ID, dave.ID}, Game: pair}, now)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.st.SetBoard(ctx, store.Board{GameID: pairID, Viewer: 0, ChatID: carol.ID, MessageID: 5}, now); err != nil {
		t.Fatal(err)
	}
	f.s.showLost(ctx)
	f.s.async.Wait()
	if b := f.d.lastBoard(t, dave.ID); b.game != pairID || b.viewer != 1 {
		t.Errorf("dave's board: %+v", b)
	}
	f.d.mu.Lock()
	for _, b := range f.d.sent {
		if b.chat == carol.ID {
			t.Errorf("carol's board sent again: %+v", b)
		}
	}
	f.d.mu.Unlock()
	if b := f.d.lastBoard(t, group); b.game != groupID || b.viewer != store.SharedBoard {
		t.Errorf("the group's board: %+v", b)
	}
	if b := f.d.lastBoard(t, bob.ID); b.game != soloID || b.viewer != 1 {
		t.Errorf("bob's board against the computer: %+v", b)
	}
	// Shown once: a second start sends nothing more.
	f.d.mu.Lock()
	n := len(f.d.sent)
	f.d.mu.Unlock()
	f.s.showLost(ctx)
	f.d.mu.Lock()
	defer f.d.mu.Unlock()
	if len(f.d.sent) != n {
		t.Errorf("%d boards sent again", len(f.d.sent)-n)
	}
}
