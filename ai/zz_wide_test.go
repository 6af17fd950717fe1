package ai

import (
	"math/rand/v2"
	"os"
	"testing"
)

func TestZZWide(t *testing.T) {
	if os.Getenv("ZZ_WIDE") == "" {
		t.Skip()
	}
	n, _ := ShippedNet()
	H := n.Hidden
	w := &Net{Inputs: n.Inputs, Hidden: 2 * H, Games: n.Games,
		W1: make([]float32, n.Inputs*2*H), B1: make([]float32, 2*H),
		W2: make([]float32, NumOutputs*2*H), B2: append([]float32(nil), n.B2...)}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < n.Inputs; i++ {
		for h := 0; h < H; h++ {
			v := n.W1[i*H+h]
			e := float32(rng.NormFloat64() * 0.002)
			w.W1[i*2*H+h] = v + e
			w.W1[i*2*H+H+h] = v - e
		}
	}
	for h := 0; h < H; h++ {
		w.B1[h], w.B1[H+h] = n.B1[h], n.B1[h]
	}
	for o := 0; o < NumOutputs; o++ {
		for h := 0; h < H; h++ {
			v := n.W2[o*H+h] / 2
			w.W2[o*2*H+h], w.W2[o*2*H+H+h] = v, v
		}
	}
	data, _ := w.MarshalBinary()
	os.WriteFile(os.Getenv("ZZ_WIDE"), data, 0o644)
	set := loadJudged(t)
	pr, _ := Judge0(w, set)
	t.Logf("wide PR0 %.3f", pr)
}
