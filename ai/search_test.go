package ai

import (
	"math"
	"testing"

	"nardi/rules"
)

// TestLookaheadDepths checks every depth of the search where the truth is
// known: in bear-offs where both sides have a checker off, the database
// gives exact chances, so looking one, two or four rolls ahead (the last
// by rollouts) must agree with the static value. A wrong side or sign at
// any level of the search would show here.
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
			for _, d := range []struct {
				rolls int
				v     float64
			}{{1, e.ply1(&r, &s)}, {2, e.ply2(&r, &s)}, {4, rolloutEq(e, r, 36, 4, 0, 1)}} {
				if math.Abs(d.v-static) > 0.01 {
					t.Errorf("%s %s: %d rolls ahead %.4f, static %.4f", rs, r.PositionID(), d.rolls, d.v, static)
				}
			}
		}
	}
}

// bearOff is a bear-off where both sides have borne off checkers: small
// enough to search deep quickly, and exact in the database.
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
