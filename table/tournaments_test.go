package table

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"nardi/ai"
	"nardi/game"
	"nardi/store"
)

// lobby records what the centre shows of tournaments.
type lobby struct {
	now   func() time.Time
	mu    sync.Mutex
	cards []time.Time // when each card edit was asked for
	ready []store.Pairing
	over  []TournamentView
	few   []TournamentView
	// reminded lists the players reminded of a round's deadline.
	reminded []int64
	// byes lists the pairs whose player was told of their bye.
	byes []store.Pairing
}

func (l *lobby) Bye(_ context.Context, _ TournamentView, p store.Pairing) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.byes = append(l.byes, p)
}

func (l *lobby) TooFew(_ context.Context, v TournamentView) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.few = append(l.few, v)
}

func (l *lobby) RoundReminder(_ context.Context, _ TournamentView, _ store.Pairing, user int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.reminded = append(l.reminded, user)
}

func (l *lobby) Card(_ context.Context, v TournamentView) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.cards = append(l.cards, l.now())
}

func (l *lobby) GameReady(_ context.Context, _ TournamentView, p store.Pairing, _ *store.GameRecord) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.ready = append(l.ready, p)
}

func (l *lobby) Over(_ context.Context, v TournamentView) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.over = append(l.over, v)
}

// entrants adds people up to n (alice to dave are 1 to 4) and returns
// their names by id.
func (f *fixture) entrants(t *testing.T, n int) map[int64]string {
	t.Helper()
	names := map[int64]string{}
	for i := 1; i <= n; i++ {
		name := fmt.Sprintf("p%02d", i)
		if i <= 4 {
			name = []string{"alice", "bob", "carol", "dave"}[i-1]
		} else {
			u, err := f.st.UpsertUser(ctx, store.UserInfo{ID: int64(i), Name: name}, f.clock.now())
			if err != nil {
				t.Fatal(err)
			}
			f.users[name] = u
		}
		names[int64(i)] = name
	}
	return names
}

// resign has a player give up their game.
func (f *fixture) resign(t *testing.T, s *Service, id, user int64) {
	t.Helper()
	_, err := s.mutate(ctx, id, func(rec *store.GameRecord, _ []store.Board) error {
		seat, _ := rec.Game.SeatOf(user)
		return rec.Game.Resign(seat, rec.Game.Counter(), f.clock.now())
	})
	if err != nil {
		t.Fatalf("user %d resigns game %d: %v", user, id, err)
	}
	s.async.Wait()
}

// TestTournamentKnockout16 holds a 16-player knockout of 3-minute games
// on a fake clock: joining and the host's rights, the first round seeded,
// one pair that never plays forfeited at the deadline, the centre replaced
// by another on the same database in the middle of a round (a restart),
// the card edited at most once a minute, and the winner and podium.
func TestTournamentKnockout16(t *testing.T) {
	f := newFixture(t)
	names := f.entrants(t, 16)
	l := &lobby{now: f.clock.now}
	f.s.cfg.Lobby = l
	opts := game.Options{Clock: game.TimeControl{Move: 5 * time.Second, Reserve: 3 * time.Minute}}
	v, err := f.s.OpenTournament(ctx, f.in("alice", group, 10), store.Tournament{Format: store.Knockout, Options: opts},
		func(TournamentView) (int64, error) { return 500, nil })
	if err != nil {
		t.Fatal(err)
	}
	id := v.Tournament.ID
	if v.Tournament.MessageID != 500 || v.Tournament.RoundTime != 10*time.Minute {
		t.Fatalf("opened %+v", v.Tournament)
	}
	_, err = f.s.OpenTournament(ctx, f.in("bob", group, 11), store.Tournament{Format: store.Swiss},
		func(TournamentView) (int64, error) { t.Fatal("shown"); return 0, nil })
	wantCode(t, err, ErrTournamentOpen)

	_, err = f.s.StartTournament(ctx, f.in("alice", group, 500), id, false)
	wantCode(t, err, ErrTooFewPlayers)
	for i := int64(1); i <= 16; i++ {
		if _, err := f.s.JoinTournament(ctx, f.in(names[i], group, 500), id); err != nil {
			t.Fatal(err)
		}
	}
	_, err = f.s.JoinTournament(ctx, f.in("bob", group, 500), id)
	wantCode(t, err, ErrAlreadyJoined)
	if _, err := f.s.LeaveTournament(ctx, f.in("bob", group, 500), id); err != nil {
		t.Fatal(err)
	}
	_, err = f.s.LeaveTournament(ctx, f.in("bob", group, 500), id)
	wantCode(t, err, ErrNotJoined)
	if _, err := f.s.JoinTournament(ctx, f.in("bob", group, 500), id); err != nil {
		t.Fatal(err)
	}
	// Bob is neither the host nor an administrator; an administrator may.
	_, err = f.s.StartTournament(ctx, f.in("bob", group, 500), id, false)
	wantCode(t, err, ErrHostOnly)
	_, err = f.s.CancelTournament(ctx, f.in("bob", group, 500), id, false)
	wantCode(t, err, ErrHostOnly)
	if v, err = f.s.StartTournament(ctx, f.in("carol", group, 500), id, true); err != nil {
		t.Fatal(err)
	}
	f.s.async.Wait()
	_, err = f.s.JoinTournament(ctx, f.in("p16", group, 500), id)
	wantCode(t, err, ErrTournamentStarted)
	if v.Tournament.Rounds != 4 || v.Tournament.Round != 1 || len(v.Round(1)) != 8 {
		t.Fatalf("started: %+v, %d pairs", v.Tournament, len(v.Round(1)))
	}
	// Equal ratings seed by id: 1 meets 16, 8 meets 9.
	if p := v.Round(1)[0]; p.A != 1 || p.B != 16 {
		t.Fatalf("first pair %+v", p)
	}

	s := f.s
	noShow := int64(0)
	for round := 1; round <= 4; round++ {
		v, err = s.View(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if v.Tournament.Round != round {
			t.Fatalf("round %d, want %d", v.Tournament.Round, round)
		}
		pairs := v.Round(round)
		if len(pairs) != 8>>(round-1) {
			t.Fatalf("round %d: %d pairs", round, len(pairs))
		}
		for i, p := range pairs {
			if p.GameID == 0 || p.Done {
				t.Fatalf("round %d: pair %+v", round, p)
			}
			rec, err := f.st.LoadGame(ctx, p.GameID)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Kind != store.KindPrivate || rec.Chats != [2]int64{p.A, p.B} {
				t.Fatalf("game %d is %s in %v", p.GameID, rec.Kind, rec.Chats)
			}
			if round == 1 && p.A == 8 {
				noShow = p.GameID // nobody plays it
				continue
			}
			if round == 2 && i == 1 {
				// A restart in the middle of the round: another centre on
				// the same database goes on.
				s = f.restart(t, l)
			}
			f.resign(t, s, p.GameID, max(p.A, p.B))
		}
		if round == 1 {
			if v, _ := s.View(ctx, id); v.Tournament.Round != 1 {
				t.Fatal("the round ended with a game under way")
			}
			// The deadline passes: the pair that never played is decided.
			for range 11 {
				f.clock.add(time.Minute)
				s.Sweep(ctx)
				s.async.Wait()
			}
			rec, err := f.st.LoadGame(ctx, noShow)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Status != store.StatusAbandoned {
				t.Fatalf("the no-show's game is %s", rec.Status)
			}
		}
		// Let the card catch up.
		f.clock.add(time.Minute)
		s.Sweep(ctx)
		s.async.Wait()
	}
	v, err = s.View(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if v.Tournament.Status != store.TournamentFinished {
		t.Fatalf("tournament %s in round %d", v.Tournament.Status, v.Tournament.Round)
	}
	forfeits := 0
	for _, p := range v.Pairings {
		if p.Forfeit {
			forfeits++
			if p.A != 8 || p.Round != 1 {
				t.Fatalf("forfeit %+v", p)
			}
		}
	}
	if forfeits != 1 {
		t.Fatalf("%d forfeits", forfeits)
	}
	podium := v.Podium()
	if fmt.Sprint(podium) != "[[1] [2] [4 3]]" && fmt.Sprint(podium) != "[[1] [2] [3 4]]" {
		t.Fatalf("podium %v", podium)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.ready) != 15 || len(l.over) != 1 || l.over[0].Tournament.ID != id {
		t.Fatalf("%d games told, %d ends", len(l.ready), len(l.over))
	}
	if len(l.cards) < 4 {
		t.Fatalf("the card was edited %d times", len(l.cards))
	}
	for i := 1; i < len(l.cards); i++ {
		if gap := l.cards[i].Sub(l.cards[i-1]); gap < time.Minute {
			t.Fatalf("card edits %v apart", gap)
		}
	}
}

// restart replaces the centre with another on the same database, as
// after the bot is killed and started again.
func (f *fixture) restart(t *testing.T, l *lobby) *Service {
	t.Helper()
	f.s.async.Wait()
	net, err := ai.ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Store: f.st, Net: net, Display: f.d, Lobby: l, AutoDelay: 20 * time.Millisecond, Now: f.clock.now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.async.Wait)
	return s
}

// TestTournamentSwiss7 holds a Swiss of seven over three rounds: one bye
// a round, nobody twice, no pair twice, standings by points and Buchholz.
func TestTournamentSwiss7(t *testing.T) {
	f := newFixture(t)
	names := f.entrants(t, 7)
	l := &lobby{now: f.clock.now}
	f.s.cfg.Lobby = l
	v, err := f.s.OpenTournament(ctx, f.in("alice", group, 10), store.Tournament{Format: store.Swiss, Rounds: 3},
		func(TournamentView) (int64, error) { return 600, nil })
	if err != nil {
		t.Fatal(err)
	}
	id := v.Tournament.ID
	for i := int64(1); i <= 7; i++ {
		if _, err := f.s.JoinTournament(ctx, f.in(names[i], group, 600), id); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.s.StartTournament(ctx, f.in("alice", group, 600), id, false); err != nil {
		t.Fatal(err)
	}
	f.s.async.Wait()
	met := map[[2]int64]bool{}
	byes := map[int64]bool{}
	for round := 1; round <= 3; round++ {
		v, _ = f.s.View(ctx, id)
		if v.Tournament.Round != round {
			t.Fatalf("round %d, want %d", v.Tournament.Round, round)
		}
		roundByes := 0
		for _, p := range v.Round(round) {
			if p.B == 0 {
				roundByes++
				if byes[p.A] || !p.Done || p.Winner != p.A {
					t.Fatalf("bye %+v", p)
				}
				byes[p.A] = true
				continue
			}
			key := [2]int64{min(p.A, p.B), max(p.A, p.B)}
			if met[key] {
				t.Fatalf("%v met again", key)
			}
			met[key] = true
			f.resign(t, f.s, p.GameID, max(p.A, p.B)) // the lower id wins
		}
		if roundByes != 1 {
			t.Fatalf("round %d: %d byes", round, roundByes)
		}
	}
	v, _ = f.s.View(ctx, id)
	if v.Tournament.Status != store.TournamentFinished {
		t.Fatalf("tournament %s", v.Tournament.Status)
	}
	// Each bye's player was told of it, once, in its round.
	f.s.async.Wait()
	l.mu.Lock()
	told := slices.Clone(l.byes)
	l.mu.Unlock()
	if len(told) != 3 {
		t.Fatalf("told of %d byes, want 3: %+v", len(told), told)
	}
	for i, p := range told {
		if p.Round != i+1 || p.B != 0 || !byes[p.A] {
			t.Fatalf("told of bye %+v", p)
		}
	}
	for i := 1; i < len(v.Standings); i++ {
		a, b := v.Standings[i-1], v.Standings[i]
		if a.Points < b.Points || (a.Points == b.Points && a.Buchholz < b.Buchholz) {
			t.Fatalf("standings out of order: %+v", v.Standings)
		}
	}
	if v.Standings[0].ID != 1 || v.Standings[0].Points != 3 {
		t.Fatalf("standings %+v", v.Standings)
	}
}

// TestTournamentCancelAndRemove: the host removes a player in the middle
// of a round robin (his game is lost), then cancels it (the games under
// way are abandoned); a cancelled tournament takes nothing more.
func TestTournamentCancelAndRemove(t *testing.T) {
	f := newFixture(t)
	f.s.cfg.Lobby = &lobby{now: f.clock.now}
	v, err := f.s.OpenTournament(ctx, f.in("alice", group, 10), store.Tournament{Format: store.RoundRobin},
		func(TournamentView) (int64, error) { return 700, nil })
	if err != nil {
		t.Fatal(err)
	}
	id := v.Tournament.ID
	for _, n := range []string{"alice", "bob", "carol", "dave"} {
		if _, err := f.s.JoinTournament(ctx, f.in(n, group, 700), id); err != nil {
			t.Fatal(err)
		}
	}
	if v, err = f.s.StartTournament(ctx, f.in("alice", group, 700), id, false); err != nil {
		t.Fatal(err)
	}
	f.s.async.Wait()
	if v.Tournament.Rounds != 3 {
		t.Fatalf("%d rounds", v.Tournament.Rounds)
	}
	_, err = f.s.RemoveFromTournament(ctx, f.in("bob", group, 700), id, 4, false)
	wantCode(t, err, ErrHostOnly)
	if v, err = f.s.RemoveFromTournament(ctx, f.in("alice", group, 700), id, 4, false); err != nil {
		t.Fatal(err)
	}
	var other store.Pairing
	for _, p := range v.Round(1) {
		if p.A == 4 || p.B == 4 {
			if !p.Done || !p.Forfeit || p.Winner == 4 {
				t.Fatalf("the removed player's pair %+v", p)
			}
			if rec, _ := f.st.LoadGame(ctx, p.GameID); rec.Status != store.StatusAbandoned {
				t.Fatalf("his game is %s", rec.Status)
			}
		} else {
			other = p
		}
	}
	if v, err = f.s.CancelTournament(ctx, f.in("alice", group, 700), id, false); err != nil {
		t.Fatal(err)
	}
	if v.Tournament.Status != store.TournamentCancelled {
		t.Fatalf("tournament %s", v.Tournament.Status)
	}
	if rec, _ := f.st.LoadGame(ctx, other.GameID); rec.Status != store.StatusAbandoned {
		t.Fatalf("a game under way is %s", rec.Status)
	}
	_, err = f.s.CancelTournament(ctx, f.in("alice", group, 700), id, false)
	wantCode(t, err, ErrTournamentOver)
	_, err = f.s.JoinTournament(ctx, f.in("alice", group, 700), id)
	wantCode(t, err, ErrTournamentOver)
	// The group may hold another.
	if _, err := f.s.OpenTournament(ctx, f.in("bob", group, 12), store.Tournament{Format: store.Knockout},
		func(TournamentView) (int64, error) { return 701, nil }); err != nil {
		t.Fatal(err)
	}
}
