package ai

import (
	"math/rand/v2"

	"nardi/rules"
)

// longTrainer plays long nardi self-play games and learns from them.
type longTrainer struct {
	ev    *LongEvaluator
	s     longScratch
	state longScratch // the position being learnt
	grad  []float32
}

func newLongTrainer(net *Net) *longTrainer {
	return &longTrainer{ev: NewLongEvaluator(net), grad: make([]float32, net.Hidden)}
}

// play plays long nardi game number g of the seed to its end, moving each
// position's evaluation toward that of the position after the greedy play.
func (t *longTrainer) play(seed uint64, g int64, alpha float32) {
	rng := rand.New(rand.NewPCG(seed, uint64(g)))
	die := func() int { return rng.IntN(6) + 1 }
	net := t.ev.Net
	p := rules.Long.Start()
	_, d := rules.OpeningRoll(die)
	for ply := 0; ply < 2000; ply++ {
		t.state.f.encodeLong(&p)
		net.forward(&t.state.f, &t.state.a)
		_, results := t.s.gen.Plays(p, d, longFirst(&p.Mine))
		var target [NumOutputs]float32
		next := p.Swap()
		if len(results) > 0 {
			_, best := t.ev.best0(results, &t.s)
			r := results[best]
			if r.Won() {
				target = outcome(rules.Long.Value(r, rules.OinMars))
				net.backward(&t.state.f, &t.state.a, &target, alpha, t.grad)
				return
			}
			next = r.Swap()
		}
		target = t.ev.probs(&next, &t.s).flip()
		net.backward(&t.state.f, &t.state.a, &target, alpha, t.grad)
		p = next
		d = rules.Dice{die(), die()}
	}
}
