package tourney

// MaxRoundRobin is the most players a round robin takes: each pair plays
// once, so ten players play nine rounds.
const MaxRoundRobin = 10

// RoundRobin pairs every round of a round robin by the circle method: the
// first player stays while the others turn one place a round, so every
// pair meets exactly once; with an odd number, the player who would meet
// Bye sits the round out.
func RoundRobin(ids []int64) [][]Pair {
	ring := append([]int64(nil), ids...)
	if len(ring)%2 == 1 {
		ring = append(ring, Bye)
	}
	n := len(ring)
	if n < 2 {
		return nil
	}
	rounds := make([][]Pair, 0, n-1)
	for r := 0; r < n-1; r++ {
		pairs := make([]Pair, 0, n/2)
		for i := 0; i < n/2; i++ {
			a, b := ring[i], ring[n-1-i]
			if (r+i)%2 == 1 {
				a, b = b, a // each plays first about as often as second
			}
			if a == Bye {
				a, b = b, a
			}
			pairs = append(pairs, Pair{A: a, B: b})
		}
		rounds = append(rounds, pairs)
		// Turn every place but the first by one.
		last := ring[n-1]
		copy(ring[2:], ring[1:n-1])
		ring[1] = last
	}
	return rounds
}
