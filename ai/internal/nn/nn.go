// Package nn is the arithmetic of package ai's networks: one hidden layer
// of sigmoid units and five sigmoid outputs, on sparse inputs. The player
// (package ai) and the lab (package ai/train) share it, so that a network
// being trained computes the very bits it computes once it plays.
package nn

import "math"

// Outputs is the number of a network's outputs.
const Outputs = 5

// Layers are a network's weights, as ai.Net holds them: W1 input-major
// (W1[i*Hidden+h]), W2 output-major (W2[o*Hidden+h]), and the biases of
// the hidden units and of the outputs.
type Layers struct {
	Hidden         int
	W1, B1, W2, B2 []float32
}

// Forward runs the network on the inputs rows (their indices) and vals
// (their values): it sets hidden, of Hidden floats, to the hidden units'
// activations and out to the outputs.
func (l *Layers) Forward(rows []int32, vals []float32, hidden []float32, out *[Outputs]float32) {
	AddRows(hidden, l.B1, l.W1, rows, vals)
	Finish(hidden, l.W2, l.B2, out)
}

// Finish applies the sigmoid to the hidden units' sums in hidden and sets
// out to the outputs by the output weights w2 and biases b2.
func Finish(hidden, w2, b2 []float32, out *[Outputs]float32) {
	sigmoids(hidden)
	var sums [8]float32 // the outputs' sums, padded for sigmoids
	dots5(w2, hidden, &sums)
	for o := 0; o < Outputs; o++ {
		sums[o] += b2[o]
	}
	sigmoids(sums[:])
	copy(out[:], sums[:Outputs])
}

// Backward moves the outputs of the last forward pass on the inputs rows
// and vals (hidden and out as Forward left them) toward target by
// gradient descent on the squared error, with learning rate alpha. grad
// is scratch of at least Hidden floats.
func (l *Layers) Backward(rows []int32, vals []float32, hidden []float32, out, target *[Outputs]float32, alpha float32, grad []float32) {
	if len(grad) < l.Hidden {
		panic("nn: gradient scratch too small")
	}
	dh := grad[:l.Hidden]
	clear(dh)
	for o := 0; o < Outputs; o++ {
		y := out[o]
		d := (target[o] - y) * y * (1 - y) * alpha
		if d == 0 {
			continue
		}
		w := l.W2[o*l.Hidden : (o+1)*l.Hidden]
		for j, x := range hidden {
			dh[j] += d * w[j]
			w[j] += d * x
		}
		l.B2[o] += d
	}
	for j, x := range hidden {
		dh[j] *= x * (1 - x)
	}
	for j := range dh {
		l.B1[j] += dh[j]
	}
	for k, r := range rows {
		i, v := int(r), vals[k]
		w := l.W1[i*l.Hidden : (i+1)*l.Hidden]
		for j := range w {
			w[j] += v * dh[j]
		}
	}
}

// sigmoidRange clamps the sigmoid's argument: beyond ±16 the logistic
// function is within 1.2e-7 of 0 or 1.
const sigmoidRange = 16

// log2e is log₂ e as a float32.
const log2e = float32(math.Log2E)

// exp2Poly are the coefficients, lowest first, of a degree 5 polynomial
// for 2^f with f in [−½, ½], fitted to its relative error (at most 2.1e-7
// in float32).
var exp2Poly = [6]float32{1.0000001, 0.69314694, 0.24022084, 0.055507492, 0.009677468, 0.0013271277}

// sigmoid is the logistic function 1/(1+e^−x), worked out as 1/(1+2^y)
// with y = −x·log₂ e split into the nearest integer k and f = y−k: 2^f
// by exp2Poly, 2^k by the float's exponent bits. Each product is rounded
// before it is added (no fused multiply-add), in the order
// sigmoidsAVX2 works, so the assembly gives the same bits.
func sigmoid(x float32) float32 {
	x = min(max(x, -sigmoidRange), sigmoidRange)
	y := float32(x * -log2e)
	k := float32(math.RoundToEven(float64(y)))
	f := y - k
	p := exp2Poly[5]
	for i := 4; i >= 0; i-- {
		p = float32(p*f) + exp2Poly[i]
	}
	e := float32(p * math.Float32frombits(uint32(int32(k)+127)<<23))
	return 1 / (1 + e)
}
