package table

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"nardi/ai"
	"nardi/game"
	"nardi/rules"
	"nardi/store"
	"nardi/store/storetest"
)

var ctx = context.Background()

// display records what the centre asks of a user interface.
type display struct {
	nextID atomic.Int64
	mu     sync.Mutex
	sent   []sentBoard
	redraw chan Outcome
	failTo int64 // a chat SendBoard fails for
	// reminded are the reminders sent: game and seat.
	reminded []reminded
}

type reminded struct {
	game int64
	seat game.Seat
}

type sentBoard struct {
	game, chat, message int64
	viewer              game.Seat
	counter             uint32
}

func (d *display) SendBoard(_ context.Context, rec *store.GameRecord, viewer game.Seat, chat int64) (int64, error) {
	if chat == d.failTo && chat != 0 {
		return 0, errors.New("chat unreachable")
	}
	id := d.nextID.Add(1) + 1000
	d.mu.Lock()
	d.sent = append(d.sent, sentBoard{game: rec.ID, chat: chat, message: id, viewer: viewer, counter: rec.Game.Counter()})
	d.mu.Unlock()
	return id, nil
}

func (d *display) Redraw(out Outcome) {
	select {
	case d.redraw <- out:
	default:
	}
}

func (d *display) Expired(context.Context, store.Challenge) {}

func (d *display) Remind(_ context.Context, rec *store.GameRecord, seat game.Seat) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.reminded = append(d.reminded, reminded{rec.ID, seat})
}

// lastBoard returns the newest board sent to a chat.
func (d *display) lastBoard(t *testing.T, chat int64) sentBoard {
	t.Helper()
	d.mu.Lock()
	defer d.mu.Unlock()
	for i := len(d.sent) - 1; i >= 0; i-- {
		if d.sent[i].chat == chat {
			return d.sent[i]
		}
	}
	t.Fatalf("no board sent to chat %d", chat)
	return sentBoard{}
}

// seeded throws reproducible dice, safe for concurrent games.
type seeded struct {
	mu  sync.Mutex
	rng *rand.Rand
}

func (r *seeded) Roll() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.rng.IntN(6) + 1
}

// clock is a settable time.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

type fixture struct {
	path  string // the database's file
	s     *Service
	st    *store.Store
	d     *display
	clock *clock
	users map[string]store.User
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	path := storetest.Path(t, "table.db")
	st, err := store.Open(ctx, path, store.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	net, err := ai.ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{path: path, st: st, d: &display{redraw: make(chan Outcome, 256)}, clock: &clock{t: time.Now()}, users: map[string]store.User{}}
	f.s, err = New(Config{Store: st, Net: net, Display: f.d, AutoDelay: 20 * time.Millisecond, Now: f.clock.now,
		Roller: &seeded{rng: rand.New(rand.NewPCG(3, 5))}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.s.async.Wait() })
	for i, name := range []string{"alice", "bob", "carol", "dave"} {
		u, err := st.UpsertUser(ctx, store.UserInfo{ID: int64(i + 1), Name: name, Username: name}, f.clock.now())
		if err != nil {
			t.Fatal(err)
		}
		f.users[name] = u
	}
	return f
}

// in is a person acting in a chat, on a message.
func (f *fixture) in(name string, chat, message int64) Actor {
	return Actor{User: f.users[name], Chat: chat, Message: message}
}

// post puts up a challenge from a person in a chat.
func (f *fixture) post(t *testing.T, from string, c store.Challenge) store.Challenge {
	t.Helper()
	c, err := f.s.PostChallenge(ctx, f.in(from, c.ChatID, 0), c, func(store.Challenge) (int64, error) { return 77, nil })
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func wantCode(t *testing.T, err error, want Code) {
	t.Helper()
	if got := CodeOf(err); got != want {
		t.Fatalf("got %v (%v), want %v", got, err, want)
	}
}

const group = -100

func TestChallengeRules(t *testing.T) {
	f := newFixture(t)
	open := f.post(t, "alice", store.Challenge{Kind: store.KindGroup, ChatID: group})
	if open.MessageID != 77 || open.From != f.users["alice"].ID {
		t.Fatalf("posted %+v", open)
	}
	_, err := f.s.Accept(ctx, f.in("alice", group, 77), open.Code)
	wantCode(t, err, ErrOwnChallenge)
	_, err = f.s.AcceptInvite(ctx, f.in("bob", 2, 0), open.Code)
	wantCode(t, err, ErrUnknown) // a group's challenge is no invite link

	byID := f.post(t, "carol", store.Challenge{Kind: store.KindGroup, ChatID: group, Target: f.users["bob"].ID})
	byName := f.post(t, "dave", store.Challenge{Kind: store.KindGroup, ChatID: group, TargetName: "@BOB"})
	for _, c := range []store.Challenge{byID, byName} {
		_, err = f.s.Accept(ctx, f.in("alice", group, 77), c.Code)
		wantCode(t, err, ErrForSomeoneElse)
	}
	if _, err := f.s.Accept(ctx, f.in("bob", group, 77), byName.Code); err != nil {
		t.Fatalf("the named person: %v", err)
	}
	// Bob now plays in the group: he may take no other game there, and
	// dave, his opponent, may challenge nobody there.
	_, err = f.s.Accept(ctx, f.in("bob", group, 77), byID.Code)
	wantCode(t, err, ErrInProgress)
	_, err = f.s.PostChallenge(ctx, f.in("dave", group, 0), store.Challenge{Kind: store.KindGroup, ChatID: group},
		func(store.Challenge) (int64, error) { t.Fatal("shown"); return 0, nil })
	wantCode(t, err, ErrInProgress)
	// Only carol may withdraw her challenge.
	_, err = f.s.Cancel(ctx, f.in("alice", group, 77), byID.Code)
	wantCode(t, err, ErrChallengerOnly)
	if _, err := f.s.Cancel(ctx, f.in("carol", group, 77), byID.Code); err != nil {
		t.Fatal(err)
	}
	_, err = f.s.Accept(ctx, f.in("bob", group, 77), byID.Code)
	wantCode(t, err, ErrChallengeGone)

	// Past its time nobody may take it, before and after the sweep.
	f.clock.add(DefaultChallengeTTL)
	_, err = f.s.Accept(ctx, f.in("carol", group, 77), open.Code)
	wantCode(t, err, ErrChallengeExpired)
	f.s.Sweep(ctx)
	_, err = f.s.Accept(ctx, f.in("carol", group, 77), open.Code)
	wantCode(t, err, ErrChallengeExpired)

	// A challenge that cannot be shown is withdrawn.
	c, err := f.s.PostChallenge(ctx, f.in("carol", group, 0), store.Challenge{Kind: store.KindGroup, ChatID: group},
		func(store.Challenge) (int64, error) { return 0, errors.New("no network") })
	if err == nil {
		t.Fatal("a challenge that could not be shown was posted")
	}
	if got, _ := f.st.Challenge(ctx, c.Code); got.Status != store.ChallengeCancelled {
		t.Fatalf("not withdrawn: %+v", got)
	}
}

func TestChallengeAcceptedOnce(t *testing.T) {
	f := newFixture(t)
	c := f.post(t, "alice", store.Challenge{Kind: store.KindGroup, ChatID: group})
	var wg sync.WaitGroup
	errs := make([]error, 3)
	for i, name := range []string{"bob", "carol", "dave"} {
		wg.Go(func() { _, errs[i] = f.s.Accept(ctx, f.in(name, group, 77), c.Code) })
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch CodeOf(err) {
		case 0:
			won++
		case ErrChallengeGone, ErrOpponentBusy:
		default:
			t.Fatalf("taker refused with %v", err)
		}
	}
	if won != 1 {
		t.Fatalf("%d takers won: %v", won, errs)
	}
}

// duel starts a group duel between alice (seat 0) and bob and shows its
// board; it returns the game and the board's message.
func (f *fixture) duel(t *testing.T) (*store.GameRecord, int64) {
	t.Helper()
	return f.duelWith(t, game.Options{})
}

// duelWith is duel on the terms given.
func (f *fixture) duelWith(t *testing.T, opts game.Options) (*store.GameRecord, int64) {
	t.Helper()
	c := f.post(t, "alice", store.Challenge{Kind: store.KindGroup, ChatID: group, Options: opts})
	acc, err := f.s.Accept(ctx, f.in("bob", group, 77), c.Code)
	if err != nil {
		t.Fatal(err)
	}
	out, err := f.s.ShowBoard(ctx, acc.Game.ID, store.SharedBoard, group)
	if err != nil {
		t.Fatal(err)
	}
	return out.Game, f.d.lastBoard(t, group).message
}

func TestTapsNeedTheCurrentBoardAndASeat(t *testing.T) {
	f := newFixture(t)
	rec, msg := f.duel(t)
	g := rec.Game
	mover, waiter := "alice", "bob"
	if g.Turn() == 1 {
		mover, waiter = waiter, mover
	}
	step := g.NextSteps()[0]
	c := g.Counter()
	_, err := f.s.Step(ctx, f.in("carol", group, msg), rec.ID, c, step)
	wantCode(t, err, ErrNotAPlayer)
	_, err = f.s.Step(ctx, f.in(mover, group, msg+1), rec.ID, c, step)
	wantCode(t, err, ErrStale) // not the board's message
	_, err = f.s.Step(ctx, f.in(mover, group+1, msg), rec.ID, c, step)
	wantCode(t, err, ErrStale) // not the board's chat
	_, err = f.s.Step(ctx, f.in(waiter, group, msg), rec.ID, c, step)
	wantCode(t, err, ErrNotYourTurn)
	_, err = f.s.Step(ctx, f.in(mover, group, msg), rec.ID, c+1, step)
	wantCode(t, err, ErrStale)
	if cur, _ := f.st.LoadGame(ctx, rec.ID); cur.Game.Counter() != c {
		t.Fatalf("a refused tap changed the game: counter %d", cur.Game.Counter())
	}
	out, err := f.s.Step(ctx, f.in(mover, group, msg), rec.ID, c, step)
	if err != nil || !out.Redraw || out.Game.Game.Counter() != c+1 || len(out.Boards) != 1 {
		t.Fatalf("the mover's step: %+v, %v", out, err)
	}
	// The same tap again is out of date and changes nothing.
	_, err = f.s.Step(ctx, f.in(mover, group, msg), rec.ID, c, step)
	wantCode(t, err, ErrStale)
	if cur, _ := f.st.LoadGame(ctx, rec.ID); cur.Game.Counter() != c+1 {
		t.Fatalf("a repeated tap applied: counter %d", cur.Game.Counter())
	}
	// /board sends it anew: the old message takes no taps.
	res, err := f.s.ResendBoard(ctx, f.in(waiter, group, 0))
	if err != nil || len(res.Replaced) != 1 || res.Replaced[0].MessageID != msg || res.Viewer != store.SharedBoard {
		t.Fatalf("resent: %+v, %v", res, err)
	}
	cur := out.Game.Game
	if len(cur.Made()) > 0 {
		_, err = f.s.Undo(ctx, f.in(mover, group, msg), rec.ID, cur.Counter())
		wantCode(t, err, ErrStale)
	}
}

func TestResignQuestionBelongsToItsAsker(t *testing.T) {
	f := newFixture(t)
	rec, _ := f.duel(t)
	const question = 555 // the message /resign asks in
	var q ResignQuestion
	err := f.s.AskResignByCommand(ctx, f.in("alice", group, 0), func(asked ResignQuestion, points int) (int64, error) {
		if points != 2 {
			t.Errorf("%d points", points)
		}
		q = asked
		return question, nil
	})
	if err != nil || q.Seat != 0 {
		t.Fatalf("question %+v, %v", q, err)
	}
	// Its buttons on any other message change nothing and remove nothing.
	_, onQ, err := f.s.Resign(ctx, f.in("alice", group, question+1), q)
	wantCode(t, err, ErrStale)
	if onQ {
		t.Fatal("another message would be removed")
	}
	_, onQ, err = f.s.Resign(ctx, f.in("carol", group, question), q)
	wantCode(t, err, ErrNotAPlayer)
	if onQ {
		t.Fatal("a bystander's tap would remove the question")
	}
	_, onQ, err = f.s.Resign(ctx, f.in("bob", group, question), q)
	wantCode(t, err, ErrNotYours)
	if onQ {
		t.Fatal("the opponent's tap would remove the question")
	}
	out, onQ, err := f.s.Resign(ctx, f.in("alice", group, question), q)
	if err != nil || !onQ {
		t.Fatalf("alice resigns: %v, on question %v", err, onQ)
	}
	if res, over := out.Game.Game.Result(); !over || res.Winner != 1 || res.Points != 2 || out.Game.Status != store.StatusFinished {
		t.Fatalf("result %+v over %v, status %s", res, over, out.Game.Status)
	}
	if _, err := f.st.ActiveGame(ctx, group, f.users["alice"].ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("alice still plays: %v", err)
	}
	_ = rec
}

func TestComputerGame(t *testing.T) {
	f := newFixture(t)
	alice := f.users["alice"]
	_, err := f.s.StartComputer(ctx, f.in("alice", group, 0), game.Beginner, game.Options{})
	wantCode(t, err, ErrPrivateOnly)
	out, err := f.s.StartComputer(ctx, f.in("alice", alice.ID, 0), game.Beginner, game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.s.StartComputer(ctx, f.in("alice", alice.ID, 0), game.Master, game.Options{})
	wantCode(t, err, ErrInProgress)
	id := out.Game.ID
	// Whatever the opening, the computer and the automatic actions bring
	// the game to alice's choice within a few moves, each one redrawn.
	deadline := time.After(20 * time.Second)
	for {
		rec, err := f.st.LoadGame(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		g := rec.Game
		if _, forced := g.Forced(); g.Turn() == 0 && g.Phase() == game.PhaseMoving && !forced {
			break
		}
		select {
		case o := <-f.d.redraw:
			if o.Game.ID != id || !o.Redraw {
				t.Fatalf("redraw %+v", o)
			}
		case <-deadline:
			t.Fatalf("the game stays at %s, seat %d on turn", g.Phase(), g.Turn())
		}
	}
	if got := f.d.lastBoard(t, alice.ID); got.game != id || got.viewer != 0 {
		t.Fatalf("board %+v", got)
	}
}

// TestComputerClaimsAtOnce: when a person's time runs out against the
// computer, the computer claims the game at once.
func TestComputerClaimsAtOnce(t *testing.T) {
	f := newFixture(t)
	alice := f.users["alice"]
	out, err := f.s.StartComputer(ctx, f.in("alice", alice.ID, 0), game.Beginner, game.Options{Clock: game.TimeControl{Move: time.Second, Reserve: time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	id := out.Game.ID
	deadline := time.Now().Add(20 * time.Second)
	for {
		rec, _ := f.st.LoadGame(ctx, id)
		if rec.Game.Over() {
			if res, _ := rec.Game.Result(); res.Reason != game.ReasonTimeout || res.Winner != 1 {
				t.Fatalf("result %+v", res)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the game goes on: %s, seat %d", rec.Game.Phase(), rec.Game.Turn())
		}
		f.clock.add(3 * time.Second)
		f.s.Sweep(ctx)
		time.Sleep(20 * time.Millisecond)
	}
}

// TestSweepRedrawsBoardsLeftBehind: a board that shows an older state
// than its game for a while (as after a crash between storing a move and
// editing the board) is redrawn by the sweep.
func TestSweepRedrawsBoardsLeftBehind(t *testing.T) {
	f := newFixture(t)
	rec, msg := f.duel(t)
	mover := "alice"
	if rec.Game.Turn() == 1 {
		mover = "bob"
	}
	if _, err := f.s.Step(ctx, f.in(mover, group, msg), rec.ID, rec.Game.Counter(), rec.Game.NextSteps()[0]); err != nil {
		t.Fatal(err)
	}
	for len(f.d.redraw) > 0 {
		<-f.d.redraw
	}
	f.s.Sweep(ctx) // not behind for long yet
	select {
	case o := <-f.d.redraw:
		t.Fatalf("redrawn at once: %+v", o.Game.ID)
	case <-time.After(50 * time.Millisecond):
	}
	f.clock.add(behindFor + time.Second)
	f.s.Sweep(ctx)
	select {
	case o := <-f.d.redraw:
		if o.Game.ID != rec.ID || !o.Redraw || len(o.Boards) != 1 {
			t.Fatalf("redraw %+v", o)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the board left behind was not redrawn")
	}
}

// TestComputerPlaysTheCube: in a classic game the computer decides its
// cube and answers the person's doubles by itself.
func TestComputerPlaysTheCube(t *testing.T) {
	f := newFixture(t)
	alice := f.users["alice"]
	opts := game.Options{Cube: true, Rules: rules.Standard, Scoring: rules.WithKoks}
	g, err := f.s.newGame(opts, [2]game.Player{game.Human(alice.ID, "alice"), game.Computer(game.Master)})
	if err != nil {
		t.Fatal(err)
	}
	id, err := f.st.CreateGame(ctx, store.NewGame{Kind: store.KindComputer, Chats: [2]int64{alice.ID, 0}, Game: g, Due: f.s.dueOf(store.KindComputer, g)}, f.clock.now())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.ShowBoard(ctx, id, 0, alice.ID); err != nil {
		t.Fatal(err)
	}
	msg := f.d.lastBoard(t, alice.ID).message
	doubled := false
	deadline := time.Now().Add(30 * time.Second)
	for {
		rec, err := f.st.LoadGame(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		g := rec.Game
		if g.Over() || (doubled && g.Cube().Value == 2) {
			return // the computer took (or dropped, ending the game)
		}
		if time.Now().After(deadline) {
			t.Fatalf("stuck in %s, seat %d, cube %+v", g.Phase(), g.Turn(), g.Cube())
		}
		if g.Decider() == 0 {
			a := f.in("alice", alice.ID, msg)
			c := g.Counter()
			var err error
			switch g.Phase() {
			case game.PhaseCube:
				err = func() error {
					_, err := f.s.mutate(ctx, id, func(rec *store.GameRecord, _ []store.Board) error {
						return rec.Game.Double(0, c, f.clock.now())
					})
					return err
				}()
				doubled = err == nil
			case game.PhaseMoving:
				_, err = f.s.Step(ctx, a, id, c, g.NextSteps()[0])
			}
			if err != nil && !isStale(err) {
				t.Fatalf("alice's action in %s: %v", g.Phase(), err)
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestRepeatedCommandPostsOnce: the same /duel handled twice (as after a
// restart) posts one challenge and says nothing the second time; once that
// challenge has lapsed, the same source may offer anew.
func TestRepeatedCommandPostsOnce(t *testing.T) {
	f := newFixture(t)
	a := f.in("carol", group, 4242) // the command's message
	shown := 0
	show := func(store.Challenge) (int64, error) { shown++; return 88, nil }
	first, err := f.s.PostChallenge(ctx, a, store.Challenge{Kind: store.KindGroup, ChatID: group}, show)
	if err != nil {
		t.Fatal(err)
	}
	again, err := f.s.PostChallenge(ctx, a, store.Challenge{Kind: store.KindGroup, ChatID: group}, show)
	wantCode(t, err, ErrAlreadyPosted)
	if again.Code != first.Code || shown != 1 {
		t.Fatalf("posted %d times, %s then %s", shown, first.Code, again.Code)
	}
	// Another command while it is open: one open challenge a person.
	_, err = f.s.PostChallenge(ctx, f.in("carol", group, 4243), store.Challenge{Kind: store.KindGroup, ChatID: group}, show)
	wantCode(t, err, ErrChallengeOpen)
	f.clock.add(DefaultChallengeTTL + time.Second)
	if _, err := f.s.PostChallenge(ctx, a, store.Challenge{Kind: store.KindGroup, ChatID: group}, show); err != nil || shown != 2 {
		t.Fatalf("after the first lapsed: %v, shown %d", err, shown)
	}
}

// TestResignQuestionOutlivesTheOpponentsMove: a /resign question is not
// redrawn as the game moves on, so it is answered at the game's counter of
// the moment, as long as resigning still costs what it said.
func TestResignQuestionOutlivesTheOpponentsMove(t *testing.T) {
	f := newFixture(t)
	rec, msg := f.duel(t)
	names := map[game.Seat]string{0: "alice", 1: "bob"}
	mover := rec.Game.Turn()
	const question = 556
	var q ResignQuestion
	err := f.s.AskResignByCommand(ctx, f.in(names[mover.Other()], group, 0), func(asked ResignQuestion, _ int) (int64, error) {
		q = asked
		return question, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The player on turn steps: the counter moves on.
	g := rec.Game
	out, err := f.s.Step(ctx, f.in(names[mover], group, msg), rec.ID, g.Counter(), g.NextSteps()[0])
	if err != nil || out.Game.Game.Counter() == q.Counter {
		t.Fatalf("the step: %v", err)
	}
	out, onQ, err := f.s.Resign(ctx, f.in(names[mover.Other()], group, question), q)
	if err != nil || !onQ {
		t.Fatalf("the question after the opponent's step: %v, on question %v", err, onQ)
	}
	if res, over := out.Game.Game.Result(); !over || res.Winner != mover || res.Reason != game.ReasonResign {
		t.Fatalf("result %+v over %v", res, over)
	}
}

// TestResignQuestionStaysInItsGame: a /resign question of a match's game
// does not resign the next game, however alike their costs.
func TestResignQuestionStaysInItsGame(t *testing.T) {
	f := newFixture(t)
	rec, msg := f.duelWith(t, game.Options{Match: 7})
	const question = 557
	var q ResignQuestion
	if err := f.s.AskResignByCommand(ctx, f.in("alice", group, 0), func(a ResignQuestion, _ int) (int64, error) {
		q = a
		return question, nil
	}); err != nil {
		t.Fatal(err)
	}
	// Bob resigns the first game on the board; the second begins.
	out, _, err := f.s.Resign(ctx, f.in("bob", group, msg), ResignQuestion{Game: rec.ID, Counter: rec.Game.Counter(), Seat: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err = f.s.NextGame(ctx, f.in("alice", group, msg), rec.ID, out.Game.Game.Counter()); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.s.Resign(ctx, f.in("alice", group, question), q); err == nil {
		t.Fatalf("game 1's question resigned game 2 (score %v)", mustLoad(t, f, rec.ID).Game.Score())
	}
}
