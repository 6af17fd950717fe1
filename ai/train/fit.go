package train

import (
	"fmt"
	"math"
	"math/rand/v2"

	"nardi/ai"
	"nardi/rules"
)

// pass is the scratch of one forward and backward pass.
type pass struct {
	rows   []int32
	vals   []float32
	hidden []float32
	dh     []float32
	z      [ai.NumOutputs]float64 // the outputs' sums (logits)
	out    [ai.NumOutputs]float64 // and their sigmoids
}

// forward runs the network on the position, as package ai does (its
// sigmoid is a polynomial within 2e-7 of this one).
func (ps *pass) forward(n *ai.Net, p *rules.Position) {
	ps.rows, ps.vals = n.Features(p, ps.rows[:0], ps.vals[:0])
	if len(ps.hidden) != n.Hidden {
		ps.hidden = make([]float32, n.Hidden)
		ps.dh = make([]float32, n.Hidden)
	}
	h := ps.hidden
	copy(h, n.B1)
	for k, r := range ps.rows {
		v := ps.vals[k]
		w := n.W1[int(r)*n.Hidden : (int(r)+1)*n.Hidden]
		for j := range h {
			h[j] += v * w[j]
		}
	}
	for j, x := range h {
		h[j] = float32(sigmoid(float64(x)))
	}
	for o := range ai.NumOutputs {
		w := n.W2[o*n.Hidden : (o+1)*n.Hidden]
		var sum float32
		for j, x := range h {
			sum += w[j] * x
		}
		ps.z[o] = float64(sum + n.B2[o])
		ps.out[o] = sigmoid(ps.z[o])
	}
}

// sigmoid is the logistic function, its argument clamped to ±16 as the
// player clamps it.
func sigmoid(x float64) float64 {
	x = min(max(x, -16), 16)
	return 1 / (1 + math.Exp(-x))
}

// crossEntropy is the cross-entropy, in nats, of a Bernoulli target t
// against the sigmoid of z, computed from z so that it stays finite.
func crossEntropy(t, z float64) float64 {
	z = min(max(z, -16), 16)
	// −t·log σ(z) − (1−t)·log(1−σ(z)) = log(1+e^z) − t·z
	return math.Max(z, 0) + math.Log1p(math.Exp(-math.Abs(z))) - t*z
}

// entropy is the cross-entropy's floor: that of the target against itself.
func entropy(t float64) float64 {
	e := 0.0
	if t > 0 {
		e -= t * math.Log(t)
	}
	if t < 1 {
		e -= (1 - t) * math.Log(1-t)
	}
	return e
}

// loss is the pass's cross-entropy against the sample, summed over the
// five outputs.
func (ps *pass) loss(s *Sample) float64 {
	l := 0.0
	for o := range ai.NumOutputs {
		l += crossEntropy(float64(s.Probs[o]), ps.z[o])
	}
	return l
}

// Metrics are a network's figures on a set of samples.
type Metrics struct {
	N int
	// CrossEntropy is the mean over positions of the cross-entropy (nats)
	// summed over the five outputs, each a Bernoulli target of the
	// teacher's chance.
	CrossEntropy float64
	// Floor is the same figure for the teacher's own chances, what a
	// network that matched the teacher would score: CrossEntropy − Floor
	// is the divergence from the teacher.
	Floor float64
	// EquityError is the mean absolute difference between the network's
	// cubeless money equity (its chances made consistent as the player
	// makes them) and the teacher's.
	EquityError float64
}

// Measure returns the network's figures on the samples.
func Measure(n *ai.Net, samples []Sample) Metrics {
	var ps pass
	m := Metrics{N: len(samples)}
	for i := range samples {
		s := &samples[i]
		ps.forward(n, &s.Pos)
		m.CrossEntropy += ps.loss(s)
		for o := range ai.NumOutputs {
			m.Floor += entropy(float64(s.Probs[o]))
		}
		m.EquityError += math.Abs(ps.equity() - s.Equity())
	}
	if m.N > 0 {
		m.CrossEntropy /= float64(m.N)
		m.Floor /= float64(m.N)
		m.EquityError /= float64(m.N)
	}
	return m
}

// equity is the pass's cubeless money equity, its chances made consistent
// (a backgammon is a gammon, a gammon a win) as the player's evaluator
// makes them.
func (ps *pass) equity() float64 {
	var p ai.Probs
	for o := range ai.NumOutputs {
		p[o] = float32(ps.out[o])
	}
	w := p[ai.OutWin]
	p[ai.OutWinMars] = min(p[ai.OutWinMars], w)
	p[ai.OutWinKoks] = min(p[ai.OutWinKoks], p[ai.OutWinMars])
	p[ai.OutLoseMars] = min(p[ai.OutLoseMars], 1-w)
	p[ai.OutLoseKoks] = min(p[ai.OutLoseKoks], p[ai.OutLoseMars])
	return p.Equity(rules.WithKoks)
}

// Adam's constants.
const (
	beta1   = 0.9
	beta2   = 0.999
	epsilon = 1e-8
)

// Trainer fits a network by minibatch Adam (or SGD) on the cross-entropy. It
// changes the network's weights in place: nothing may evaluate with the
// network while a step runs.
type Trainer struct {
	Net *ai.Net
	// Rate is Adam's step size for the next step; the caller may change it
	// between steps (a schedule).
	Rate float64
	// Decay, when above 0, pulls every weight of the first layer toward 0
	// by Rate·Decay·w a step (decoupled weight decay).
	Decay float64
	// OutputOnly leaves the hidden layer's weights as they are and fits
	// only the output layer.
	OutputOnly bool
	// SGD steps by plain gradient descent, Rate times the batch's mean
	// gradient, instead of by Adam: every weight moves in proportion to
	// its gradient, so the inputs a batch rarely sees move little.
	SGD bool
	// Anchor, when set and AnchorWeight is above 0, holds the differences
	// between the network's equities of the plays of a roll to this
	// network's (see anchor): the teacher corrects the values of the
	// positions, the anchor keeps the order of the plays it does not
	// correct.
	Anchor       *ai.Net
	AnchorWeight float64
	// ListWeight, when above 0, adds for each group of candidates in a
	// batch the list loss (see listGrad) times ListWeight, at temperature
	// ListTemp (0: DefaultListTemp): the network learns the order of a
	// roll's plays, not only their values.
	ListWeight, ListTemp float64
	// CandidateCE, when set, weighs the cross-entropy of the candidates
	// (1 when nil): at 0 they teach only the order of a roll's plays, by
	// the list loss, and the values come from the teacher's positions
	// alone (the candidates' 1-ply labels lean to one side, as an odd
	// ply's do).
	CandidateCE *float64
	passes      []pass // the scratch of a unit's samples
	steps       int
	rng         *rand.Rand
	ev          *ai.Evaluator
	gen         rules.Generator
	sibs        []rules.Position
	grad        [4][]float32 // the batch's gradients of W1, B1, W2, B2
	m, v        [4][]float32 // Adam's moments of each
	ps          pass
}

// NewTrainer returns a trainer of the network with Adam's step size rate.
func NewTrainer(n *ai.Net, rate float64) *Trainer {
	t := &Trainer{Net: n, Rate: rate}
	for k, w := range t.params() {
		t.grad[k] = make([]float32, len(w))
		t.m[k] = make([]float32, len(w))
		t.v[k] = make([]float32, len(w))
	}
	return t
}

// params are the network's weights in the order of the trainer's arrays.
func (t *Trainer) params() [4][]float32 {
	return [4][]float32{t.Net.W1, t.Net.B1, t.Net.W2, t.Net.B2}
}

// Steps is the number of steps taken so far.
func (t *Trainer) Steps() int { return t.steps }

// Step takes one step (Adam's, or plain gradient descent's with SGD) on
// the batch's mean cross-entropy and the anchor's penalty, when set, and
// returns the mean cross-entropy as it was before the step.
func (t *Trainer) Step(batch []Sample) (float64, error) {
	if len(batch) == 0 {
		return 0, fmt.Errorf("train step: empty batch")
	}
	n := t.Net
	for k := range t.grad {
		clear(t.grad[k])
	}
	total := 0.0
	scale := 1 / float32(len(batch))
	for i := 0; i < len(batch); {
		j := unitEnd(batch, i)
		total += t.unit(batch[i:j], scale)
		i = j
	}
	t.steps++
	c1 := 1 - math.Pow(beta1, float64(t.steps))
	c2 := 1 - math.Pow(beta2, float64(t.steps))
	lr := float32(t.Rate * math.Sqrt(c2) / c1)
	eps := float32(epsilon * math.Sqrt(c2))
	for k, w := range t.params() {
		if t.OutputOnly && k < 2 {
			continue
		}
		g, m, v := t.grad[k], t.m[k], t.v[k]
		if t.SGD {
			r := float32(t.Rate)
			for i := range w {
				w[i] -= r * g[i]
			}
			continue
		}
		for i := range w {
			m[i] = beta1*m[i] + (1-beta1)*g[i]
			v[i] = beta2*v[i] + (1-beta2)*g[i]*g[i]
			w[i] -= lr * m[i] / (sqrt32(v[i]) + eps)
		}
	}
	if t.Decay > 0 && !t.OutputOnly {
		f := float32(1 - t.Rate*t.Decay)
		for i := range n.W1 {
			n.W1[i] *= f
		}
	}
	return total / float64(len(batch)), nil
}

// unit adds the gradients of one unit of the batch, a teacher's position
// or a group of candidates, each sample's weight scale: the cross-entropy
// of each, the anchor's penalty when set, and for a group of two or more
// the list loss when ListWeight is above 0. It returns the unit's summed
// cross-entropy.
func (t *Trainer) unit(u []Sample, scale float32) float64 {
	if len(t.passes) < len(u) {
		t.passes = make([]pass, len(u))
	}
	total := 0.0
	for k := range u {
		ps := &t.passes[k]
		ps.forward(t.Net, &u[k].Pos)
		total += ps.loss(&u[k])
	}
	var dE []float64 // the list loss's derivatives by each sample's equity
	if t.ListWeight > 0 && len(u) >= 2 {
		dE = t.listGrad(u)
	}
	for k := range u {
		ps := &t.passes[k]
		var d [ai.NumOutputs]float32
		for o := range ai.NumOutputs {
			// the cross-entropy's derivative by the output's sum
			g := ps.out[o] - float64(u[k].Probs[o])
			if u[k].Group >= 0 && t.CandidateCE != nil {
				g *= *t.CandidateCE
			}
			if dE != nil {
				y := ps.out[o]
				g += t.ListWeight * dE[k] * equityWeights[o] * y * (1 - y)
			}
			d[o] = float32(g) * scale
		}
		t.backward(ps, &d)
		if t.Anchor != nil && t.AnchorWeight > 0 {
			t.anchor(&u[k].Pos, scale)
		}
	}
	return total
}

// listGrad returns the derivatives, by each candidate's equity (for the
// opponent, as the network gives it), of the list loss of a group: the
// cross-entropy of the network's choice among the plays against the
// teacher's, each a softmax of −equity/ListTemp (the mover picks the
// candidate worst for the opponent).
func (t *Trainer) listGrad(u []Sample) []float64 {
	temp := t.ListTemp
	if temp <= 0 {
		temp = DefaultListTemp
	}
	n := len(u)
	p, q := make([]float64, n), make([]float64, n)
	for k := range u {
		p[k] = -t.passes[k].rawEquity() / temp
		q[k] = -u[k].Equity() / temp
	}
	softmax(p)
	softmax(q)
	for k := range p {
		// d/dE_k of −Σ q log p, p = softmax(−E/temp)
		p[k] = -(p[k] - q[k]) / temp
	}
	return p
}

// DefaultListTemp is the list loss's temperature, in equity, when the
// trainer has none.
const DefaultListTemp = 0.05

// softmax turns the values into their softmax, in place.
func softmax(v []float64) {
	top := math.Inf(-1)
	for _, x := range v {
		top = max(top, x)
	}
	sum := 0.0
	for k, x := range v {
		v[k] = math.Exp(x - top)
		sum += v[k]
	}
	for k := range v {
		v[k] /= sum
	}
}

// backward adds to the trainer's gradients those of the pass's outputs
// whose derivatives by the outputs' sums are d.
func (t *Trainer) backward(ps *pass, d *[ai.NumOutputs]float32) {
	n := t.Net
	gW1, gB1, gW2, gB2 := t.grad[0], t.grad[1], t.grad[2], t.grad[3]
	h, dh := ps.hidden, ps.dh
	clear(dh)
	for o, d := range d {
		if d == 0 {
			continue
		}
		w := n.W2[o*n.Hidden : (o+1)*n.Hidden]
		g := gW2[o*n.Hidden : (o+1)*n.Hidden]
		for j, x := range h {
			dh[j] += d * w[j]
			g[j] += d * x
		}
		gB2[o] += d
	}
	for j, x := range h {
		dh[j] *= x * (1 - x)
		gB1[j] += dh[j]
	}
	for k, r := range ps.rows {
		v := ps.vals[k]
		g := gW1[int(r)*n.Hidden : (int(r)+1)*n.Hidden]
		for j := range g {
			g[j] += v * dh[j]
		}
	}
}

// anchorSiblings is the most siblings of a sample the anchor looks at.
const anchorSiblings = 4

// equityWeights are the outputs' weights in the cubeless money equity.
var equityWeights = [ai.NumOutputs]float64{2, 1, 1, -1, -1}

// rawEquity is the pass's equity from its outputs as they are (the
// anchor's penalty needs a derivative, so the chances are not made
// consistent first).
func (ps *pass) rawEquity() float64 {
	e := -1.0
	for o, c := range equityWeights {
		e += c * ps.out[o]
	}
	return e
}

// anchor adds the gradient of the anchor's penalty on p's siblings: the
// results of the plays of a random roll from p, seen by the opponent on
// roll, of p's phase. The penalty is AnchorWeight times the mean over them
// of ((E − Ē) − (E⁰ − Ē⁰))², E the network's equity of a sibling, E⁰ the
// anchor's and Ē, Ē⁰ their means over the siblings: the network may move
// a position's value, but not the order of its plays, unless the teacher's
// samples outweigh it.
func (t *Trainer) anchor(p *rules.Position, scale float32) {
	if t.rng == nil {
		t.rng = rand.New(rand.NewPCG(uint64(t.steps), 0x616e63686f72))
		t.ev = ai.NewEvaluator(nil, rules.Standard, rules.WithKoks)
	}
	roll := rules.Rolls[t.rng.IntN(len(rules.Rolls))].Dice
	phase := ai.Contact(p)
	t.sibs = t.sibs[:0]
	for _, r := range t.gen.Results(*p, roll, rules.Standard) {
		if r.Won() {
			continue
		}
		q := r.Swap()
		if _, exact := t.ev.Bearoff(&q); ai.Contact(&q) == phase && !exact {
			t.sibs = append(t.sibs, q)
		}
	}
	if len(t.sibs) < 2 {
		return
	}
	t.rng.Shuffle(len(t.sibs), func(i, j int) { t.sibs[i], t.sibs[j] = t.sibs[j], t.sibs[i] })
	k := min(len(t.sibs), anchorSiblings)
	var eq, eq0 [anchorSiblings]float64
	var mean, mean0 float64
	for i := range k {
		t.ps.forward(t.Anchor, &t.sibs[i])
		eq0[i] = t.ps.rawEquity()
		t.ps.forward(t.Net, &t.sibs[i])
		eq[i] = t.ps.rawEquity()
		mean += eq[i] / float64(k)
		mean0 += eq0[i] / float64(k)
	}
	for i := range k {
		// the penalty's derivative by E_i (the means' parts cancel)
		g := 2 * t.AnchorWeight * ((eq[i] - mean) - (eq0[i] - mean0)) / float64(k)
		t.ps.forward(t.Net, &t.sibs[i])
		var d [ai.NumOutputs]float32
		for o, c := range equityWeights {
			y := t.ps.out[o]
			d[o] = float32(g*c*y*(1-y)) * scale
		}
		t.backward(&t.ps, &d)
	}
}

// sqrt32 is the square root of a float32.
func sqrt32(x float32) float32 { return float32(math.Sqrt(float64(x))) }
