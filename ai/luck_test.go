package ai

import (
	"math"
	"testing"

	"nardi/rules"
)

// TestLuckAddsUpToZero: over the 36 rolls of a position, luck adds up to
// zero (a roll at the average counts zero), in short and in long nardi;
// from the start 6-6 is good luck and better than 2-1; the chances lie in
// 0..1.
func TestLuckAddsUpToZero(t *testing.T) {
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	short := NewEvaluator(net, rules.Nardi, rules.OinMars)
	longNet, err := ShippedLongNet()
	if err != nil {
		t.Fatal(err)
	}
	long := NewLongEvaluator(longNet)
	cases := map[string]func(d rules.Dice) Story{
		"short start": func(d rules.Dice) Story { return short.Story(rules.Start(), d) },
		"long start":  func(d rules.Dice) Story { return long.Story(rules.Long.Start(), d, true) },
	}
	for name, story := range cases {
		var sum float64
		rollsWeighted(func(d rules.Dice, w float64) {
			s := story(d)
			if s.Win < 0 || s.Win > 1 || math.IsNaN(s.Luck) {
				t.Errorf("%s %v: %+v", name, d, s)
			}
			sum += w * s.Luck
		})
		if math.Abs(sum) > 1e-6 {
			t.Errorf("%s: luck over the 36 rolls adds up to %g", name, sum)
		}
	}
	if good, bad := short.Story(rules.Start(), rules.Dice{6, 6}).Luck, short.Story(rules.Start(), rules.Dice{2, 1}).Luck; good <= 0 || bad >= good {
		t.Errorf("from the start, 6-6 has luck %g and 2-1 %g", good, bad)
	}
}
