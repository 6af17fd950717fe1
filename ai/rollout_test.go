package ai

import (
	"math"
	"testing"
	"time"

	"nardi/rules"
)

// rolloutEq is the estimate rollouts gives result r alone.
func rolloutEq(e *Evaluator, r rules.Position, trials, depth, keep int, seed uint64) float64 {
	cs := []candidate{{0, 0}}
	var s scratch
	e.rollouts([]rules.Position{r}, cs, trials, depth, keep, 1, seed, time.Time{}, &s)
	return cs[0].eq
}

// ply3 is the mover's equity of result r three rolls ahead, searched in
// full the plain way: the opponent's best answer to each roll at 0-ply,
// then the mover's best play of each roll at 0-ply judged at ply1.
func ply3(e *Evaluator, r *rules.Position) float64 {
	var s scratch
	return e.replied(r, &s, func(p *rules.Position, s *scratch) float64 {
		total := 0.0
		var g rules.Generator
		for _, roll := range rules.Rolls {
			results := g.Results(*p, roll.Dice, e.Rules)
			var v float64
			if len(results) == 0 {
				opp := p.Swap()
				v = -e.opp.onRoll1(&opp, s)
			} else {
				i, _ := e.bestPlay(p, results, s)
				v = e.ply1(&results[i], s)
			}
			total += float64(roll.Weight) * v
		}
		return total / 36
	})
}

// TestRolloutDepths: a rollout two rolls deep samples nothing and is ply2
// exactly; three rolls deep over 1,296 trials it meets each outcome of the
// first two rolls once and judges the third in full, so it is the plain
// three-roll search exactly (the signs of the mover's and the opponent's
// changes both show here). That sweep, on one goroutine, is left to the
// runs without -short and the race detector.
func TestRolloutDepths(t *testing.T) {
	t.Parallel()
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	e := NewEvaluator(net, rules.Nardi, rules.OinMars).withKeep(4)
	set := loadJudged(t)
	p, d := set[0].Pos, set[0].Dice
	_, results := rules.LegalPlays(p, d, rules.Nardi)
	var s scratch
	for _, r := range results[:min(2, len(results))] {
		two, ro := e.ply2(&r, &s), rolloutEq(e, r, 36, 2, 4, 1)
		if math.Abs(two-ro) > 1e-9 {
			t.Errorf("%s: rollout two rolls deep %.6f, ply2 %.6f", r.PositionID(), ro, two)
		}
	}
	if testing.Short() || raceEnabled {
		return
	}
	r := results[0]
	three, ro := ply3(e, &r), rolloutEq(e, r, 1296, 3, 4, 1)
	if math.Abs(three-ro) > 1e-9 {
		t.Errorf("%s: rollout three rolls deep %.6f, three-roll search %.6f", r.PositionID(), ro, three)
	}
	if two := e.ply2(&r, &s); three == two {
		t.Errorf("%s: three rolls ahead %.6f, the same as two", r.PositionID(), three)
	}
}

// TestRolloutSeeded: the same seed gives the same estimate, another seed
// another one (the sampled games differ), and looking deeper moves the
// estimate from ply2 by a little, not by a game's swing.
func TestRolloutSeeded(t *testing.T) {
	t.Parallel()
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	e := NewEvaluator(net, rules.Nardi, rules.OinMars)
	_, results := rules.LegalPlays(rules.Start(), rules.Dice{6, 5}, rules.Nardi)
	r := results[0]
	a, b, c := rolloutEq(e, r, 36, 6, 4, 1), rolloutEq(e, r, 36, 6, 4, 1), rolloutEq(e, r, 36, 6, 4, 2)
	if a != b {
		t.Errorf("seed 1 gave %.6f and %.6f", a, b)
	}
	if a == c {
		t.Errorf("seeds 1 and 2 both gave %.6f", a)
	}
	var s scratch
	if two := e.ply2(&r, &s); math.Abs(a-two) > 0.1 {
		t.Errorf("rollout %.4f, ply2 %.4f: far apart", a, two)
	}
}

// TestRolloutsStop: rollouts past their stop play no trial and leave each
// candidate its ply2; with time they play all trials, the candidates'
// estimates then moved from ply2.
func TestRolloutsStop(t *testing.T) {
	t.Parallel()
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	e := NewEvaluator(net, rules.Nardi, rules.OinMars)
	_, results := rules.LegalPlays(rules.Start(), rules.Dice{3, 1}, rules.Nardi)
	var s scratch
	for _, c := range []struct {
		stop time.Time
		want int
	}{{time.Now().Add(-time.Second), 0}, {time.Time{}, 72}} {
		cs := []candidate{{0, 0}, {1, 0}}
		if done := e.rollouts(results, cs, 72, 4, 4, 1, 1, c.stop, &s); done != c.want {
			t.Errorf("stop %v: %d trials, want %d", c.stop, done, c.want)
		}
		for _, cd := range cs {
			two := e.ply2(&results[cd.i], &s)
			if moved := cd.eq != two; moved != (c.want > 0) {
				t.Errorf("stop %v: candidate %d %.6f, ply2 %.6f", c.stop, cd.i, cd.eq, two)
			}
		}
	}
}

// TestRolloutsShare: a rollout's estimate keeps share of what its sampled
// games change over the 2-ply, the same games whatever the share: none
// leaves ply2, half lands midway between none and all.
func TestRolloutsShare(t *testing.T) {
	t.Parallel()
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	e := NewEvaluator(net, rules.Standard, rules.WithKoks)
	_, results := rules.LegalPlays(rules.Start(), rules.Dice{6, 2}, rules.Standard)
	var s scratch
	est := func(share float64) []candidate {
		cs := []candidate{{0, 0}, {1, 0}, {2, 0}}
		e.rollouts(results, cs, 72, 4, 4, share, 7, time.Time{}, &s)
		return cs
	}
	none, half, all := est(0), est(0.5), est(1)
	moved := false
	for k := range all {
		if two := e.ply2(&results[all[k].i], &s); none[k].eq != two {
			t.Errorf("candidate %d: share 0 gives %.6f, ply2 %.6f", k, none[k].eq, two)
		}
		if mid := (none[k].eq + all[k].eq) / 2; math.Abs(half[k].eq-mid) > 1e-12 {
			t.Errorf("candidate %d: share 0.5 gives %.6f, midway %.6f", k, half[k].eq, mid)
		}
		moved = moved || all[k].eq != none[k].eq
	}
	if !moved {
		t.Error("the sampled games changed no candidate's estimate")
	}
}
