package tourney

// SwissRounds is the default number of rounds of a Swiss of n players:
// enough for one winner to stand out, as a knockout would need.
func SwissRounds(n int) int { return max(KnockoutRounds(n), 1) }

// searchBudget bounds the backtracking of a Swiss pairing: past it, the
// pairing gives up avoiding repeated pairs rather than search on.
const searchBudget = 200_000

// Swiss pairs the next round of a Swiss from the results so far. Players
// are ranked as Standings ranks them; with an odd number, the lowest
// ranked player who has not had a bye has it (the next one up when the
// rest could not all meet someone new). The rest are paired from
// the top, each with the highest ranked player left whom they have not
// met, backtracking when a choice would leave someone with nobody new;
// no pair meets twice unless no pairing at all avoids it (more rounds
// than players), when the fewest repeats are kept to the bottom.
func Swiss(players []Player, results []Result) []Pair {
	table := Standings(players, results)
	met := make(map[[2]int64]bool)
	byes := make(map[int64]bool)
	for _, r := range results {
		if r.IsBye() {
			byes[r.A] = true
			continue
		}
		met[[2]int64{r.A, r.B}], met[[2]int64{r.B, r.A}] = true, true
	}
	ids := make([]int64, len(table))
	for i, s := range table {
		ids[i] = s.ID
	}
	if len(ids)%2 == 0 {
		if found, ok := pairUnmet(ids, met); ok {
			return found
		}
		return pairDown(ids, nil)
	}
	// The bye: the lowest ranked player without one whose absence leaves
	// the rest a pairing with no repeat.
	fallback := len(ids) - 1
	for at := len(ids) - 1; at >= 0; at-- {
		if byes[ids[at]] {
			continue
		}
		if fallback == len(ids)-1 && byes[ids[fallback]] {
			fallback = at
		}
		rest := append(ids[:at:at], ids[at+1:]...)
		if found, ok := pairUnmet(rest, met); ok {
			return append(found, Pair{A: ids[at]})
		}
	}
	rest := append(ids[:fallback:fallback], ids[fallback+1:]...)
	return pairDown(rest, &Pair{A: ids[fallback]})
}

// pairDown pairs ranked players down the table, whoever met before, when
// nobody new is left for someone whatever the order.
func pairDown(ids []int64, bye *Pair) []Pair {
	var pairs []Pair
	for i := 0; i+1 < len(ids); i += 2 {
		pairs = append(pairs, Pair{A: ids[i], B: ids[i+1]})
	}
	if bye != nil {
		pairs = append(pairs, *bye)
	}
	return pairs
}

// pairUnmet pairs ranked players, each pair new, by depth-first search
// from the top of the table.
func pairUnmet(ids []int64, met map[[2]int64]bool) ([]Pair, bool) {
	used := make([]bool, len(ids))
	pairs := make([]Pair, 0, len(ids)/2)
	budget := searchBudget
	var solve func() bool
	solve = func() bool {
		first := -1
		for i, u := range used {
			if !u {
				first = i
				break
			}
		}
		if first < 0 {
			return true
		}
		used[first] = true
		for j := first + 1; j < len(ids); j++ {
			if used[j] || met[[2]int64{ids[first], ids[j]}] {
				continue
			}
			if budget--; budget < 0 {
				break
			}
			used[j] = true
			pairs = append(pairs, Pair{A: ids[first], B: ids[j]})
			if solve() {
				return true
			}
			pairs = pairs[:len(pairs)-1]
			used[j] = false
		}
		used[first] = false
		return false
	}
	if !solve() {
		return nil, false
	}
	return pairs, true
}
