package store

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"nardi/game"
	"nardi/rules"
)

var (
	ctx = context.Background()
	t0  = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
)

func openAt(t *testing.T, path string) *Store {
	t.Helper()
	s, err := Open(ctx, path, Config{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// openTemp opens a store in a fresh temporary directory: each test has a
// database of its own, so the tests run in parallel.
func openTemp(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "nardi test.db")
	s := openAt(t, path)
	t.Cleanup(func() { s.Close() })
	return s, path
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// addUsers stores people with ids 1..n named u1..un.
func addUsers(t *testing.T, s *Store, ids ...int64) {
	t.Helper()
	for _, id := range ids {
		_, err := s.UpsertUser(ctx, UserInfo{ID: id, Name: "User", Username: "u" + string(rune('a'+id%26)), LangCode: "ru"}, t0)
		must(t, err)
	}
}

// fixed returns a roller repeating dice.
func fixed(dice ...int) game.Roller {
	i := 0
	return game.RollerFunc(func() int { i++; return dice[(i-1)%len(dice)] })
}

// duel makes a game between two people; seat 0 starts with 2-1.
func duel(t *testing.T, a, b int64, opts game.Options) *game.Game {
	t.Helper()
	g, err := game.NewWithRoller(opts, [2]game.Player{game.Human(a, "A"), game.Human(b, "B")}, fixed(2, 1), t0)
	must(t, err)
	g.SetRoller(fixed(6, 5, 4, 3))
	return g
}

func stateJSON(t *testing.T, g *game.Game) string {
	t.Helper()
	b, err := json.Marshal(g)
	must(t, err)
	return string(b)
}

func TestMigrationsApplyOnceAndReopen(t *testing.T) {
	t.Parallel()
	s, path := openTemp(t)
	ms, err := migrations()
	must(t, err)
	v, err := s.SchemaVersion(ctx)
	if err != nil || v != latestVersion(ms) || v < 1 {
		t.Fatalf("schema version %d, %v; %d migrations", v, err, len(ms))
	}
	var mode string
	must(t, s.db.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode))
	var fk, busy int
	must(t, s.db.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk))
	must(t, s.db.QueryRowContext(ctx, `PRAGMA busy_timeout`).Scan(&busy))
	if mode != "wal" || fk != 1 || busy != 5000 {
		t.Fatalf("journal mode %q, foreign keys %d, busy timeout %d", mode, fk, busy)
	}
	addUsers(t, s, 1)
	must(t, s.Close())

	// Reopening applies nothing again and keeps the data.
	s = openAt(t, path)
	var rows int
	must(t, s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_version`).Scan(&rows))
	if rows != len(ms) {
		t.Fatalf("%d schema_version rows", rows)
	}
	if _, err := s.User(ctx, 1); err != nil {
		t.Fatal(err)
	}
	// Foreign keys hold: a player must be a stored user.
	_, err = s.CreateGame(ctx, NewGame{Kind: KindGroup, Chats: [2]int64{-5, -5}, Game: duel(t, 1, 99, game.Options{})}, t0)
	if err == nil {
		t.Fatal("a game with an unknown user")
	}
	// A database from a newer program is refused.
	_, err = s.db.ExecContext(ctx, `INSERT INTO schema_version (version, name, applied_at) VALUES (999, 'future', 0)`)
	must(t, err)
	must(t, s.Close())
	if s, err := Open(ctx, path, Config{}); err == nil {
		s.Close()
		t.Fatal("opened a database from the future")
	}
}

func TestUsers(t *testing.T) {
	t.Parallel()
	s, _ := openTemp(t)
	u, err := s.UpsertUser(ctx, UserInfo{ID: 7, Name: "Nino", Username: "nino", LangCode: "ka"}, t0)
	must(t, err)
	if u.ID != 7 || u.Name != "Nino" || u.LangCode != "ka" || u.Language != "" || u.Settings != (Settings{}) ||
		u.Started || !u.Created.Equal(t0) {
		t.Fatalf("new user %+v", u)
	}
	// The same again changes nothing, not even the time.
	u, err = s.UpsertUser(ctx, UserInfo{ID: 7, Name: "Nino", Username: "nino", LangCode: "ka"}, t0.Add(time.Hour))
	must(t, err)
	if !u.Updated.Equal(t0) {
		t.Fatalf("unchanged upsert wrote: %v", u.Updated)
	}
	must(t, s.SetSettings(ctx, 7, Settings{HomeLeft: true, ConfirmMoves: true}, t0))
	must(t, s.SetLanguage(ctx, 7, "ru", t0))
	must(t, s.SetStarted(ctx, 7, true, t0))
	u, err = s.UpsertUser(ctx, UserInfo{ID: 7, Name: "Nino B", Username: "ninob", LangCode: "ka"}, t0.Add(time.Hour))
	must(t, err)
	if u.Name != "Nino B" || u.Username != "ninob" || !u.Updated.Equal(t0.Add(time.Hour)) ||
		u.Settings != (Settings{HomeLeft: true, ConfirmMoves: true}) || u.Language != "ru" || !u.Started {
		t.Fatalf("updated user %+v", u)
	}
	if got, err := s.UserByUsername(ctx, "@NinoB"); err != nil || got.ID != 7 {
		t.Fatalf("by username: %+v %v", got, err)
	}
	if _, err := s.User(ctx, 8); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing user: %v", err)
	}
	if err := s.SetSettings(ctx, 8, Settings{}, t0); !errors.Is(err, ErrNotFound) {
		t.Fatalf("settings of a missing user: %v", err)
	}
}

func TestGameSurvivesReopen(t *testing.T) {
	t.Parallel()
	s, path := openTemp(t)
	addUsers(t, s, 1, 2)
	g := duel(t, 1, 2, game.Options{Clock: game.DuelClock})
	id, err := s.CreateGame(ctx, NewGame{Kind: KindPrivate, Chats: [2]int64{1, 2}, Game: g}, t0)
	must(t, err)
	// Part way through: a turn, a step of the next, a pause.
	c := g.Counter()
	must(t, g.ApplyPlay(0, c, g.LegalPlays()[0], t0.Add(3*time.Second)))
	must(t, g.Step(1, c+1, g.NextSteps()[0], false, t0.Add(5*time.Second)))
	g.Pause(t0.Add(6 * time.Second))
	must(t, s.UpdateGame(ctx, id, g, c, dueOf(g), t0.Add(6*time.Second)))
	must(t, s.SetBoard(ctx, Board{GameID: id, Viewer: 0, ChatID: 1, MessageID: 10, Shown: g.Counter()}, t0))
	must(t, s.Close())

	s = openAt(t, path)
	defer s.Close()
	r, err := s.LoadGame(ctx, id)
	must(t, err)
	if stateJSON(t, r.Game) != stateJSON(t, g) {
		t.Fatalf("the game changed:\n%s\n%s", stateJSON(t, r.Game), stateJSON(t, g))
	}
	if r.ID != id || r.Kind != KindPrivate || r.Status != StatusActive || r.Chats != [2]int64{1, 2} ||
		!r.Created.Equal(t0) || !r.Updated.Equal(t0.Add(6*time.Second)) || !r.Finished.IsZero() {
		t.Fatalf("record %+v", r)
	}
	if r.Game.PositionFor(1) != g.PositionFor(1) || len(r.Game.Made()) != 1 || r.Game.Clock() != g.Clock() {
		t.Fatal("the restored game differs")
	}
	b, err := s.Boards(ctx, id)
	if err != nil || len(b) != 1 || b[0].MessageID != 10 || b[0].Shown != g.Counter() {
		t.Fatalf("boards %+v %v", b, err)
	}
	// A paused clock has no deadline to wait for.
	if due, err := s.DueGames(ctx, t0.Add(24*time.Hour), 10); err != nil || len(due) != 0 {
		t.Fatalf("due while paused: %+v %v", due, err)
	}
	// On restart the clock resumes with the time it had (seat 1's turn,
	// paused 3 s in: 8 s of move time and the 90 s reserve left); the
	// stored deadline follows, and the counter is unchanged so the boards
	// stay valid.
	restart := t0.Add(time.Hour)
	r.Game.Recover(t0.Add(5*time.Second), restart)
	must(t, s.UpdateGame(ctx, id, r.Game, g.Counter(), dueOf(r.Game), restart))
	due, err := s.DueGames(ctx, restart.Add(98*time.Second-time.Millisecond), 10)
	if err != nil || len(due) != 0 {
		t.Fatalf("due early: %+v %v", due, err)
	}
	due, err = s.DueGames(ctx, restart.Add(98*time.Second), 10)
	if err != nil || len(due) != 1 || due[0].Kind != game.DueTimeout || due[0].Counter != g.Counter() {
		t.Fatalf("due after restart: %+v %v", due, err)
	}
	// The game goes on from where it was.
	must(t, r.Game.Undo(1, r.Game.Counter()))
	must(t, s.UpdateGame(ctx, id, r.Game, g.Counter(), dueOf(r.Game), restart))
}

func TestGuardedUpdate(t *testing.T) {
	t.Parallel()
	s, _ := openTemp(t)
	addUsers(t, s, 1, 2)
	id, err := s.CreateGame(ctx, NewGame{Kind: KindGroup, Chats: [2]int64{-100, -100}, Game: duel(t, 1, 2, game.Options{})}, t0)
	must(t, err)
	r, err := s.LoadGame(ctx, id)
	must(t, err)
	stale, err := s.LoadGame(ctx, id)
	must(t, err)
	g := r.Game
	must(t, g.Step(0, 0, rules.Step{From: 13, To: 11}, true, t0))
	must(t, s.UpdateGame(ctx, id, g, 0, dueOf(g), t0))
	// The same action applied to the old state: refused, nothing written.
	must(t, stale.Game.Step(0, 0, rules.Step{From: 6, To: 5}, true, t0))
	if err := s.UpdateGame(ctx, id, stale.Game, 0, dueOf(stale.Game), t0); !errors.Is(err, ErrConflict) {
		t.Fatalf("stale update: %v", err)
	}
	if err := s.UpdateGame(ctx, id+1, g, 1, dueOf(g), t0); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing game: %v", err)
	}
	back, err := s.LoadGame(ctx, id)
	must(t, err)
	if stateJSON(t, back.Game) != stateJSON(t, g) {
		t.Fatal("the stale update was written")
	}
	// One active game per person per chat.
	if _, err := s.CreateGame(ctx, NewGame{Kind: KindGroup, Chats: [2]int64{-100, -100}, Game: duel(t, 2, 1, game.Options{})}, t0); !errors.Is(err, ErrAlreadyPlaying) {
		t.Fatalf("second game in the chat: %v", err)
	}
	other, err := s.CreateGame(ctx, NewGame{Kind: KindGroup, Chats: [2]int64{-200, -200}, Game: duel(t, 2, 1, game.Options{})}, t0)
	must(t, err)
	if a, err := s.ActiveGame(ctx, -100, 2); err != nil || a.ID != id {
		t.Fatalf("active game: %+v %v", a, err)
	}
	if a, err := s.ActiveGame(ctx, -200, 2); err != nil || a.ID != other {
		t.Fatalf("active game: %+v %v", a, err)
	}
	// The end frees the players; the finished game takes no more updates.
	must(t, g.Resign(1, g.Counter(), t0.Add(time.Minute)))
	must(t, s.UpdateGame(ctx, id, g, 1, dueOf(g), t0.Add(time.Minute)))
	fin, err := s.LoadGame(ctx, id)
	must(t, err)
	if fin.Status != StatusFinished || !fin.Finished.Equal(t0.Add(time.Minute)) || !fin.Game.Over() {
		t.Fatalf("finished record %+v", fin)
	}
	var winner, points int
	var reason string
	must(t, s.db.QueryRowContext(ctx, `SELECT winner, points, reason FROM games WHERE id = ?`, id).Scan(&winner, &points, &reason))
	if winner != 0 || points != 2 || reason != "resign" {
		t.Fatalf("columns %d %d %s", winner, points, reason)
	}
	if err := s.UpdateGame(ctx, id, g, g.Counter(), dueOf(g), t0); !errors.Is(err, ErrConflict) {
		t.Fatalf("update of a finished game: %v", err)
	}
	if _, err := s.ActiveGame(ctx, -100, 1); !errors.Is(err, ErrNotFound) {
		t.Fatalf("active game after the end: %v", err)
	}
	if _, err := s.CreateGame(ctx, NewGame{Kind: KindGroup, Chats: [2]int64{-100, -100}, Game: duel(t, 2, 1, game.Options{})}, t0); err != nil {
		t.Fatalf("new game after the end: %v", err)
	}
}

// TestConcurrentUpdates has many goroutines act on the same loaded state
// at once, round after round: exactly one wins each round, the others get
// ErrConflict (never SQLITE_BUSY), and the stored counter advances by one
// a round.
func TestConcurrentUpdates(t *testing.T) {
	t.Parallel()
	s, _ := openTemp(t)
	addUsers(t, s, 1, 2)
	id, err := s.CreateGame(ctx, NewGame{Kind: KindGroup, Chats: [2]int64{-1, -1}, Game: duel(t, 1, 2, game.Options{})}, t0)
	must(t, err)
	const workers, rounds = 12, 6
	for round := range rounds {
		// Every worker loads the same state first, then all act at once.
		var wg sync.WaitGroup
		var mu sync.Mutex
		wins, conflicts := 0, 0
		loaded := make([]*GameRecord, workers)
		for w := range workers {
			r, err := s.LoadGame(ctx, id)
			must(t, err)
			loaded[w] = r
		}
		expected := loaded[0].Game.Counter() + 1
		gate := make(chan struct{})
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				g := loaded[w].Game
				c := g.Counter()
				next := g.NextSteps()
				var err error
				if len(next) > 0 {
					err = g.Step(g.Turn(), c, next[w%len(next)], true, t0)
				} else {
					err = g.Pass(c, t0)
				}
				if err != nil {
					t.Error(err)
					return
				}
				<-gate
				err = s.UpdateGame(ctx, id, g, c, dueOf(g), t0)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					wins++
				case errors.Is(err, ErrConflict):
					conflicts++
				default:
					t.Errorf("round %d: %v", round, err)
				}
			}()
		}
		close(gate)
		wg.Wait()
		if wins != 1 || conflicts != workers-1 {
			t.Fatalf("round %d: %d wins, %d conflicts", round, wins, conflicts)
		}
		r, err := s.LoadGame(ctx, id)
		must(t, err)
		if r.Game.Counter() != expected {
			t.Fatalf("round %d: counter %d, want %d", round, r.Game.Counter(), expected)
		}
	}
}

func TestChallengeAcceptedOnce(t *testing.T) {
	t.Parallel()
	s, _ := openTemp(t)
	const takers = 10
	ids := []int64{1}
	for i := range takers {
		ids = append(ids, int64(100+i))
	}
	addUsers(t, s, ids...)
	opts := game.Options{Clock: game.TimeControl{Move: 5 * time.Second, Reserve: 30 * time.Second}}
	c, err := s.NewChallenge(ctx, Challenge{Kind: KindGroup, From: 1, ChatID: -42, Options: opts, Expires: t0.Add(10 * time.Minute)}, t0)
	must(t, err)
	if len(c.Code) != 16 || c.Status != ChallengeOpen {
		t.Fatalf("challenge %+v", c)
	}
	must(t, s.SetChallengeMessage(ctx, c.Code, 77))
	start := func(c Challenge, by int64) func(Challenge) (NewGame, error) {
		return func(c Challenge) (NewGame, error) {
			g, err := game.New(c.Options, [2]game.Player{game.Human(c.From, "A"), game.Human(by, "B")}, t0)
			return NewGame{Kind: KindGroup, Chats: [2]int64{c.ChatID, c.ChatID}, Game: g}, err
		}
	}
	var wg sync.WaitGroup
	results := make([]error, takers)
	gameIDs := make([]int64, takers)
	for i := range takers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, gameIDs[i], results[i] = s.AcceptChallenge(ctx, c.Code, ids[i+1], t0.Add(time.Minute), start(c, ids[i+1]))
		}()
	}
	wg.Wait()
	winner := -1
	for i, err := range results {
		switch {
		case err == nil:
			if winner >= 0 {
				t.Fatalf("accepted twice: by %d and %d", ids[winner+1], ids[i+1])
			}
			winner = i
		case !errors.Is(err, ErrChallengeTaken):
			t.Fatalf("taker %d: %v", i, err)
		}
	}
	if winner < 0 {
		t.Fatal("nobody accepted")
	}
	got, err := s.Challenge(ctx, c.Code)
	must(t, err)
	if got.Status != ChallengeAccepted || got.AcceptedBy != ids[winner+1] || got.GameID != gameIDs[winner] ||
		got.MessageID != 77 || got.Options != opts {
		t.Fatalf("accepted challenge %+v", got)
	}
	r, err := s.LoadGame(ctx, got.GameID)
	must(t, err)
	if r.Game.Player(1).UserID != ids[winner+1] || r.Game.Options() != opts || r.Chats != [2]int64{-42, -42} {
		t.Fatalf("game %+v", r)
	}
	var games int
	must(t, s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM games`).Scan(&games))
	if games != 1 {
		t.Fatalf("%d games made", games)
	}

	// Who may take a challenge is start's to decide: its refusal, like any
	// failure, changes nothing.
	c2, err := s.NewChallenge(ctx, Challenge{Kind: KindGroup, From: 100, ChatID: -42, Target: 101, Expires: t0.Add(time.Minute)}, t0)
	must(t, err)
	c3, err := s.NewChallenge(ctx, Challenge{Kind: KindPrivate, From: 104, ChatID: 104, TargetName: "@someone", Expires: t0.Add(time.Minute)}, t0)
	must(t, err)
	if c3.TargetName != "someone" {
		t.Fatalf("target name %q", c3.TargetName)
	}
	failing := func(Challenge) (NewGame, error) { return NewGame{}, errors.New("no game today") }
	if _, _, err := s.AcceptChallenge(ctx, c3.Code, 103, t0, failing); err == nil {
		t.Fatal("a failed start accepted the challenge")
	}
	if got, _ := s.Challenge(ctx, c3.Code); got.Status != ChallengeOpen {
		t.Fatalf("after a failed start: %+v", got)
	}
	if _, id, err := s.AcceptChallenge(ctx, c3.Code, 103, t0, start(c3, 103)); err != nil || id == 0 {
		t.Fatalf("accepting after a failed start: %v", err)
	}
	// Expiring returns a challenge past its time once, and it cannot be
	// accepted after.
	exp, err := s.ExpireChallenges(ctx, t0.Add(2*time.Minute))
	must(t, err)
	if len(exp) != 1 || exp[0].Code != c2.Code || exp[0].Status != ChallengeExpired {
		t.Fatalf("expired %+v", exp)
	}
	if exp, _ := s.ExpireChallenges(ctx, t0.Add(time.Hour)); len(exp) != 0 {
		t.Fatalf("expired twice: %+v", exp)
	}
	if _, _, err := s.AcceptChallenge(ctx, c2.Code, 101, t0, start(c2, 101)); !errors.Is(err, ErrChallengeTaken) {
		t.Fatalf("expired challenge: %v", err)
	}
	c4, err := s.NewChallenge(ctx, Challenge{Kind: KindGroup, From: 105, ChatID: -42, Expires: t0.Add(time.Minute)}, t0)
	must(t, err)
	must(t, s.CancelChallenge(ctx, c4.Code))
	if err := s.CancelChallenge(ctx, c4.Code); !errors.Is(err, ErrChallengeTaken) {
		t.Fatalf("cancelled twice: %v", err)
	}
	if _, _, err := s.AcceptChallenge(ctx, c4.Code, 106, t0, start(c4, 106)); !errors.Is(err, ErrChallengeTaken) {
		t.Fatalf("cancelled challenge: %v", err)
	}
	if n, err := s.DeleteChallenges(ctx, t0.Add(time.Second)); err != nil || n != 4 {
		t.Fatalf("deleted %d: %v", n, err)
	}
	if _, err := s.Challenge(ctx, c.Code); !errors.Is(err, ErrNotFound) {
		t.Fatalf("deleted challenge: %v", err)
	}
	if r, err := s.LoadGame(ctx, got.GameID); err != nil || r.Status != StatusActive {
		t.Fatal("deleting the challenge touched its game")
	}
}

func TestStats(t *testing.T) {
	t.Parallel()
	s, _ := openTemp(t)
	addUsers(t, s, 1, 2)
	// finish plays a game to its end by resignation.
	finish := func(g *game.Game, kind Kind, chats [2]int64, resigner game.Seat) {
		id, err := s.CreateGame(ctx, NewGame{Kind: kind, Chats: chats, Game: g}, t0)
		must(t, err)
		c := g.Counter()
		must(t, g.Resign(resigner, c, t0))
		must(t, s.UpdateGame(ctx, id, g, c, dueOf(g), t0))
	}
	// Against the computer: user 1 wins once (2 points), loses once.
	vsComputer := func() *game.Game {
		g, err := game.New(game.Options{}, [2]game.Player{game.Human(1, "A"), game.Computer(game.Beginner)}, t0)
		must(t, err)
		return g
	}
	finish(vsComputer(), KindComputer, [2]int64{1, 0}, 1)
	finish(vsComputer(), KindComputer, [2]int64{1, 0}, 0)
	// Against user 2: user 1 (seat 1 here) wins once.
	finish(duel(t, 2, 1, game.Options{}), KindPrivate, [2]int64{2, 1}, 0)
	// An abandoned game counts for nothing; an active one neither.
	_, err := s.CreateGame(ctx, NewGame{Kind: KindGroup, Chats: [2]int64{-9, -9}, Game: duel(t, 1, 2, game.Options{})}, t0)
	must(t, err)
	id, err := s.CreateGame(ctx, NewGame{Kind: KindGroup, Chats: [2]int64{-8, -8}, Game: duel(t, 1, 2, game.Options{})}, t0.Add(time.Hour))
	must(t, err)
	// A game whose player is still within a long clock stays, however
	// long since it changed.
	slow := duel(t, 1, 2, game.Options{Clock: game.TimeControl{Move: 24 * time.Hour, Reserve: 7 * 24 * time.Hour}})
	slowID, err := s.CreateGame(ctx, NewGame{Kind: KindGroup, Chats: [2]int64{-77, -77}, Game: slow, Due: dueOf(slow)}, t0)
	must(t, err)
	abandoned, err := s.AbandonIdle(ctx, t0.Add(time.Minute), t0.Add(2*time.Hour))
	must(t, err)
	if len(abandoned) != 1 || abandoned[0] == id || abandoned[0] == slowID {
		t.Fatalf("abandoned %v (within its clock: %d; recent: %d)", abandoned, slowID, id)
	}
	if _, err := s.ActiveGame(ctx, -9, 1); !errors.Is(err, ErrNotFound) {
		t.Fatal("an abandoned game is still active")
	}

	st, err := s.Stats(ctx, 1)
	must(t, err)
	// Each resignation, before anything was borne off, is a mars.
	want := Stats{
		All:        Record{Games: 3, Wins: 2, Marses: 2, Points: 4, PointsLost: 2},
		VsComputer: Record{Games: 2, Wins: 1, Marses: 1, Points: 2, PointsLost: 2},
		VsPeople:   Record{Games: 1, Wins: 1, Marses: 1, Points: 2},
	}
	if st != want {
		t.Fatalf("stats of user 1: %+v, want %+v", st, want)
	}
	st, err = s.Stats(ctx, 2)
	must(t, err)
	if st.All != (Record{Games: 1, PointsLost: 2}) {
		t.Fatalf("stats of user 2: %+v", st)
	}
	if st, err := s.Stats(ctx, 3); err != nil || st != (Stats{}) {
		t.Fatalf("stats of nobody: %+v %v", st, err)
	}
	if a, b, err := s.Score(ctx, 1, 2); err != nil || a != 2 || b != 0 {
		t.Errorf("score of 1 against 2: %d-%d, %v", a, b, err)
	}
	if a, b, err := s.Score(ctx, 2, 1); err != nil || a != 0 || b != 2 {
		t.Errorf("score of 2 against 1: %d-%d, %v", a, b, err)
	}
	if a, b, err := s.Score(ctx, 1, 0); err != nil || a != 2 || b != 2 {
		t.Errorf("score of 1 against the computer: %d-%d, %v", a, b, err)
	}
	// Against the computer, a level's series alone.
	if a, b, err := s.ScoreVsComputer(ctx, 1, game.Beginner); err != nil || a != 2 || b != 2 {
		t.Errorf("score against beginner %d-%d, %v", a, b, err)
	}
	if a, b, err := s.ScoreVsComputer(ctx, 1, game.Master); err != nil || a != 0 || b != 0 {
		t.Errorf("score against master %d-%d, %v", a, b, err)
	}
	// Rivals: people only, each with the person's side of their record.
	finish(duel(t, 1, 2, game.Options{}), KindGroup, [2]int64{-7, -7}, 0)
	r1, err := s.Rivals(ctx, 1, 5)
	must(t, err)
	if len(r1) != 1 || r1[0].UserID != 2 || r1[0].Games != 2 || r1[0].Wins != 1 || r1[0].Points != 2 || r1[0].PointsLost != 2 {
		t.Errorf("rivals of user 1: %+v", r1)
	}
	r2, err := s.Rivals(ctx, 2, 5)
	must(t, err)
	if len(r2) != 1 || r2[0].UserID != 1 || r2[0].Wins != 1 || r2[0].Name == "" {
		t.Errorf("rivals of user 2: %+v", r2)
	}
}

func TestDueGamesAndHeartbeat(t *testing.T) {
	t.Parallel()
	s, _ := openTemp(t)
	addUsers(t, s, 1, 2)
	// The computer on turn: due at once.
	vsComputer, err := game.NewWithRoller(game.Options{}, [2]game.Player{game.Computer(game.Master), game.Human(1, "A")}, fixed(5, 2), t0)
	must(t, err)
	cid, err := s.CreateGame(ctx, NewGame{Kind: KindComputer, Chats: [2]int64{0, 1}, Game: vsComputer, Due: dueOf(vsComputer)}, t0)
	must(t, err)
	// A clocked duel: due when the reserve runs out.
	clocked := duel(t, 1, 2, game.Options{Clock: game.TimeControl{Move: 3 * time.Second, Reserve: 6*time.Second + 500*time.Microsecond}})
	did, err := s.CreateGame(ctx, NewGame{Kind: KindGroup, Chats: [2]int64{-1, -1}, Game: clocked, Due: dueOf(clocked)}, t0)
	must(t, err)
	// No clock: nothing due.
	_, err = s.CreateGame(ctx, NewGame{Kind: KindGroup, Chats: [2]int64{-2, -2}, Game: duel(t, 2, 1, game.Options{})}, t0)
	must(t, err)

	due, err := s.DueGames(ctx, t0.Add(9*time.Second), 10)
	must(t, err)
	if len(due) != 1 || due[0].ID != cid || due[0].Kind != game.DueComputer || !due[0].At.Equal(t0) || due[0].Counter != 0 {
		t.Fatalf("due at 9 s: %+v", due)
	}
	// The deadline is rounded up, never early.
	due, err = s.DueGames(ctx, t0.Add(9*time.Second+time.Millisecond), 10)
	must(t, err)
	if len(due) != 2 || due[1].ID != did || due[1].Kind != game.DueTimeout {
		t.Fatalf("due at 9.001 s: %+v", due)
	}
	if next, ok, err := s.NextDue(ctx); err != nil || !ok || !next.Equal(t0) {
		t.Fatalf("next due %v %v %v", next, ok, err)
	}
	// Marking the timeout clears what is due.
	r, err := s.LoadGame(ctx, did)
	must(t, err)
	must(t, r.Game.MarkTimedOut(due[1].Counter, t0.Add(10*time.Second)))
	must(t, s.UpdateGame(ctx, did, r.Game, due[1].Counter, dueOf(r.Game), t0.Add(10*time.Second)))
	due, err = s.DueGames(ctx, t0.Add(time.Hour), 10)
	must(t, err)
	if len(due) != 1 || due[0].ID != cid {
		t.Fatalf("due after the mark: %+v", due)
	}
	ids, err := s.ActiveGames(ctx)
	must(t, err)
	if len(ids) != 3 {
		t.Fatalf("active games %v", ids)
	}

	if _, ok, err := s.LastHeartbeat(ctx); ok || err != nil {
		t.Fatal("a heartbeat before any")
	}
	must(t, s.Heartbeat(ctx, t0))
	must(t, s.Heartbeat(ctx, t0.Add(time.Second)))
	if hb, ok, err := s.LastHeartbeat(ctx); !ok || err != nil || !hb.Equal(t0.Add(time.Second)) {
		t.Fatalf("heartbeat %v %v %v", hb, ok, err)
	}
}

func TestBoards(t *testing.T) {
	t.Parallel()
	s, _ := openTemp(t)
	addUsers(t, s, 1, 2)
	id, err := s.CreateGame(ctx, NewGame{Kind: KindPrivate, Chats: [2]int64{1, 2}, Game: duel(t, 1, 2, game.Options{})}, t0)
	must(t, err)
	must(t, s.SetBoard(ctx, Board{GameID: id, Viewer: 0, ChatID: 1, MessageID: 5}, t0))
	must(t, s.SetBoard(ctx, Board{GameID: id, Viewer: 1, ChatID: 2, MessageID: 6}, t0))
	// /board sends it anew: the new message replaces the old.
	must(t, s.SetBoard(ctx, Board{GameID: id, Viewer: 1, ChatID: 2, MessageID: 9, Shown: 3}, t0))
	bs, err := s.Boards(ctx, id)
	must(t, err)
	if len(bs) != 2 || bs[0] != (Board{GameID: id, Viewer: 0, ChatID: 1, MessageID: 5}) ||
		bs[1] != (Board{GameID: id, Viewer: 1, ChatID: 2, MessageID: 9, Shown: 3}) {
		t.Fatalf("boards %+v", bs)
	}
	if _, err := s.BoardByMessage(ctx, 2, 6); !errors.Is(err, ErrNotFound) {
		t.Fatalf("old message: %v", err)
	}
	if b, err := s.BoardByMessage(ctx, 2, 9); err != nil || b.Viewer != 1 {
		t.Fatalf("by message: %+v %v", b, err)
	}
	// Only newer states are marked shown.
	if ok, err := s.MarkShown(ctx, id, 1, 2, t0); ok || err != nil {
		t.Fatal("an older state marked shown")
	}
	if ok, err := s.MarkShown(ctx, id, 1, 4, t0); !ok || err != nil {
		t.Fatal("a newer state not marked shown")
	}
	// A shared group board.
	gid, err := s.CreateGame(ctx, NewGame{Kind: KindGroup, Chats: [2]int64{-3, -3}, Game: duel(t, 1, 2, game.Options{})}, t0)
	must(t, err)
	must(t, s.SetBoard(ctx, Board{GameID: gid, Viewer: SharedBoard, ChatID: -3, MessageID: 1}, t0))
	if bs, _ := s.Boards(ctx, gid); len(bs) != 1 || bs[0].Viewer != SharedBoard {
		t.Fatalf("group boards %+v", bs)
	}
}

func TestDSNEscapesPath(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "odd?name#1%.db")
	s := openAt(t, path)
	addUsers(t, s, 1)
	must(t, s.Close())
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("the database is not at its path: %v", err)
	}
	s = openAt(t, path)
	defer s.Close()
	if _, err := s.User(ctx, 1); err != nil {
		t.Fatal(err)
	}
}

func TestInboxKeepsUpdatesUntilDone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "inbox.db")
	s, err := Open(ctx, path, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if off, err := s.Offset(ctx); err != nil || off != 0 {
		t.Fatalf("fresh offset %d, %v", off, err)
	}
	ups := []Update{{ID: 7, Body: []byte(`{"update_id":7}`)}, {ID: 8, Body: []byte(`{"update_id":8}`)}}
	if err := s.Receive(ctx, ups, 9); err != nil {
		t.Fatal(err)
	}
	if err := s.Done(ctx, 7); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(ctx, path, Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	pending, dead, err := s.Pending(ctx)
	if err != nil || len(pending) != 1 || len(dead) != 0 || pending[0].ID != 8 || string(pending[0].Body) != `{"update_id":8}` {
		t.Fatalf("pending after reopen: %v, %v, %v", pending, dead, err)
	}
	if off, _ := s.Offset(ctx); off != 9 {
		t.Errorf("offset after reopen %d, want 9", off)
	}
}

// TestPoisonUpdatesArePutAside: an update whose handling fails again and
// again (a panic, or the process dying on it) is replayed MaxTries times
// at most, then kept aside.
func TestPoisonUpdatesArePutAside(t *testing.T) {
	t.Parallel()
	s, _ := openTemp(t)
	must(t, s.Receive(ctx, []Update{{ID: 1, Body: []byte(`{}`)}, {ID: 2, Body: []byte(`{}`)}}, 3))
	if dead, err := s.Failed(ctx, 1); err != nil || dead {
		t.Fatalf("first failure: dead %v, %v", dead, err)
	}
	// Each start replays it, and counts a try.
	for start := 2; start <= MaxTries; start++ {
		pending, dead, err := s.Pending(ctx)
		must(t, err)
		if len(pending) != 2 || len(dead) != 0 {
			t.Fatalf("start %d: pending %v, dead %v", start, pending, dead)
		}
	}
	pending, dead, err := s.Pending(ctx)
	must(t, err)
	if len(pending) != 1 || pending[0].ID != 2 || len(dead) != 2-1 || dead[0].ID != 1 {
		t.Fatalf("after %d tries: pending %v, dead %v", MaxTries, pending, dead)
	}
	var kept int
	must(t, s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM inbox_dead WHERE update_id = 1`).Scan(&kept))
	if kept != 1 {
		t.Fatal("the poison update was not kept aside")
	}
}

// BenchmarkReceive measures storing a poll's update durably
// (synchronous=FULL) against the ordinary writes (NORMAL).
func BenchmarkReceive(b *testing.B) {
	s, err := Open(ctx, filepath.Join(b.TempDir(), "bench.db"), Config{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	body := []byte(`{"update_id":1,"callback_query":{"id":"1","data":"st:1:2:13-7"}}`)
	b.Run("durable", func(b *testing.B) {
		for i := range b.N {
			if err := s.Receive(ctx, []Update{{ID: int64(i + 1), Body: body}}, int64(i+2)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("normal", func(b *testing.B) {
		for i := range b.N {
			if err := s.SetRateLimit(ctx, int64(i), time.Now()); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func TestRateLimitsOutliveARestart(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "limits.db")
	s, err := Open(ctx, path, Config{})
	if err != nil {
		t.Fatal(err)
	}
	now := time.UnixMilli(1_000_000)
	must(t, s.SetRateLimit(ctx, -7, now.Add(30*time.Second)))
	must(t, s.SetRateLimit(ctx, -7, now.Add(10*time.Second))) // an earlier end never shortens it
	must(t, s.SetRateLimit(ctx, 8, now.Add(time.Second)))
	s.Close()
	s, err = Open(ctx, path, Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	limits, err := s.RateLimits(ctx, now.Add(5*time.Second))
	must(t, err)
	if len(limits) != 1 || !limits[-7].Equal(now.Add(30*time.Second)) {
		t.Errorf("limits after a restart: %v", limits)
	}
}

// dueOf is a game's next automatic action, as the bot works it out.
func dueOf(g *game.Game) game.Due {
	d, _ := g.Due(1500 * time.Millisecond)
	return d
}

// TestAbandonedGamesRevealTheirSeeds: a game abandoned, by the clean-up or
// as unplayable, loads closed, its dice seed revealed and matching the
// commitment shown at its start; an active game keeps its seed secret.
func TestAbandonedGamesRevealTheirSeeds(t *testing.T) {
	s, _ := openTemp(t)
	addUsers(t, s, 1, 2, 3)
	newGame := func(a, b int64, chat int64, at time.Time) (int64, string) {
		g, err := game.New(game.Options{}, [2]game.Player{game.Human(a, "A"), game.Human(b, "B")}, at)
		must(t, err)
		id, err := s.CreateGame(ctx, NewGame{Kind: KindGroup, Chats: [2]int64{chat, chat}, Game: g}, at)
		must(t, err)
		return id, g.DiceCommitment()
	}
	idle, idleCommitment := newGame(1, 2, -11, t0)
	unplayable, unplayableCommitment := newGame(2, 3, -12, t0.Add(2*time.Hour))
	active, _ := newGame(1, 3, -13, t0.Add(2*time.Hour))
	ids, err := s.AbandonIdle(ctx, t0.Add(time.Hour), t0.Add(3*time.Hour))
	must(t, err)
	if len(ids) != 1 || ids[0] != idle {
		t.Fatalf("abandoned %v, want %d", ids, idle)
	}
	must(t, s.AbandonGame(ctx, unplayable, t0.Add(3*time.Hour)))

	for id, commitment := range map[int64]string{idle: idleCommitment, unplayable: unplayableCommitment} {
		rec, err := s.LoadGame(ctx, id)
		must(t, err)
		hexSeed, shown := rec.Game.DiceSeed()
		seed, err := game.ParseSeed(hexSeed)
		if rec.Status != StatusAbandoned || !shown || err != nil || game.Commitment(seed) != commitment || rec.Game.DiceCommitment() != commitment {
			t.Errorf("abandoned game %d (%s): seed %q shown %v, %v", id, rec.Status, hexSeed, shown, err)
		}
	}
	// As /verify finds it: the newest game of the person in the chat.
	if rec, err := s.LatestGame(ctx, -12, 3); err != nil || rec.ID != unplayable {
		t.Errorf("latest game of user 3 in -12: %v", err)
	} else if _, shown := rec.Game.DiceSeed(); !shown {
		t.Error("the latest game, abandoned, keeps its seed secret")
	}
	rec, err := s.LoadGame(ctx, active)
	must(t, err)
	if _, shown := rec.Game.DiceSeed(); shown {
		t.Error("an active game's seed is out")
	}
}

// TestStatsCountEveryMars: /stats counts a win as a mars or a koks however
// it was scored: borne off to under the Jacoby rule (scored as an oin),
// won on time, or conceded by a resignation worth a mars; a resignation
// that the Jacoby rule makes a single is not one.
func TestStatsCountEveryMars(t *testing.T) {
	s, _ := openTemp(t)
	addUsers(t, s, 1, 2)
	store := func(g *game.Game) {
		t.Helper()
		id, err := s.CreateGame(ctx, NewGame{Kind: KindPrivate, Chats: [2]int64{g.Player(0).UserID, g.Player(1).UserID}, Game: g}, t0)
		must(t, err)
		must(t, s.UpdateGame(ctx, id, g, g.Counter(), game.Due{}, t0))
	}
	money := game.Options{Rules: rules.Standard, Scoring: rules.WithKoks, Cube: true, Jacoby: true}
	// Random money games under the Jacoby rule, the cube never turned,
	// until user 1 (seat 0) has borne off to a mars and to a koks.
	found := map[game.Reason]bool{}
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; (!found[game.ReasonMars] || !found[game.ReasonKoks]) && n < 3000; n++ {
		g, err := game.NewWithRoller(money, [2]game.Player{game.Human(1, "A"), game.Human(2, "B")},
			game.RollerFunc(func() int { return rng.IntN(6) + 1 }), t0)
		must(t, err)
		for !g.Over() {
			switch g.Phase() {
			case game.PhaseCube:
				must(t, g.Roll(g.Turn(), g.Counter(), t0))
			case game.PhaseNoMoves:
				must(t, g.Pass(g.Counter(), t0))
			default:
				pl := g.LegalPlays()
				must(t, g.ApplyPlay(g.Turn(), g.Counter(), pl[rng.IntN(len(pl))], t0))
			}
		}
		res, _ := g.Result()
		if res.Winner != 0 || res.Jacoby == 0 || found[res.Jacoby] {
			continue
		}
		if res.Reason != game.ReasonOin || res.Points != 1 {
			t.Fatalf("a Jacoby %s scored %+v", res.Jacoby, res)
		}
		found[res.Jacoby] = true
		store(g)
	}
	if !found[game.ReasonMars] || !found[game.ReasonKoks] {
		t.Fatalf("no Jacoby mars and koks in the random games: %v", found)
	}
	// User 1 (seat 1) wins on time: seat 0 starts and never moves.
	late := duel(t, 2, 1, game.Options{Clock: game.TimeControl{Move: 5 * time.Second}})
	must(t, late.ClaimTimeout(1, late.Counter(), t0.Add(time.Hour)))
	store(late)
	// User 1 resigns a mars to user 2; user 2 resigns to user 1 under the
	// Jacoby rule, a single: no mars.
	resigned := duel(t, 1, 2, game.Options{})
	must(t, resigned.Resign(0, resigned.Counter(), t0))
	store(resigned)
	single := duel(t, 1, 2, money)
	must(t, single.Resign(1, single.Counter(), t0))
	if res, _ := single.Result(); res.Value != 1 {
		t.Fatalf("a resignation under the Jacoby rule: %+v", res)
	}
	store(single)

	st, err := s.Stats(ctx, 1)
	must(t, err)
	if st.All.Wins != 4 || st.All.Marses != 2 || st.All.Koks != 1 {
		t.Errorf("user 1: %+v, want 4 wins, 2 marses (Jacoby, timeout), 1 koks (Jacoby)", st.All)
	}
	st, err = s.Stats(ctx, 2)
	must(t, err)
	if st.All.Wins != 1 || st.All.Marses != 1 || st.All.Koks != 0 {
		t.Errorf("user 2: %+v, want 1 win, 1 mars (the resignation)", st.All)
	}
}
