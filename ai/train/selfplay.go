package train

import (
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"nardi/ai"
	"nardi/rules"
)

// PlayGame plays one game of the variant between a and b with dice drawn
// from seed and returns the points a scores: positive when a wins,
// negative when b does. The opening roll decides who starts.
func PlayGame(v rules.Variant, s rules.Scoring, a, b ai.Chooser, seed uint64) int {
	pts, _ := PlayGameLuck(v, s, a, b, seed, nil)
	return pts
}

// LuckJudge gives the luck of roll d for the mover in p (first: the
// mover's first turn of the game), in equity: what the roll gave against
// the average roll, as ai.Evaluator.Story and ai.LongEvaluator.Story tell it.
type LuckJudge func(p rules.Position, d rules.Dice, first bool) float64

// PlayGameLuck is PlayGame that also returns a's points with the luck of
// the dice taken out: the luck of a's rolls subtracted and of b's added,
// as judge tells it (the opening roll left in). Each roll's luck averages
// zero over the rolls it could have been, whatever the judge, so the
// adjusted points keep the points' expectation with less spread. With a
// nil judge they are the points.
func PlayGameLuck(v rules.Variant, s rules.Scoring, a, b ai.Chooser, seed uint64, judge LuckJudge) (int, float64) {
	rng := rand.New(rand.NewPCG(seed, 0x73656c66))
	die := func() int { return rng.IntN(6) + 1 }
	players := [2]ai.Chooser{a, b}
	turn, d := rules.OpeningRoll(die)
	first := [2]bool{true, true}
	p := v.Start()
	luck := 0.0 // a's luck less b's
	for ply := 0; ply < 10000; ply++ {
		if judge != nil && ply > 0 {
			l := judge(p, d, first[turn])
			if turn == 1 {
				l = -l
			}
			luck += l
		}
		_, result, ok := players[turn].Choose(p, d, first[turn], seed+uint64(ply))
		first[turn] = false
		if ok && result.Won() {
			pts := v.Value(result, s)
			if turn == 1 {
				pts = -pts
			}
			return pts, float64(pts) - luck
		}
		if ok {
			p = result
		}
		p = p.Swap()
		turn = 1 - turn
		d = rules.Dice{die(), die()}
	}
	return 0, -luck
}

// MatchResult sums up games between two players.
type MatchResult struct {
	Games    int
	Points   []int   // points for A in each game
	Mean     float64 // points per game for A
	Low, Hi  float64 // 95% confidence interval of Mean
	WinsA    int
	Progress func(done int)
	// Judged tells that the games were played with a LuckJudge: Adjusted
	// then holds A's points of each game with the luck taken out, and
	// AdjMean, AdjLow and AdjHi their mean and its 95% interval.
	Judged                 bool
	Adjusted               []float64
	AdjMean, AdjLow, AdjHi float64
}

// SelfPlay plays games of the variant between a and b on workers
// goroutines; game i uses seed+i, so the result does not depend on the
// number of workers. With a judge (not nil) each game's points are also
// given with the luck of the dice taken out (PlayGameLuck).
func SelfPlay(v rules.Variant, s rules.Scoring, a, b ai.Chooser, games int, seed uint64, workers int, judge LuckJudge) MatchResult {
	points, adjusted := make([]int, games), make([]float64, games)
	playAll(games, workers, func(i int) {
		points[i], adjusted[i] = PlayGameLuck(v, s, a, b, seed+uint64(i), judge)
	})
	r := summarize(points)
	if judge != nil {
		r.Judged, r.Adjusted = true, adjusted
		r.AdjMean, r.AdjLow, r.AdjHi = meanCI(adjusted)
	}
	return r
}

func summarize(points []int) MatchResult {
	r := MatchResult{Games: len(points), Points: points}
	if len(points) == 0 {
		return r
	}
	xs := make([]float64, len(points))
	for i, v := range points {
		xs[i] = float64(v)
		if v > 0 {
			r.WinsA++
		}
	}
	r.Mean, r.Low, r.Hi = meanCI(xs)
	return r
}

// meanCI returns the mean of xs and its 95% confidence interval (the
// mean itself at both ends for fewer than two).
func meanCI(xs []float64) (mean, low, hi float64) {
	if len(xs) == 0 {
		return 0, 0, 0
	}
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	if len(xs) < 2 {
		return mean, mean, mean
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	se := math.Sqrt(ss/float64(len(xs)-1)) / math.Sqrt(float64(len(xs)))
	return mean, mean - 1.96*se, mean + 1.96*se
}

// SelfPlayDuplicate is SelfPlay with the dice dealt twice: games 2k and
// 2k+1 use the same dice (seed+k), A in the first seat and then B, so the
// luck of the dice falls on both players alike and the result is surer
// for the same number of games. Its confidence intervals are reckoned on
// the pairs, which are not independent games.
func SelfPlayDuplicate(v rules.Variant, s rules.Scoring, a, b ai.Chooser, games int, seed uint64, workers int, judge LuckJudge) MatchResult {
	pairs := (games + 1) / 2
	points, adjusted := make([]int, 2*pairs), make([]float64, 2*pairs)
	playAll(2*pairs, workers, func(i int) {
		if i%2 == 0 {
			points[i], adjusted[i] = PlayGameLuck(v, s, a, b, seed+uint64(i/2), judge)
			return
		}
		pts, adj := PlayGameLuck(v, s, b, a, seed+uint64(i/2), judge)
		points[i], adjusted[i] = -pts, -adj
	})
	r := summarize(points)
	pairMeans := func(xs []float64) []float64 {
		out := make([]float64, pairs)
		for k := range out {
			out[k] = (xs[2*k] + xs[2*k+1]) / 2
		}
		return out
	}
	raw := make([]float64, len(points))
	for i, v := range points {
		raw[i] = float64(v)
	}
	_, r.Low, r.Hi = meanCI(pairMeans(raw))
	if judge != nil {
		r.Judged, r.Adjusted = true, adjusted
		r.AdjMean, r.AdjLow, r.AdjHi = meanCI(pairMeans(adjusted))
	}
	return r
}

// playAll runs game(i) for every i below n, on workers goroutines taking
// the games in turn.
func playAll(n, workers int, game func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < max(1, workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				game(i)
			}
		}()
	}
	wg.Wait()
}
