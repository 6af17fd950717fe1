package ai

import (
	"testing"

	"nardi/rules"
)

// TestNetAlone: the "net" level plays the network's best play at 0-ply,
// so its PR on the judged set is Judge0's.
func TestNetAlone(t *testing.T) {
	if l, err := ParseLevel("net"); err != nil || l != NetAlone || l.String() != "net" {
		t.Fatalf("ParseLevel(net): %v %v", l, err)
	}
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	var sample []JudgedPosition
	for i, jp := range loadJudged(t) {
		if i%4 == 0 {
			sample = append(sample, jp)
		}
	}
	pl := NewPlayer(net, rules.Standard, rules.WithKoks, NetAlone)
	got, err := PR(sample, func(p rules.Position, d rules.Dice) rules.Position {
		_, r, _ := pl.Choose(p, d, false, 1)
		return r
	})
	if err != nil {
		t.Fatal(err)
	}
	want, err := Judge0(net, sample)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("net level PR %.4f, 0-ply judge %.4f", got, want)
	}
}
