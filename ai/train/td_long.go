package train

import (
	"math/rand/v2"

	"nardi/ai"
	"nardi/rules"
)

// tdLongTrainer plays long nardi self-play games and learns from them.
type tdLongTrainer struct {
	ev    *ai.Teacher
	state *learner // the position being learnt
}

func newTDLongTrainer(net *ai.Net) *tdLongTrainer {
	return &tdLongTrainer{ev: ai.NewLongTeacher(ai.NewLongEvaluator(net)), state: newLearner(net)}
}

// play plays long nardi game number g of the seed to its end, moving each
// position's evaluation toward that of the position after the greedy play.
func (t *tdLongTrainer) play(seed uint64, g int64, alpha float32) {
	rng := rand.New(rand.NewPCG(seed, uint64(g)))
	die := func() int { return rng.IntN(6) + 1 }
	p := rules.Long.Start()
	_, d := rules.OpeningRoll(die)
	for ply := 0; ply < 2000; ply++ {
		t.state.forward(&p)
		results := t.ev.Results(p, d)
		var target [ai.NumOutputs]float32
		next := p.Swap()
		if len(results) > 0 {
			r := results[t.ev.Best0(&p, results)]
			if r.Won() {
				target = outcome(rules.Long.Value(r, rules.OinMars))
				t.state.backward(&target, alpha)
				return
			}
			next = r.Swap()
		}
		target = t.ev.Probs(&next).Flip()
		t.state.backward(&target, alpha)
		p = next
		d = rules.Dice{die(), die()}
	}
}
