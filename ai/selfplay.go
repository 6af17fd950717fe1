package ai

import (
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"nardi/rules"
)

// PlayGame plays one game between a and b with dice drawn from seed and
// returns the points a scores: positive when a wins, negative when b does.
// The opening roll decides who starts.
func PlayGame(a, b *Player, seed uint64) int {
	rng := rand.New(rand.NewPCG(seed, 0x73656c66))
	die := func() int { return rng.IntN(6) + 1 }
	players := [2]*Player{a, b}
	turn, d := rules.OpeningRoll(die)
	p := rules.Start()
	for ply := 0; ply < 10000; ply++ {
		_, result, ok := players[turn].Choose(p, d, seed+uint64(ply))
		if ok && result.Won() {
			v := result.Value(players[turn].Eval.Scoring)
			if turn == 1 {
				v = -v
			}
			return v
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

// SelfPlay plays games between a and b on workers goroutines; game i uses
// seed+i, so the result does not depend on the number of workers.
func SelfPlay(a, b *Player, games int, seed uint64, workers int) MatchResult {
	points := make([]int, games)
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < max(1, workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= games {
					return
				}
				points[i] = PlayGame(a, b, seed+uint64(i))
			}
		}()
	}
	wg.Wait()
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
