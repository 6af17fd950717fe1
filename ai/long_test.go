package ai

import (
	"math/rand/v2"
	"testing"

	"nardi/rules"
)

// TestLongPlayer: every level plays a legal long nardi play through whole
// games, the same one for the same seed, and hard beats easy over a few
// games.
func TestLongPlayer(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	points := [2]int{}
	players := [2]LongPlayer{{Level: Hard}, {Level: Easy}}
	games := 6
	if raceEnabled || testing.Short() {
		games = 2
	}
	for n := range games {
		p := rules.Long.Start()
		first := [2]bool{true, true}
		turn := n % 2
		for moves := 0; moves < 400; moves++ {
			d := rules.Dice{rng.IntN(6) + 1, rng.IntN(6) + 1}
			pl := players[turn]
			play, result, ok := pl.Choose(p, d, first[turn], uint64(moves))
			t2 := rules.Long.NewTurn(p, d, rules.Standard, first[turn])
			if ok {
				legal := false
				for _, r := range t2.Results() {
					legal = legal || r == result
				}
				if !legal {
					t.Fatalf("%v plays %s with %v: not legal", pl.Level, play, d)
				}
				if again, _, _ := pl.Choose(p, d, first[turn], uint64(moves)); again != play {
					t.Fatalf("%v is not deterministic", pl.Level)
				}
			} else if len(t2.Plays()) > 0 {
				t.Fatalf("%v passes with a legal play", pl.Level)
			}
			first[turn] = false
			if result.Won() {
				points[turn] += rules.Long.Value(result, rules.OinMars)
				break
			}
			p, turn = result.Swap(), 1-turn
		}
	}
	t.Logf("hard %d, easy %d points over %d games", points[0], points[1], games)
	if points[0] <= points[1] && games >= 6 {
		t.Errorf("hard %d points against easy's %d", points[0], points[1])
	}
}
