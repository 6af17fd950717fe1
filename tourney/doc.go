// Package tourney pairs the players of a tournament, with no storage and
// no transport: a knockout bracket seeded by rating (byes to the
// strongest), a Swiss round (no pair twice, a bye to the lowest player
// without one) and a round robin by the circle method; and the standings
// of a tournament from its results (points, then Buchholz, then the game
// between the tied players, then rating). Package table keeps the
// tournaments and calls these functions as each round begins.
package tourney

// Player is a tournament's entrant: a person's id and their rating when
// the tournament began, by which the strongest are seeded.
type Player struct {
	ID     int64
	Rating float64
}

// Bye is the opponent of a player who has none in a round: they advance
// (a knockout) or score a point (Swiss, round robin) without playing.
const Bye int64 = 0

// Pair is one game of a round; B is Bye when A plays nobody.
type Pair struct {
	A, B int64
}

// IsBye tells whether the pair is a player's bye.
func (p Pair) IsBye() bool { return p.B == Bye }

// Result is a pair's outcome: Winner is A or B (A for a bye), or Bye
// when neither won (both forfeited).
type Result struct {
	Pair
	Winner int64
}

// Loser is the pair's player who did not win (Bye for a bye, and for a
// result without a winner).
func (r Result) Loser() int64 {
	switch r.Winner {
	case r.A:
		return r.B
	case r.B:
		return r.A
	}
	return Bye
}
