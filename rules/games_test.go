package rules

import (
	"math/rand/v2"
	"testing"
)

// checkPosition asserts the invariants every reachable position keeps.
func checkPosition(t *testing.T, p Position, where string) {
	t.Helper()
	if err := p.Validate(); err != nil {
		t.Fatalf("%s: %v\n%s", where, err, p)
	}
	back, err := ParsePositionID(p.PositionID())
	if err != nil || back != p {
		t.Fatalf("%s: position ID %s does not round-trip: %v", where, p.PositionID(), err)
	}
}

// TestRandomGames plays 2,000 games of random legal plays under both rule
// sets (600 under the race detector, which adds nothing to a single
// goroutine's walk; 200 with -short): every game ends with a winner, both
// sides keep 15 checkers at every step, and every ID round-trips.
func TestRandomGames(t *testing.T) {
	t.Parallel()
	games := 2000
	switch {
	case testing.Short():
		games = 200
	case raceEnabled:
		games = 600
	}
	rng := rand.New(rand.NewPCG(1, 2))
	die := func() int { return rng.IntN(6) + 1 }
	var g Generator
	values := map[int]int{}
	for n := 0; n < games; n++ {
		rs := RuleSet(n % 2)
		p := Start()
		_, d := OpeningRoll(die)
		for turn := 0; ; turn++ {
			if turn > 2000 {
				t.Fatalf("game %d does not end", n)
			}
			plays, results := g.Plays(p, d, rs)
			if len(plays) > 0 {
				i := rng.IntN(len(plays))
				if p.ApplyPlay(plays[i]) != results[i] {
					t.Fatalf("play %s does not lead to its result", plays[i])
				}
				p = results[i]
			}
			checkPosition(t, p, "after a play")
			if p.Won() {
				v := p.Value(WithKoks)
				if v < Oin || v > Koks {
					t.Fatalf("value %d", v)
				}
				values[v]++
				break
			}
			p = p.Swap()
			d = Dice{die(), die()}
		}
	}
	if values[Oin] == 0 || values[Mars] == 0 {
		t.Errorf("random games ended only as %v", values)
	}
}

// FuzzPositionID decodes arbitrary IDs: what decodes must encode back the
// same, and its legal plays must lead to valid positions.
func FuzzPositionID(f *testing.F) {
	f.Add("4HPwATDgc/ABMA", 6, 5)
	f.Add("zYxwJCEuHvACRA", 4, 2)
	f.Add("76AgkwG+AubAQA", 1, 1)
	f.Fuzz(func(t *testing.T, id string, a, b int) {
		p, err := ParsePositionID(id)
		if err != nil {
			return
		}
		if again, _ := ParsePositionID(p.PositionID()); again != p {
			t.Fatalf("%s does not round-trip", id)
		}
		d := Dice{(a%6+6)%6 + 1, (b%6+6)%6 + 1}
		plays, results := LegalPlays(p, d, Nardi)
		for i, pl := range plays {
			checkPosition(t, results[i], id)
			back, err := ParsePlay(p, d, pl.String(), Nardi)
			if err != nil || p.ApplyPlay(back) != results[i] {
				t.Fatalf("%s %v: %q does not read back: %v", id, d, pl, err)
			}
		}
	})
}

// FuzzParsePlay reads arbitrary notation without panicking; what it accepts
// is a legal play.
func FuzzParsePlay(f *testing.F) {
	f.Add("24/18 13/8")
	f.Add("bar/22* 6/off(2)")
	f.Add("13/7*/1")
	f.Fuzz(func(t *testing.T, s string) {
		p := Start()
		for _, r := range Rolls {
			pl, err := ParsePlay(p, r.Dice, s, Standard)
			if err != nil {
				continue
			}
			_, results := LegalPlays(p, r.Dice, Standard)
			found := false
			for _, res := range results {
				found = found || res == p.ApplyPlay(pl)
			}
			if !found {
				t.Fatalf("%q with %v gave an illegal play", s, r.Dice)
			}
		}
	})
}
