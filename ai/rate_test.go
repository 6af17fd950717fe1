package ai

import (
	"testing"
	"time"

	"nardi/rules"
)

// BenchmarkDecisionRate plays master's and grandmaster's full searches
// (Exact: no time limit, so the same work on a busy machine) on the
// judged positions with a choice to make, one decision after another on
// one goroutine, and reports decisions a second of processor time and of
// wall time; then each level's least search, every decision due at once
// (-due-now: what a crowd past the machine's means gets). Run it with
// -cpu 1 for a figure on one core.
func BenchmarkDecisionRate(b *testing.B) {
	set := loadJudged(b)
	net, err := ShippedNet()
	if err != nil {
		b.Fatal(err)
	}
	var chosen []JudgedPosition
	for _, jp := range set {
		if plays, _ := rules.LegalPlays(jp.Pos, jp.Dice, rules.Standard); len(plays) > 1 {
			chosen = append(chosen, jp)
		}
	}
	for _, c := range []struct {
		level Level
		now   bool
	}{{Master, false}, {Grandmaster, false}, {Master, true}, {Grandmaster, true}} {
		name := c.level.String()
		if c.now {
			name += "-due-now"
		}
		b.Run(name, func(b *testing.B) {
			pl := NewPlayer(net, rules.Standard, rules.WithKoks, c.level)
			pl.Exact = !c.now
			i := 0
			cpu0, wall0 := cpuTime(), time.Now()
			for b.Loop() {
				jp := chosen[i%len(chosen)]
				i++
				if c.now {
					pl.ChooseBy(jp.Pos, jp.Dice, false, 1, time.Now().Add(-time.Second))
				} else {
					pl.Choose(jp.Pos, jp.Dice, false, 1)
				}
			}
			if cpu := cpuTime() - cpu0; cpu > 0 {
				b.ReportMetric(float64(i)/(float64(cpu)/1e9), "decisions/cpu-s")
			}
			b.ReportMetric(float64(i)/time.Since(wall0).Seconds(), "decisions/s")
		})
	}
}
