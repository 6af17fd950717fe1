package ai

import (
	"math"
	"testing"

	"nardi/rules"
)

// TestLookaheadDepths checks every depth of the search where the truth is
// known: in bear-offs where both sides have a checker off, the database
// gives exact chances, so looking one, two or three rolls ahead must
// agree with the static value. A wrong side or sign at any level of the
// search would show here.
func TestLookaheadDepths(t *testing.T) {
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	var p rules.Position
	for pt, n := range map[int]int8{1: 2, 3: 3, 5: 2, 6: 1} {
		p.Mine[pt] = n
	}
	for pt, n := range map[int]int8{2: 3, 4: 2, 6: 2} {
		p.Theirs[pt] = n
	}
	p.Mine[rules.Off], p.Theirs[rules.Off] = 7, 8
	for _, rs := range []rules.RuleSet{rules.Nardi, rules.Standard} {
		e := NewEvaluator(net, rs, rules.WithKoks)
		_, results := rules.LegalPlays(p, rules.Dice{6, 3}, rs)
		var s scratch
		for _, r := range results[:min(3, len(results))] {
			static := e.afterPlay(&r, &s)
			v3, ok := e.ply3(&r, &s, math.MaxInt)
			if !ok {
				t.Fatal("three rolls ahead gave up without a limit")
			}
			for depth, v := range []float64{e.ply1(&r, &s), e.ply2(&r, &s), v3} {
				if math.Abs(v-static) > 0.01 {
					t.Errorf("%s %s: %d rolls ahead %.4f, static %.4f", rs, r.PositionID(), depth+1, v, static)
				}
			}
		}
	}
}

// TestDeeperBudget checks that the three-roll search keeps to its budget
// and gives up, changing nothing, when the budget is too small.
func TestDeeperBudget(t *testing.T) {
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	e := NewEvaluator(net, rules.Standard, rules.WithKoks)
	p := rules.Start()
	_, results := rules.LegalPlays(p, rules.Dice{3, 1}, rules.Standard)
	var s scratch
	if _, ok := e.ply3(&results[0], &s, math.MaxInt); !ok {
		t.Fatal("gave up without a limit")
	}
	full := s.work
	s.work = 0
	if _, ok := e.ply3(&results[0], &s, full/4); ok {
		t.Fatalf("finished within a quarter of the %d positions it needs", full)
	}
	if s.work >= full/2 {
		t.Errorf("gave up only after %d of %d positions", s.work, full)
	}
	cs := []candidate{{0, 0.5}, {1, 0.25}}
	if deeper(e, results, cs, full, &s) || cs[0].eq != 0.5 || cs[1].eq != 0.25 {
		t.Errorf("two candidates searched within the budget of one, or estimates changed: %v", cs)
	}
}
