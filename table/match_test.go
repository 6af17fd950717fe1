package table

import (
	"cmp"
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"nardi/ai"
	"nardi/game"
	"nardi/rules"
	"nardi/store"
)

// TestComputerMatch: a classic match to 3 against the computer. A game
// resigned leaves the match active with the next game due after the
// pause; the sweep starts it on the same board; a new service on the same
// store (a restart) finds the score and the cube as they were; 🔁 belongs
// to the players and the current board alone.
func TestComputerMatch(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	alice := f.users["alice"]
	opts := game.Options{Rules: rules.Standard, Scoring: rules.WithKoks, Cube: true, Match: 3}
	out, err := f.s.StartComputer(ctx, f.in("alice", alice.ID, 0), game.Beginner, opts)
	if err != nil {
		t.Fatal(err)
	}
	id := out.Game.ID
	msg := f.d.lastBoard(t, alice.ID).message
	var q ResignQuestion
	err = f.s.AskResignByCommand(ctx, f.in("alice", alice.ID, 0), func(asked ResignQuestion, points int) (int64, error) {
		q = asked
		return 900, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	end, _, err := f.s.Resign(ctx, f.in("alice", alice.ID, 900), q)
	if err != nil {
		t.Fatal(err)
	}
	if end.Game.Status != store.StatusActive || end.Due.Kind != game.DueNext || !end.Game.Game.Over() {
		t.Fatalf("after game 1: status %s, due %+v", end.Game.Status, end.Due)
	}
	if _, err := f.st.ActiveGame(ctx, alice.ID, alice.ID); err != nil {
		t.Fatalf("alice is free to start another game mid-match: %v", err)
	}
	// 🔁 is for the players, on the board.
	c := end.Game.Game.Counter()
	_, err = f.s.NextGame(ctx, f.in("carol", alice.ID, msg), id, c)
	wantCode(t, err, ErrNotAPlayer)
	_, err = f.s.NextGame(ctx, f.in("alice", alice.ID, msg+1), id, c)
	wantCode(t, err, ErrStale)

	// The pause runs out: the sweep starts game 2.
	f.clock.add(game.NextGamePause + time.Second)
	f.s.Sweep(ctx)
	deadline := time.Now().Add(20 * time.Second)
	var rec *store.GameRecord
	for {
		if rec, err = f.st.LoadGame(ctx, id); err != nil {
			t.Fatal(err)
		}
		if rec.Game.Match().Number == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("game 2 did not begin: %+v", rec.Game.Match())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if rec.Game.Score() != [2]int{0, 2} || rec.Game.Over() {
		t.Fatalf("game 2 at %v, over %v", rec.Game.Score(), rec.Game.Over())
	}
	f.s.async.Wait()

	// A restart: another service on the same store sees the same match.
	s2, err := New(Config{Store: f.st, Net: f.s.cfg.Net, Display: f.d, Now: f.clock.now})
	if err != nil {
		t.Fatal(err)
	}
	again, err := s2.Current(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	g := again.Game.Game
	if g.Match() != rec.Game.Match() || g.Cube() != rec.Game.Cube() || len(g.Past()) != 1 || g.Past()[0].Result.Reason != game.ReasonResign {
		t.Fatalf("after a restart: %+v, cube %+v, past %+v", g.Match(), g.Cube(), g.Past())
	}
}

// TestTimeoutLosesTheMatch: a player whose time runs out in a match loses
// the whole match once the opponent claims, and the match is finished.
func TestTimeoutLosesTheMatch(t *testing.T) {
	f := newFixture(t)
	opts := game.Options{Match: 5, Clock: game.TimeControl{Move: 5 * time.Second, Reserve: 5 * time.Second}}
	c := f.post(t, "alice", store.Challenge{Kind: store.KindGroup, ChatID: group, Options: opts})
	acc, err := f.s.Accept(ctx, f.in("bob", group, 77), c.Code)
	if err != nil {
		t.Fatal(err)
	}
	id := acc.Game.ID
	if _, err := f.s.ShowBoard(ctx, id, store.SharedBoard, group); err != nil {
		t.Fatal(err)
	}
	rec := mustLoad(t, f, id)
	msg := f.d.lastBoard(t, group).message
	late := rec.Game.Decider()
	f.clock.add(time.Minute)
	f.s.Sweep(ctx)
	deadline := time.Now().Add(10 * time.Second)
	for !mustLoad(t, f, id).Game.Clock().TimedOut {
		if time.Now().After(deadline) {
			t.Fatal("the timeout was not marked")
		}
		time.Sleep(10 * time.Millisecond)
	}
	claimer := "alice"
	if rec.Game.Player(late.Other()).UserID == f.users["bob"].ID {
		claimer = "bob"
	}
	g := mustLoad(t, f, id).Game
	out, err := f.s.Claim(ctx, f.in(claimer, group, msg), id, g.Counter())
	if err != nil {
		t.Fatal(err)
	}
	res, _ := out.Game.Game.Result()
	if out.Game.Status != store.StatusFinished || !res.Forfeit || !out.Game.Game.Done() {
		t.Fatalf("after the claim: %s, %+v", out.Game.Status, res)
	}
}

func mustLoad(t *testing.T, f *fixture, id int64) *store.GameRecord {
	t.Helper()
	rec, err := f.st.LoadGame(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// TestReview: a finished game's review judges the person's own plays:
// at most three mistakes, worst first, each a legal play from the
// position named, and an error rate; a bystander gets none, and nor does
// a match whose first game goes on. Long nardi games are reviewed too.
func TestReview(t *testing.T) {
	t.Parallel()
	t.Run("short match", func(t *testing.T) { t.Parallel(); checkReview(t, game.Options{Match: 3}) })
	t.Run("long", func(t *testing.T) {
		t.Parallel()
		checkReview(t, game.Options{Variant: rules.Long, Rules: rules.Standard, Match: 3})
	})
}

// review judges the actor's newest finished game, as posted nowhere.
func review(f *fixture, a Actor) (Review, error) {
	job, _, err := f.s.BeginReview(ctx, a, 0, a.Chat)
	if err != nil {
		return Review{}, err
	}
	defer job.Finish(ctx, 0)
	return job.Run(ctx)
}

func checkReview(t *testing.T, opts game.Options) {
	f := newFixture(t)
	alice := f.users["alice"]
	out, err := f.s.StartComputer(ctx, f.in("alice", alice.ID, 0), game.Beginner, opts)
	if err != nil {
		t.Fatal(err)
	}
	id := out.Game.ID
	_, err = review(f, f.in("alice", alice.ID, 0))
	wantCode(t, err, ErrNoFinishedGame)
	// Alice plays the first legal step each time for a while, then resigns.
	msg := f.d.lastBoard(t, alice.ID).message
	deadline := time.Now().Add(30 * time.Second)
	for steps := 0; steps < 30; {
		g := mustLoad(t, f, id).Game
		if time.Now().After(deadline) {
			t.Fatalf("the game did not come back to alice: %s, seat %d", g.Phase(), g.Turn())
		}
		if g.Over() {
			break
		}
		if _, forced := g.Forced(); g.Turn() != 0 || g.Phase() != game.PhaseMoving || forced {
			f.clock.add(time.Second) // a pass or a forced play falls due
			f.s.Sweep(ctx)
			time.Sleep(5 * time.Millisecond)
			continue
		}
		if _, err := f.s.Step(ctx, f.in("alice", alice.ID, msg), id, g.Counter(), g.NextSteps()[0]); err == nil {
			steps++
		}
	}
	// The computer may move between the load and the resignation: then
	// the counter is stale and alice resigns again.
	for g := mustLoad(t, f, id).Game; !g.Over(); g = mustLoad(t, f, id).Game {
		_, _, err = f.s.Resign(ctx, f.in("alice", alice.ID, msg), ResignQuestion{Game: id, Counter: g.Counter(), Seat: 0})
		if err != nil && time.Now().After(deadline) {
			t.Fatal(err)
		}
	}
	rv, err := review(f, f.in("alice", alice.ID, 0))
	if err != nil {
		t.Fatal(err)
	}
	if rv.Decisions == 0 || rv.PR < 0 || len(rv.Worst) > reviewMistakes || rv.Seat != 0 || rv.Number != 1 {
		t.Fatalf("review %+v", rv)
	}
	// The story: a chance before each turn and the end (0 when alice
	// resigned; 1 when, on lucky dice against beginner, she won first), each
	// turn's luck adding up to each side's.
	end := 0.0
	if res, over := mustLoad(t, f, id).Game.Result(); over && res.Winner == 0 {
		end = 1
	}
	if n := len(rv.Turns); n == 0 || len(rv.Chances) != n+1 || len(rv.Rolls) != n || rv.Chances[n] != end {
		t.Fatalf("the story: %d turns, %d chances ending %v, want the end %v", n, len(rv.Chances), rv.Chances, end)
	}
	var luck [2]float64
	for i, l := range rv.Rolls {
		if c := rv.Chances[i]; c < 0 || c > 1 {
			t.Errorf("turn %d: chance %g", i+1, c)
		}
		luck[min(1, int(rv.Turns[i]))] += l
	}
	if math.Abs(luck[0]-rv.Luck[0]) > 1e-9 || math.Abs(luck[1]-rv.Luck[1]) > 1e-9 {
		t.Errorf("luck %v, the rolls add up to %v", rv.Luck, luck)
	}
	for i, m := range rv.Worst {
		if i > 0 && m.Loss > rv.Worst[i-1].Loss {
			t.Errorf("mistakes out of order: %+v", rv.Worst)
		}
		v, rs := opts.Game(), cmp.Or(opts.Rules, rules.Nardi)
		_, err1 := v.NewTurn(m.Before, m.Dice, rs, false).Play(m.Played.Steps[:m.Played.N])
		_, err2 := v.NewTurn(m.Before, m.Dice, rs, true).Play(m.Played.Steps[:m.Played.N])
		if err1 != nil && err2 != nil {
			t.Errorf("mistake %d: %s is not a play of %s %v", i, m.Played, m.Before.PositionID(), m.Dice)
		}
	}
	_, err = review(f, f.in("carol", alice.ID, 0))
	wantCode(t, err, ErrNoGame)

	// One review under way a person; one posted in a chat is pointed to,
	// and is made anew only for another chat.
	a := f.in("alice", alice.ID, 0)
	job, posted, err := f.s.BeginReview(ctx, a, 0, a.Chat)
	if err != nil || job == nil || posted != 0 {
		t.Fatalf("a review: %v, %v, %d", job, err, posted)
	}
	_, _, err = f.s.BeginReview(ctx, a, 0, a.Chat)
	wantCode(t, err, ErrReviewBusy)
	stopped, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := job.Run(stopped); !errors.Is(err, context.Canceled) {
		t.Fatalf("a review run at shutdown: %v", err)
	}
	job.Finish(ctx, 77)
	job.Finish(ctx, 78) // only the first counts
	if again, posted, err := f.s.BeginReview(ctx, a, 0, a.Chat); err != nil || again != nil || posted != 77 {
		t.Fatalf("the review asked again: %v, %v, %d", again, err, posted)
	}
	elsewhere, posted, err := f.s.BeginReview(ctx, a, 0, a.Chat+1)
	if err != nil || elsewhere == nil || posted != 0 {
		t.Fatalf("the review for another chat: %v, %v, %d", elsewhere, err, posted)
	}
	elsewhere.Finish(ctx, 0)
}

// TestTurnCube: a review judges each turn under the cube and the score its
// mover faced: the cube's value, whose it is from the mover's side, the
// mover's score first.
func TestTurnCube(t *testing.T) {
	opts := game.Options{Cube: true, Match: 5}
	m := game.MatchState{Score: [2]int{3, 1}}
	for _, tc := range []struct {
		value        int
		owner, mover game.Seat
		want         ai.CubeState
	}{
		{1, game.NoSeat, 0, ai.CubeState{Cube: 1, Owner: -1, MatchLength: 5, Score: [2]int{3, 1}}},
		{2, 1, 0, ai.CubeState{Cube: 2, Owner: 1, MatchLength: 5, Score: [2]int{3, 1}}},
		{2, 1, 1, ai.CubeState{Cube: 2, Owner: 0, MatchLength: 5, Score: [2]int{1, 3}}},
	} {
		if got := turnCube(opts, m, tc.value, tc.owner, tc.mover); got != tc.want {
			t.Errorf("cube %d owned by %d, mover %d: %+v, want %+v", tc.value, tc.owner, tc.mover, got, tc.want)
		}
	}
}
