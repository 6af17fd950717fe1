package ai

import (
	"testing"

	"nardi/rules"
)

func loadJudged(t testing.TB) []JudgedPosition {
	t.Helper()
	set, err := LoadJudged("testdata/ai-judged.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// levelPR plays every judged position with the level under the standard
// rules, as the judge scores them.
func levelPR(t testing.TB, level Level, set []JudgedPosition) float64 {
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	pl := NewPlayer(net, rules.Standard, true, level)
	pr, err := PR(set, func(p rules.Position, d rules.Dice) rules.Position {
		_, r, _ := pl.Choose(p, d, 1)
		return r
	})
	if err != nil {
		t.Fatal(err)
	}
	return pr
}

func BenchmarkPR(b *testing.B) {
	set := loadJudged(b)
	for _, level := range []Level{Easy, Medium, Hard} {
		b.Run(level.String(), func(b *testing.B) {
			var pr float64
			for b.Loop() {
				pr = levelPR(b, level, set)
			}
			b.ReportMetric(pr, "PR")
		})
	}
}
