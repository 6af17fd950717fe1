package tourney

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// field makes n players, id i+1 rated 2000-10i: id 1 is the strongest.
func field(n int) []Player {
	ps := make([]Player, n)
	for i := range ps {
		ps[i] = Player{ID: int64(i + 1), Rating: float64(2000 - 10*i)}
	}
	return ps
}

func TestKnockoutFirst(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want []Pair
	}{
		{2, []Pair{{1, 2}}},
		{3, []Pair{{1, Bye}, {2, 3}}},
		{4, []Pair{{1, 4}, {2, 3}}},
		{5, []Pair{{1, Bye}, {4, 5}, {2, Bye}, {3, Bye}}},
		{6, []Pair{{1, Bye}, {4, 5}, {2, Bye}, {3, 6}}},
		{8, []Pair{{1, 8}, {4, 5}, {2, 7}, {3, 6}}},
	} {
		// Shuffled entry: seeding goes by rating alone.
		ps := field(tc.n)
		rand.New(rand.NewPCG(1, uint64(tc.n))).Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
		if got := KnockoutFirst(ps); !slices.Equal(got, tc.want) {
			t.Errorf("%d players: %v, want %v", tc.n, got, tc.want)
		}
	}
}

// TestKnockoutWhole plays knockouts of 2 to 64 to the end, the stronger
// winning: every round halves the field, the byes of the first round go to
// the strongest, and the top seed wins after KnockoutRounds rounds.
func TestKnockoutWhole(t *testing.T) {
	for n := 2; n <= 64; n++ {
		pairs := KnockoutFirst(field(n))
		byes := 0
		for _, p := range pairs {
			if p.IsBye() {
				byes++
				if p.A > int64(BracketSize(n)-n) {
					t.Fatalf("%d players: a bye for seed %d", n, p.A)
				}
			}
		}
		if byes != BracketSize(n)-n {
			t.Fatalf("%d players: %d byes", n, byes)
		}
		rounds := 1
		for {
			var winners []int64
			for _, p := range pairs {
				w := p.A
				if !p.IsBye() && p.B < p.A {
					w = p.B
				}
				winners = append(winners, w)
			}
			if len(winners) == 1 {
				if winners[0] != 1 {
					t.Fatalf("%d players: %d won", n, winners[0])
				}
				break
			}
			pairs = KnockoutNext(winners)
			rounds++
		}
		if rounds != KnockoutRounds(n) {
			t.Fatalf("%d players: %d rounds, want %d", n, rounds, KnockoutRounds(n))
		}
	}
}

func TestRoundRobin(t *testing.T) {
	for n := 2; n <= MaxRoundRobin; n++ {
		ids := make([]int64, n)
		for i := range ids {
			ids[i] = int64(i + 1)
		}
		rounds := RoundRobin(ids)
		want := n - 1
		if n%2 == 1 {
			want = n
		}
		if len(rounds) != want {
			t.Fatalf("%d players: %d rounds, want %d", n, len(rounds), want)
		}
		met := map[[2]int64]int{}
		byes := map[int64]int{}
		for r, pairs := range rounds {
			seen := map[int64]bool{}
			for _, p := range pairs {
				if seen[p.A] || (seen[p.B] && !p.IsBye()) {
					t.Fatalf("%d players, round %d: %d or %d twice", n, r+1, p.A, p.B)
				}
				seen[p.A], seen[p.B] = true, true
				if p.A == Bye {
					t.Fatalf("%d players: a bye in place A", n)
				}
				if p.IsBye() {
					byes[p.A]++
					continue
				}
				met[[2]int64{min(p.A, p.B), max(p.A, p.B)}]++
			}
		}
		if len(met) != n*(n-1)/2 {
			t.Fatalf("%d players: %d pairs met, want %d", n, len(met), n*(n-1)/2)
		}
		for pair, k := range met {
			if k != 1 {
				t.Fatalf("%d players: %v met %d times", n, pair, k)
			}
		}
		for id, k := range byes {
			if k != 1 {
				t.Fatalf("%d players: %d had %d byes", n, id, k)
			}
		}
	}
}

// playSwiss plays a Swiss of n over rounds, the winner of each game drawn
// by rng, and checks each round's pairing as it goes.
func playSwiss(t *testing.T, n, rounds int, rng *rand.Rand) ([]Player, []Result) {
	t.Helper()
	ps := field(n)
	var results []Result
	met := map[[2]int64]bool{}
	byes := map[int64]bool{}
	for r := 1; r <= rounds; r++ {
		pairs := Swiss(ps, results)
		seen := map[int64]bool{}
		roundByes := 0
		for _, p := range pairs {
			if seen[p.A] || seen[p.B] {
				t.Fatalf("%d players, round %d: a player twice in %v", n, r, pairs)
			}
			seen[p.A] = true
			if p.IsBye() {
				roundByes++
				if byes[p.A] {
					t.Fatalf("%d players, round %d: a second bye for %d", n, r, p.A)
				}
				byes[p.A] = true
				results = append(results, Result{Pair: p, Winner: p.A})
				continue
			}
			seen[p.B] = true
			key := [2]int64{min(p.A, p.B), max(p.A, p.B)}
			if met[key] {
				t.Fatalf("%d players, round %d: %v met again", n, r, key)
			}
			met[key] = true
			w := p.A
			if rng.IntN(2) == 1 {
				w = p.B
			}
			results = append(results, Result{Pair: p, Winner: w})
		}
		if len(seen) != n || roundByes != n%2 {
			t.Fatalf("%d players, round %d: %d seated, %d byes", n, r, len(seen), roundByes)
		}
	}
	return ps, results
}

func TestSwiss(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, tc := range []struct{ n, rounds int }{
		{2, 1}, {3, 2}, {4, 3}, {5, 3}, {7, 3}, {7, 4}, {8, 4}, {9, 4}, {16, 5}, {33, 6}, {64, 8},
	} {
		for range 20 {
			playSwiss(t, tc.n, tc.rounds, rng)
		}
	}
}

// TestSwissTopDown: in the first round the table is split by rating, the
// strongest against the next, and the weakest has the bye.
func TestSwissTopDown(t *testing.T) {
	got := Swiss(field(7), nil)
	want := []Pair{{1, 2}, {3, 4}, {5, 6}, {7, Bye}}
	if !slices.Equal(got, want) {
		t.Fatalf("%v, want %v", got, want)
	}
}

func TestStandingsTieBreaks(t *testing.T) {
	ps := field(6)
	results := []Result{
		// Round 1: 1 beats 2, 3 beats 4, 6 beats 5.
		{Pair{1, 2}, 1}, {Pair{3, 4}, 3}, {Pair{5, 6}, 6},
		// Round 2: 1 beats 3, 2 beats 6, 4 beats 5.
		{Pair{1, 3}, 1}, {Pair{2, 6}, 2}, {Pair{4, 5}, 4},
		// Round 3: 6 beats 1, 3 beats 2, 4 beats 5.
		{Pair{6, 1}, 6}, {Pair{3, 2}, 3}, {Pair{4, 5}, 4},
	}
	table := Standings(ps, results)
	var order []int64
	for _, s := range table {
		order = append(order, s.ID)
	}
	// Points: 1, 3, 4 and 6 have 2, 2 has 1, 5 none. Buchholz: 1 met
	// 2,3,6 = 1+2+2 = 5; 3 met 4,1,2 = 2+2+1 = 5; 6 met 5,2,1 = 0+1+2 = 3;
	// 4 met 3,5,5 = 2. 1 and 3 are tied on both: 1 beat 3.
	want := []int64{1, 3, 6, 4, 2, 5}
	if !slices.Equal(order, want) {
		t.Fatalf("order %v, want %v (%+v)", order, want, table)
	}
	if table[0].Buchholz != 5 || table[0].HeadToHead != 1 || table[1].HeadToHead != 0 || table[3].Buchholz != 2 {
		t.Fatalf("table %+v", table)
	}
}

// TestStandingsHeadToHead: equal points and Buchholz, the game between
// the tied players decides, even against the rating; a bye scores a point.
func TestStandingsHeadToHead(t *testing.T) {
	results := []Result{
		{Pair{4, 1}, 4}, {Pair{2, 3}, 2}, {Pair{5, 6}, 5},
		{Pair{1, 5}, 1}, {Pair{3, 4}, 3}, {Pair{2, 6}, 2},
		{Pair{7, Bye}, 7},
	}
	// Points: 2 has 2; 1, 3, 4, 5 and 7 one; 6 none. Buchholz: 3 met 2,4 =
	// 3; 1 met 4,5 = 2; 4 met 1,3 = 2; 5 met 6,1 = 1; 7 met nobody = 0.
	var order []int64
	for _, s := range Standings(field(7), results) {
		order = append(order, s.ID)
	}
	want := []int64{2, 3, 4, 1, 5, 7, 6}
	if !slices.Equal(order, want) {
		t.Fatalf("order %v, want %v", order, want)
	}
}

func BenchmarkSwiss256(b *testing.B) {
	rng := rand.New(rand.NewPCG(9, 9))
	ps := field(256)
	var results []Result
	for range 7 {
		for _, p := range Swiss(ps, results) {
			w := p.A
			if !p.IsBye() && rng.IntN(2) == 1 {
				w = p.B
			}
			results = append(results, Result{Pair: p, Winner: w})
		}
	}
	b.ResetTimer()
	for b.Loop() {
		Swiss(ps, results)
	}
}
