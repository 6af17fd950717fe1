package tourney

import (
	"cmp"
	"slices"
)

// Seeded orders players from the strongest, by rating and then by id, so
// that equal ratings always seed the same way.
func Seeded(players []Player) []Player {
	out := slices.Clone(players)
	slices.SortStableFunc(out, func(a, b Player) int {
		if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return out
}

// BracketSize is the smallest power of two that holds n players (at
// least 2).
func BracketSize(n int) int {
	size := 2
	for size < n {
		size *= 2
	}
	return size
}

// KnockoutRounds is how many rounds a knockout of n players takes.
func KnockoutRounds(n int) int {
	rounds := 0
	for size := BracketSize(n); size > 1; size /= 2 {
		rounds++
	}
	return rounds
}

// seedOrder lists the seeds (1 the strongest) in bracket order for a
// bracket of size players, so that the first and second seeds can meet
// only in the final: 1 8 4 5 2 7 3 6 for eight.
func seedOrder(size int) []int {
	order := []int{1}
	for n := 1; n < size; n *= 2 {
		next := make([]int, 0, 2*n)
		for _, s := range order {
			next = append(next, s, 2*n+1-s)
		}
		order = next
	}
	return order
}

// KnockoutFirst pairs a knockout's first round: players are seeded by
// rating into a bracket of the next power of two, and the seeds that
// would meet a missing player have a bye, so byes go to the strongest.
// Pairs come in bracket order; each later round pairs the winners of
// neighbouring pairs (KnockoutNext).
func KnockoutFirst(players []Player) []Pair {
	seeded := Seeded(players)
	order := seedOrder(BracketSize(len(seeded)))
	pairs := make([]Pair, 0, len(order)/2)
	for i := 0; i < len(order); i += 2 {
		a, b := order[i], order[i+1] // a is always the better seed
		p := Pair{A: seeded[a-1].ID}
		if b <= len(seeded) {
			p.B = seeded[b-1].ID
		}
		pairs = append(pairs, p)
	}
	return pairs
}

// KnockoutNext pairs the next round of a knockout from the winners of
// the round before, in bracket order (a bye's winner is its player). It
// returns nil when the round before was the final.
func KnockoutNext(winners []int64) []Pair {
	if len(winners) < 2 {
		return nil
	}
	pairs := make([]Pair, 0, len(winners)/2)
	for i := 0; i+1 < len(winners); i += 2 {
		pairs = append(pairs, Pair{A: winners[i], B: winners[i+1]})
	}
	return pairs
}
