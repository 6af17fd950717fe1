package store

import (
	"math"
	"testing"

	"nardi/game"
	"nardi/rating"
)

// TestRatings: finishing a game moves both people's ratings by the FIBS
// formula in the same transaction (a new player by five times as much),
// a match by its length, the computer at its fixed rating; an abandoned
// or unfinished game changes nothing; the top of a chat and a person's
// place follow the ratings.
func TestRatings(t *testing.T) {
	t.Parallel()
	s, _ := openTemp(t)
	addUsers(t, s, 1, 2, 3)
	finish := func(g *game.Game, kind Kind, chats [2]int64, resigner game.Seat) {
		t.Helper()
		id, err := s.CreateGame(ctx, NewGame{Kind: kind, Chats: chats, Game: g}, t0)
		must(t, err)
		c := g.Counter()
		must(t, g.Resign(resigner, c, t0))
		for !g.Done() {
			must(t, g.NextGame(g.Counter(), t0))
			must(t, g.Resign(resigner, g.Counter(), t0))
		}
		must(t, s.UpdateGame(ctx, id, g, c, dueOf(g), t0))
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	// A single game between newcomers: 4 · ½ · 5 = 10 each way.
	finish(duel(t, 1, 2, game.Options{}), KindGroup, [2]int64{-5, -5}, 1)
	r1, err := s.RatingOf(ctx, 1)
	must(t, err)
	r2, err := s.RatingOf(ctx, 2)
	must(t, err)
	if !near(r1.Rating, 1510) || !near(r2.Rating, 1490) || r1.Experience != 1 || r1.Rated != 1 {
		t.Fatalf("after one game: %+v, %+v", r1, r2)
	}
	// A 3-point match the other way.
	finish(duel(t, 1, 2, game.Options{Match: 3}), KindGroup, [2]int64{-5, -5}, 0)
	gain, _ := rating.Change(1490, 1510, 1, 1, 3)
	r2b, err := s.RatingOf(ctx, 2)
	must(t, err)
	if !near(r2b.Rating, 1490+gain) || r2b.Experience != 4 {
		t.Fatalf("after the match: %+v, want %v", r2b, 1490+gain)
	}
	// Against the computer (master, 1800): user 3 wins and gains much.
	g, err := game.New(game.Options{}, [2]game.Player{game.Human(3, "C"), game.Computer(game.Master)}, t0)
	must(t, err)
	finish(g, KindComputer, [2]int64{3, 0}, 1)
	r3, err := s.RatingOf(ctx, 3)
	must(t, err)
	if want, _ := rating.Change(1500, 1800, 0, 1<<30, 1); !near(r3.Rating, 1500+want) {
		t.Fatalf("user 3 after beating the computer: %+v, want %v", r3, 1500+want)
	}
	// The group's table lists who played there, best first.
	top, err := s.TopInChat(ctx, -5, 1, 10)
	must(t, err)
	if len(top) != 2 || top[0].Rating.Rating < top[1].Rating.Rating {
		t.Fatalf("top of the group: %+v", top)
	}
	if place, of, err := s.RankOf(ctx, 3, 1); err != nil || place != 1 || of != 3 {
		t.Errorf("user 3's place: %d of %d, %v", place, of, err)
	}
	if place, _, err := s.RankOf(ctx, 3, 5); err != nil || place != 0 {
		t.Errorf("with too few games: place %d, %v", place, err)
	}
}
