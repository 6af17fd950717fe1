package ai

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"nardi/rules"
)

// TestLongPlayer: every level and both baselines play legal long nardi
// plays through whole games, the same one for the same seed (asked twice
// at once, which under the race detector also checks that a player may be
// used concurrently), and the stronger side of each pairing outscores the
// weaker over a few games. Under the race detector master, whose lookahead
// is slow there, plays one game, choosing on every 4th of its moves
// (asked twice at once) from the opening to the bear-off, club making its
// other moves.
func TestLongPlayer(t *testing.T) {
	t.Parallel()
	games := 6
	if raceEnabled || testing.Short() {
		games = 2
	}
	pairs := []struct {
		name         string
		strong, weak Chooser
		deep         bool // the strong side looks ahead
	}{
		{"master-heuristic", LongPlayer{Level: Master}, LongHeuristic{}, true},
		{"club-random", LongPlayer{Level: Club}, LongRandom{}, false},
		{"beginner-random", LongPlayer{Level: Beginner}, LongRandom{}, false},
	}
	for _, pr := range pairs {
		t.Run(pr.name, func(t *testing.T) {
			t.Parallel()
			games, twice := games, 1 // twice: every how many moves a choice is asked twice
			var stand Chooser        // when set, the strong side's moves not asked twice
			if pr.deep && games < 6 {
				games = 1 // master looks ahead: one game under the race detector
			}
			if pr.deep && raceEnabled {
				twice, stand = 4, LongPlayer{Level: Club}
			}
			rng := rand.New(rand.NewPCG(5, 8))
			points := [2]int{}
			players := [2]Chooser{pr.strong, pr.weak}
			for n := range games {
				p := rules.Long.Start()
				first := [2]bool{true, true}
				turn := n % 2
				for moves := 0; moves < 600; moves++ {
					d := rules.Dice{rng.IntN(6) + 1, rng.IntN(6) + 1}
					pl := players[turn]
					if turn == 0 && stand != nil && moves/2%twice != 0 {
						pl = stand
					}
					again := make(chan rules.Play, 1)
					if moves/2%twice == 0 {
						go func() {
							play, _, _ := pl.Choose(p, d, first[turn], uint64(moves))
							again <- play
						}()
					}
					play, result, ok := pl.Choose(p, d, first[turn], uint64(moves))
					t2 := rules.Long.NewTurn(p, d, rules.Standard, first[turn])
					if moves/2%twice == 0 && <-again != play {
						t.Fatalf("%s is not deterministic", name(pl))
					}
					if ok {
						legal := false
						for _, r := range t2.Results() {
							legal = legal || r == result
						}
						if !legal {
							t.Fatalf("%s plays %s with %v: not legal", name(pl), play, d)
						}
					} else {
						if len(t2.Plays()) > 0 {
							t.Fatalf("%s passes with a legal play", name(pl))
						}
						result = p
					}
					first[turn] = false
					if result.Won() {
						points[turn] += rules.Long.Value(result, rules.OinMars)
						break
					}
					p, turn = result.Swap(), 1-turn
				}
			}
			t.Logf("%d to %d points over %d games", points[0], points[1], games)
			if points[0] <= points[1] && games >= 6 {
				t.Errorf("%d points against %d", points[0], points[1])
			}
		})
	}
}

func name(c Chooser) string {
	if l, ok := c.(LongPlayer); ok {
		return l.Level.String()
	}
	return fmt.Sprintf("%T", c)
}

// TestLongFeatures checks the long nardi inputs on the start and on a
// race: what they say of heads, runs, blocks and contact.
func TestLongFeatures(t *testing.T) {
	p := rules.Long.Start()
	if !longContact(&p) || longestRun(&p.Mine) != 1 || blockAhead(&p.Mine, &p.Theirs) != 0 {
		t.Errorf("the start: contact %v, run %d, block %d", longContact(&p), longestRun(&p.Mine), blockAhead(&p.Mine, &p.Theirs))
	}
	// The opponent's head (its 24) is the mover's 12, so the next six
	// points on its way, its 23..18, are the mover's 11..6.
	var q rules.Position
	for i := 6; i <= 11; i++ {
		q.Mine[i] = 2
	}
	q.Mine[24] = 3
	q.Theirs[24] = 15
	if b := blockAhead(&q.Mine, &q.Theirs); b != 6 {
		t.Errorf("six points in front of the head: block %d", b)
	}
	if r := longestRun(&q.Mine); r != 6 {
		t.Errorf("run %d, want 6", r)
	}
	var race rules.Position
	race.Mine[3], race.Theirs[2] = 15, 15
	if longContact(&race) {
		t.Error("two home boards are in contact")
	}
	var f features
	f.encodeLong(&p)
	if f.n == 0 || f.n > LongInputs {
		t.Errorf("%d inputs", f.n)
	}
	for k := 0; k < f.n; k++ {
		if f.rows[k] < 0 || f.rows[k] >= LongInputs {
			t.Fatalf("input %d out of range", f.rows[k])
		}
	}
}

// TestLongForCube: in a match the long nardi evaluator values a mars by
// the score (at 1-away each it is worth a single) and its mirror is the
// opponent's view; a money game keeps the evaluator.
func TestLongForCube(t *testing.T) {
	net, err := ShippedLongNet()
	if err != nil {
		t.Fatal(err)
	}
	e := NewLongEvaluator(net)
	if e.ForCube(CubeState{Cube: 1, Owner: -1}) != e {
		t.Error("a money game changed the evaluator")
	}
	var won rules.Position
	won.Mine[rules.Off] = 15
	won.Theirs[24] = 15
	var s longScratch
	if v := e.afterPlay(&won, &s); v != 2 {
		t.Errorf("a mars in a money game is worth %v", v)
	}
	dmp := e.ForCube(CubeState{MatchLength: 5, Score: [2]int{4, 4}, Cube: 1, Owner: -1})
	if v := dmp.afterPlay(&won, &s); v != 1 {
		t.Errorf("a mars at 1-away each is worth %v", v)
	}
	m := e.ForCube(CubeState{MatchLength: 5, Score: [2]int{0, 3}, Cube: 1, Owner: -1})
	if m.opp.opp != m || m.opp.values != m.values.mirror() {
		t.Error("the mirror of a match evaluator")
	}
}

// longPositions plays club against itself and returns the positions
// met with their rolls and first-turn flags: realistic long nardi
// decisions for benchmarks.
func longPositions(games int) (ps []rules.Position, ds []rules.Dice, firsts []bool) {
	rng := rand.New(rand.NewPCG(11, 12))
	pl := LongPlayer{Level: Club}
	for n := range games {
		p := rules.Long.Start()
		first := [2]bool{true, true}
		turn := 0
		for moves := 0; moves < 600; moves++ {
			d := rules.Dice{rng.IntN(6) + 1, rng.IntN(6) + 1}
			ps, ds, firsts = append(ps, p), append(ds, d), append(firsts, first[turn])
			_, r, ok := pl.Choose(p, d, first[turn], uint64(n*1000+moves))
			first[turn] = false
			if !ok {
				r = p
			}
			if r.Won() {
				break
			}
			p, turn = r.Swap(), 1-turn
		}
	}
	return ps, ds, firsts
}

// BenchmarkLongDecision times each level's long nardi decisions on one
// goroutine over positions of self-play games and reports the median and
// 95th percentile.
func BenchmarkLongDecision(b *testing.B) {
	ps, ds, firsts := longPositions(4)
	for _, level := range []Level{Beginner, Club, Master, Grandmaster} {
		b.Run(level.String(), func(b *testing.B) {
			pl := LongPlayer{Level: level}
			var times []time.Duration
			i := 0
			for b.Loop() {
				k := i % len(ps)
				i++
				start := time.Now()
				pl.Choose(ps[k], ds[k], firsts[k], 1)
				times = append(times, time.Since(start))
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(times[len(times)*95/100].Microseconds())/1000, "p95-ms")
		})
	}
}
