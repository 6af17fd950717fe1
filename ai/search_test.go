package ai

import (
	"math"
	"testing"
	"time"

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
	p := bearOff()
	for _, rs := range []rules.RuleSet{rules.Nardi, rules.Standard} {
		e := NewEvaluator(net, rs, rules.WithKoks)
		_, results := rules.LegalPlays(p, rules.Dice{6, 3}, rs)
		var s scratch
		for _, r := range results[:min(3, len(results))] {
			static := e.afterPlay(&r, &s)
			for depth, v := range []float64{e.ply1(&r, &s), e.ply2(&r, &s), e.ply3(&r, &s)} {
				if math.Abs(v-static) > 0.01 {
					t.Errorf("%s %s: %d rolls ahead %.4f, static %.4f", rs, r.PositionID(), depth+1, v, static)
				}
			}
		}
	}
}

// bearOff is a bear-off where both sides have borne off checkers: small
// enough to search three rolls ahead quickly, and exact in the database.
func bearOff() rules.Position {
	var p rules.Position
	for pt, n := range map[int]int8{1: 2, 3: 3, 5: 2, 6: 1} {
		p.Mine[pt] = n
	}
	for pt, n := range map[int]int8{2: 3, 4: 2, 6: 2} {
		p.Theirs[pt] = n
	}
	p.Mine[rules.Off], p.Theirs[rules.Off] = 7, 8
	return p
}

// TestDeeperBudget checks the three-roll search of several candidates:
// with budget enough it gives each its ply3, with a small one it stops
// early and estimates on the rolls done, with almost none it gives up and
// changes nothing; when all rolls are wanted and the budget cannot reach
// them, it gives up early; when it can reach them with fewer candidates,
// it leaves out the last ones and finishes the first; out of time, it
// does nothing.
func TestDeeperBudget(t *testing.T) {
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	e := NewEvaluator(net, rules.Standard, rules.WithKoks)
	_, results := rules.LegalPlays(bearOff(), rules.Dice{6, 3}, rules.Standard)
	var s scratch
	want := []float64{e.ply3(&results[0], &s), e.ply3(&results[1], &s)}
	full := s.work
	cs := []candidate{{0, 0.5}, {1, 0.25}}
	if deeper(e, results, cs, math.MaxInt, 36, time.Time{}, &s) != 2 {
		t.Fatal("gave up without a limit")
	}
	for k, c := range cs {
		if math.Abs(c.eq-want[k]) > 1e-9 {
			t.Errorf("candidate %d: %.6f, ply3 %.6f", k, c.eq, want[k])
		}
	}
	s.work = 0
	cs = []candidate{{0, 0.5}, {1, 0.25}}
	if deeper(e, results, cs, full/2, 12, time.Time{}, &s) != 2 || s.work >= full*3/4 {
		t.Errorf("half the budget: gave up or went on to %d of %d positions", s.work, full)
	}
	if cs[0].eq == want[0] || math.Abs(cs[0].eq-want[0]) > 0.2 {
		t.Errorf("half the rolls: %.4f, all of them %.4f", cs[0].eq, want[0])
	}
	cs = []candidate{{0, 0.5}, {1, 0.25}}
	s.work = 0
	if deeper(e, results, cs, full/2, 36, time.Time{}, &s) != 0 || cs[0].eq != 0.5 || cs[1].eq != 0.25 {
		t.Errorf("half the budget, all rolls wanted: changed the estimates: %v", cs)
	}
	if s.work > full/4 {
		t.Errorf("half the budget, all rolls wanted: spent %d of %d positions before giving up", s.work, full)
	}
	if deeper(e, results, cs, 1, 12, time.Time{}, &s) != 0 || cs[0].eq != 0.5 || cs[1].eq != 0.25 {
		t.Errorf("no budget: searched or changed the estimates: %v", cs)
	}
	if len(results) != 3 {
		t.Fatalf("want 3 plays, have %d", len(results))
	}
	cs = []candidate{{0, 0.5}, {1, 0.25}, {2, 0.2}}
	s.work = 0
	if n := deeper(e, results, cs, full*5/4, 36, time.Time{}, &s); n != 2 {
		t.Fatalf("budget for two of three candidates: re-estimated %d", n)
	}
	for k := range 2 {
		if math.Abs(cs[k].eq-want[k]) > 1e-9 {
			t.Errorf("candidate %d of the two kept: %.6f, ply3 %.6f", k, cs[k].eq, want[k])
		}
	}
	if cs[2].eq != 0.2 {
		t.Errorf("the candidate left out changed: %v", cs)
	}
	if s.work > full*5/4 {
		t.Errorf("budget for two of three candidates: spent %d, budget %d", s.work, full*5/4)
	}
	cs = []candidate{{0, 0.5}, {1, 0.25}}
	s.work = 0
	if n := deeper(e, results, cs, math.MaxInt, 12, time.Now().Add(-time.Millisecond), &s); n != 0 || s.work != 0 || cs[0].eq != 0.5 || cs[1].eq != 0.25 {
		t.Errorf("out of time: re-estimated %d on %d positions: %v", n, s.work, cs)
	}
	cs = []candidate{{0, 0.5}, {1, 0.25}}
	if n := deeper(e, results, cs, math.MaxInt, 36, time.Now().Add(time.Hour), &s); n != 2 || math.Abs(cs[0].eq-want[0]) > 1e-9 {
		t.Errorf("time enough: re-estimated %d: %v", n, cs)
	}
}
