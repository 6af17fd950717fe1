package rules

import "testing"

func TestPerft(t *testing.T) {
	want := []int64{1, 447, 202782}
	for depth, n := range want {
		if got := Perft(Start(), depth, Standard); got != n {
			t.Errorf("perft(%d) = %d, want %d", depth, got, n)
		}
	}
}

// BenchmarkPerft3 counts the 116,154,993 positions three half-turns from the
// start.
func BenchmarkPerft3(b *testing.B) {
	for b.Loop() {
		if got := Perft(Start(), 3, Standard); got != 116154993 {
			b.Fatalf("perft(3) = %d", got)
		}
	}
}

// builtPerft is Perft with every result built, the last level's too, as
// a search builds them (and as bkgm's perft does): for each of the 21 rolls
// the generator of the level, gens[0], lists the distinct results, and each
// is searched in turn from the opponent's side with gens[1:]. A roll with
// no legal play leads to the position itself. plays tells to build the
// plays as well (Plays rather than Results).
func builtPerft(gens []Generator, p Position, rs RuleSet, plays bool) int64 {
	g := &gens[0]
	var total int64
	for _, r := range Rolls {
		var results []Position
		if plays {
			_, results = g.Plays(p, r.Dice, rs)
		} else {
			results = g.Results(p, r.Dice, rs)
		}
		switch {
		case len(gens) == 1:
			total += int64(max(len(results), 1))
		case len(results) == 0:
			total += builtPerft(gens[1:], p.Swap(), rs, plays)
		default:
			for i := range results {
				total += builtPerft(gens[1:], results[i].Swap(), rs, plays)
			}
		}
	}
	return total
}

// TestBuiltPerft checks that building every position two half-turns deep,
// with and without the plays, counts what Perft counts, from every 100th
// vector (every 300th under the race detector) under both rule sets.
func TestBuiltPerft(t *testing.T) {
	t.Parallel()
	vs := loadVectors(t, "rules-random.jsonl.gz")
	gens := make([]Generator, 2)
	every := 100
	if raceEnabled {
		every = 300
	}
	for i, v := range vs {
		if i%every != 0 {
			continue
		}
		p, err := ParsePositionID(v.Pos)
		if err != nil {
			t.Fatal(err)
		}
		for _, rs := range []RuleSet{Standard, Nardi} {
			want := Perft(p, 2, rs)
			for _, plays := range []bool{false, true} {
				if got := builtPerft(gens, p, rs, plays); got != want {
					t.Errorf("%s %s: built perft(2) with plays %v = %d, want %d", rs, v.Pos, plays, got, want)
				}
			}
		}
	}
}

// benchmarkBuiltPerft runs builtPerft from the start, checking the count.
func benchmarkBuiltPerft(b *testing.B, depth int, want int64) {
	for _, plays := range []bool{false, true} {
		name := "results"
		if plays {
			name = "plays"
		}
		b.Run(name, func(b *testing.B) {
			gens := make([]Generator, depth)
			for b.Loop() {
				if got := builtPerft(gens, Start(), Standard, plays); got != want {
					b.Fatalf("perft(%d) = %d, want %d", depth, got, want)
				}
			}
		})
	}
}

// BenchmarkBuiltPerft3 reaches the 116,154,993 positions three half-turns
// from the start as BenchmarkPerft3 counts them, but building every one,
// as bkgm's perft does (results) and with the plays too (plays).
func BenchmarkBuiltPerft3(b *testing.B) { benchmarkBuiltPerft(b, 3, 116154993) }

// BenchmarkBuiltPerft2 is BenchmarkBuiltPerft3 two half-turns deep, short
// enough to count its instructions under callgrind.
func BenchmarkBuiltPerft2(b *testing.B) { benchmarkBuiltPerft(b, 2, 202782) }
