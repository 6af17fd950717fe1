package ai

import (
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"nardi/rules"
)

// Chooser chooses plays in some variant: the play of roll d in p (first:
// the mover's first turn of the game) and the position it leads to, ok
// false when nothing can be played. Player (for short nardi) and
// LongPlayer, LongHeuristic and LongRandom (for long nardi) are choosers.
type Chooser interface {
	Choose(p rules.Position, d rules.Dice, first bool, seed uint64) (rules.Play, rules.Position, bool)
}

// PlayGame plays one game of the variant between a and b with dice drawn
// from seed and returns the points a scores: positive when a wins,
// negative when b does. The opening roll decides who starts.
func PlayGame(v rules.Variant, s rules.Scoring, a, b Chooser, seed uint64) int {
	rng := rand.New(rand.NewPCG(seed, 0x73656c66))
	die := func() int { return rng.IntN(6) + 1 }
	players := [2]Chooser{a, b}
	turn, d := rules.OpeningRoll(die)
	first := [2]bool{true, true}
	p := v.Start()
	for ply := 0; ply < 10000; ply++ {
		_, result, ok := players[turn].Choose(p, d, first[turn], seed+uint64(ply))
		first[turn] = false
		if ok && result.Won() {
			pts := v.Value(result, s)
			if turn == 1 {
				pts = -pts
			}
			return pts
		}
		if ok {
			p = result
		}
		p = p.Swap()
		turn = 1 - turn
		d = rules.Dice{die(), die()}
	}
	return 0
}

// MatchResult sums up games between two players.
type MatchResult struct {
	Games    int
	Points   []int   // points for A in each game
	Mean     float64 // points per game for A
	Low, Hi  float64 // 95% confidence interval of Mean
	WinsA    int
	Progress func(done int)
}

// SelfPlay plays games of the variant between a and b on workers
// goroutines; game i uses seed+i, so the result does not depend on the
// number of workers.
func SelfPlay(v rules.Variant, s rules.Scoring, a, b Chooser, games int, seed uint64, workers int) MatchResult {
	points := make([]int, games)
	playAll(points, workers, func(i int) int { return PlayGame(v, s, a, b, seed+uint64(i)) })
	return summarize(points)
}

func summarize(points []int) MatchResult {
	r := MatchResult{Games: len(points), Points: points}
	if len(points) == 0 {
		return r
	}
	sum := 0.0
	for _, v := range points {
		sum += float64(v)
		if v > 0 {
			r.WinsA++
		}
	}
	r.Mean = sum / float64(len(points))
	ss := 0.0
	for _, v := range points {
		ss += (float64(v) - r.Mean) * (float64(v) - r.Mean)
	}
	if len(points) > 1 {
		se := math.Sqrt(ss/float64(len(points)-1)) / math.Sqrt(float64(len(points)))
		r.Low, r.Hi = r.Mean-1.96*se, r.Mean+1.96*se
	}
	return r
}

// SelfPlayDuplicate is SelfPlay with the dice dealt twice: games 2k and
// 2k+1 use the same dice (seed+k), A in the first seat and then B, so the
// luck of the dice falls on both players alike and the result is surer
// for the same number of games. Its confidence interval is reckoned on
// the pairs, which are not independent games.
func SelfPlayDuplicate(v rules.Variant, s rules.Scoring, a, b Chooser, games int, seed uint64, workers int) MatchResult {
	pairs := (games + 1) / 2
	points := make([]int, 2*pairs)
	playAll(points, workers, func(i int) int {
		if i%2 == 0 {
			return PlayGame(v, s, a, b, seed+uint64(i/2))
		}
		return -PlayGame(v, s, b, a, seed+uint64(i/2))
	})
	r := summarize(points)
	sums := make([]int, pairs)
	for k := range sums {
		sums[k] = points[2*k] + points[2*k+1]
	}
	pr := summarize(sums)
	r.Low, r.Hi = r.Mean+(pr.Low-pr.Mean)/2, r.Mean+(pr.Hi-pr.Mean)/2
	return r
}

// playAll fills points[i] with game(i) for every i, on workers goroutines
// taking the games in turn.
func playAll(points []int, workers int, game func(i int) int) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < max(1, workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(points) {
					return
				}
				points[i] = game(i)
			}
		}()
	}
	wg.Wait()
}
