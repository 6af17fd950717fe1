package train

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"nardi/ai"
	"nardi/ai/internal/nn"
	"nardi/rules"
)

// PruneConfig sets up the training of a pruner: a small network on the raw
// inputs that learns the teacher's 0-ply chances of every play's result,
// so that a search can let the teacher judge only the pruner's best few.
type PruneConfig struct {
	Teacher *ai.Net // the network whose judgement the pruner learns
	Hidden  int     // the pruner's hidden units (a multiple of 8 runs fastest)
	Seed    uint64  // seeds the pruner's weights and every game's dice
	Games   int     // self-play games whose plays are learnt from
	// Alpha is the learning rate at the start; it falls linearly to
	// AlphaEnd at the last game.
	Alpha, AlphaEnd float32
	Log             io.Writer
}

// TrainPruner trains a pruner for cfg.Teacher. The teacher plays games
// against itself at 0-ply (a random play now and then, so that other
// positions are met too); after every roll, each result's chances by the
// teacher are the pruner's target. A run takes minutes and is
// deterministic, so it is repeated rather than resumed.
func TrainPruner(ctx context.Context, cfg PruneConfig) (*ai.Net, error) {
	if cfg.Teacher == nil || !cfg.Teacher.Short() {
		return nil, errors.New("train pruner: the teacher must be a short nardi network")
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	student := ai.NewNet(ai.NumInputs, cfg.Hidden, cfg.Seed)
	ev := [2]*ai.Teacher{teacher(cfg.Teacher, rules.Nardi), teacher(cfg.Teacher, rules.Standard)}
	l := newLearner(student)
	var (
		results []rules.Position
		mine    []float64
		st      ai.PruneStats
	)
	start := time.Now()
	for g := range cfg.Games {
		if err := ctx.Err(); err != nil {
			return student, err
		}
		alpha := cfg.Alpha + (cfg.AlphaEnd-cfg.Alpha)*float32(g)/float32(max(1, cfg.Games-1))
		e := ev[g%2]
		rng := rand.New(rand.NewPCG(cfg.Seed, uint64(g)^0x7072756e))
		die := func() int { return rng.IntN(6) + 1 }
		p := rules.Start()
		_, d := rules.OpeningRoll(die)
		for ply := 0; ply < 1000; ply++ {
			results = append(results[:0], e.Results(p, d)...)
			next := p.Swap()
			if len(results) > 0 {
				eqs := e.Ply0(&p, results)
				mine = mine[:0]
				for i := range results {
					mine = append(mine, eqs[i])
					r := &results[i]
					if r.Won() {
						continue
					}
					o := r.Swap()
					if _, exact := e.Bearoff(&o); exact {
						continue
					}
					// By the network that judges p (the race network's in a
					// race, when the teacher has one).
					target := [ai.NumOutputs]float32(e.Near(&p, &o))
					out := l.forward(&o)
					pr := ai.Probs(*out)
					pr.Tidy()
					mine[i] = e.Equity(pr.Flip())
					st.Loss += squaredError(out, &target)
					st.Samples++
					l.backward(&target, alpha)
				}
				st.Add(eqs, mine)
				i := nn.Argmax(eqs)
				if rng.Float64() < explore {
					i = rng.IntN(len(results))
				}
				r := results[i]
				if r.Won() {
					break
				}
				next = r.Swap()
			}
			p = next
			d = rules.Dice{die(), die()}
		}
		if (g+1)%1000 == 0 || g+1 == cfg.Games {
			fmt.Fprintf(cfg.Log, "pruner: %d games  rate %.4f  %s  elapsed %s\n", g+1, alpha, st, time.Since(start).Round(time.Second))
			st = ai.PruneStats{}
		}
	}
	return student, nil
}

// squaredError is the sum of the squared differences of out and target.
func squaredError(out, target *[ai.NumOutputs]float32) float64 {
	sum := 0.0
	for k := range out {
		d := float64(out[k] - target[k])
		sum += d * d
	}
	return sum
}
