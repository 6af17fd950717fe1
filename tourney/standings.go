package tourney

import (
	"cmp"
	"slices"
)

// Standing is a player's place in a tournament's table.
type Standing struct {
	Player
	// Points: one a game won, one a bye.
	Points int
	// Buchholz is the sum of the points of the opponents met (byes add
	// nothing): the harder one's opponents, the higher.
	Buchholz int
	// Played counts the games played or forfeited, byes left out.
	Played int
	// Byes counts the rounds the player had a bye.
	Byes int
	// HeadToHead counts the games won against the players tied with this
	// one on points and Buchholz.
	HeadToHead int
}

// Standings orders a tournament's players by points, then Buchholz, then
// the game between two tied players (its winner first), then rating and
// id: the table of a Swiss or round robin, and of a knockout so far.
func Standings(players []Player, results []Result) []Standing {
	byID := make(map[int64]*Standing, len(players))
	table := make([]Standing, len(players))
	for i, p := range players {
		table[i] = Standing{Player: p}
	}
	for i := range table {
		byID[table[i].ID] = &table[i]
	}
	beat := make(map[[2]int64]bool) // {winner, loser}
	for _, r := range results {
		if r.IsBye() {
			if s := byID[r.A]; s != nil {
				s.Points++
				s.Byes++
			}
			continue
		}
		for _, id := range []int64{r.A, r.B} {
			if s := byID[id]; s != nil {
				s.Played++
			}
		}
		if s := byID[r.Winner]; s != nil && r.Winner != Bye {
			s.Points++
			beat[[2]int64{r.Winner, r.Loser()}] = true
		}
	}
	for _, r := range results {
		if r.IsBye() {
			continue
		}
		a, b := byID[r.A], byID[r.B]
		if a != nil && b != nil {
			a.Buchholz += b.Points
			b.Buchholz += a.Points
		}
	}
	for r := range beat {
		w, l := byID[r[0]], byID[r[1]]
		if w != nil && l != nil && w.Points == l.Points && w.Buchholz == l.Buchholz {
			w.HeadToHead++
		}
	}
	slices.SortStableFunc(table, func(a, b Standing) int {
		if c := cmp.Compare(b.Points, a.Points); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Buchholz, a.Buchholz); c != 0 {
			return c
		}
		if c := cmp.Compare(b.HeadToHead, a.HeadToHead); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return table
}
