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

// TestDeeperBudget checks the three-roll search of several candidates,
// given their two-roll estimates: with budget enough it gives each its
// ply3, with a small one it stops early and moves each two-roll estimate
// by what the third roll changed on the rolls done, with almost none it
// gives up and changes nothing; when all rolls are wanted and the budget
// cannot reach them, it gives up early; when it can reach them with fewer
// candidates, it leaves out the last ones and finishes the first; out of
// time, it does nothing.
func TestDeeperBudget(t *testing.T) {
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	e := NewEvaluator(net, rules.Standard, rules.WithKoks)
	_, results := rules.LegalPlays(bearOff(), rules.Dice{6, 3}, rules.Standard)
	if len(results) != 3 {
		t.Fatalf("want 3 plays, have %d", len(results))
	}
	var s scratch
	want := []float64{e.ply3(&results[0], &s), e.ply3(&results[1], &s)}
	full := s.work
	two := []float64{e.ply2(&results[0], &s), e.ply2(&results[1], &s), e.ply2(&results[2], &s)}
	fresh := func(n int) []candidate {
		cs := make([]candidate, n)
		for k := range cs {
			cs[k] = candidate{k, two[k]}
		}
		return cs
	}
	unchanged := func(cs []candidate) bool {
		for _, c := range cs {
			if c.eq != two[c.i] {
				return false
			}
		}
		return true
	}
	cs := fresh(2)
	if deeper(e, results, cs, math.MaxInt, 36, time.Time{}, &s) != 2 {
		t.Fatal("gave up without a limit")
	}
	for k, c := range cs {
		if math.Abs(c.eq-want[k]) > 1e-9 {
			t.Errorf("candidate %d: %.6f, ply3 %.6f", k, c.eq, want[k])
		}
	}
	s.work = 0
	cs = fresh(2)
	if deeper(e, results, cs, full/2, 12, time.Time{}, &s) != 2 || s.work >= full*3/4 {
		t.Errorf("half the budget: gave up or went on to %d of %d positions", s.work, full)
	}
	if cs[0].eq == want[0] || cs[0].eq == two[0] || math.Abs(cs[0].eq-want[0]) > 0.05 {
		t.Errorf("half the rolls: %.4f, all of them %.4f, two rolls ahead %.4f", cs[0].eq, want[0], two[0])
	}
	cs = fresh(2)
	s.work = 0
	if deeper(e, results, cs, full/2, 36, time.Time{}, &s) != 0 || !unchanged(cs) {
		t.Errorf("half the budget, all rolls wanted: changed the estimates: %v", cs)
	}
	if s.work > full/4 {
		t.Errorf("half the budget, all rolls wanted: spent %d of %d positions before giving up", s.work, full)
	}
	if deeper(e, results, cs, 1, 12, time.Time{}, &s) != 0 || !unchanged(cs) {
		t.Errorf("no budget: searched or changed the estimates: %v", cs)
	}
	cs = fresh(3)
	s.work = 0
	if n := deeper(e, results, cs, full*7/5, 36, time.Time{}, &s); n != 2 {
		t.Fatalf("budget for two of three candidates: re-estimated %d", n)
	}
	for k := range 2 {
		if math.Abs(cs[k].eq-want[k]) > 1e-9 {
			t.Errorf("candidate %d of the two kept: %.6f, ply3 %.6f", k, cs[k].eq, want[k])
		}
	}
	if !unchanged(cs[2:]) {
		t.Errorf("the candidate left out changed: %v", cs)
	}
	if s.work > full*7/5 {
		t.Errorf("budget for two of three candidates: spent %d, budget %d", s.work, full*7/5)
	}
	cs = fresh(2)
	s.work = 0
	if n := deeper(e, results, cs, math.MaxInt, 12, time.Now().Add(-time.Millisecond), &s); n != 0 || s.work != 0 || !unchanged(cs) {
		t.Errorf("out of time: re-estimated %d on %d positions: %v", n, s.work, cs)
	}
	cs = fresh(2)
	if n := deeper(e, results, cs, math.MaxInt, 36, time.Now().Add(time.Hour), &s); n != 2 || math.Abs(cs[0].eq-want[0]) > 1e-9 {
		t.Errorf("time enough: re-estimated %d: %v", n, cs)
	}
}

// BenchmarkPartialThreeRolls measures what deeper's estimate on the rolls
// reaching a third of 36 is worth: on the judged positions, the two best
// plays at 0-ply are searched on all 21 rolls, and the difference between
// them is estimated from the first rolls of spread, as the mean of the
// three-roll values there (plain) and as deeper does it (the two-roll
// estimate moved by the third roll's change there). It reports each one's
// mean error against the difference on all rolls, and the two-roll one's.
// Run with -benchtime 1x (about a minute):
//
//	go test ./ai -run x -bench PartialThreeRolls -benchtime 1x
func BenchmarkPartialThreeRolls(b *testing.B) {
	set := loadJudged(b)
	net, err := ShippedNet()
	if err != nil {
		b.Fatal(err)
	}
	e := NewEvaluator(net, rules.Standard, rules.WithKoks).withKeep(styles[Master].pruneKeep)
	for range b.N {
		var errPlain, errDeeper, errTwo float64
		n := 0
		for pi := 0; pi < len(set) && n < 80; pi += 7 {
			jp := set[pi]
			_, results := rules.LegalPlays(jp.Pos, jp.Dice, rules.Standard)
			if len(results) < 2 {
				continue
			}
			var s scratch
			cs := make([]candidate, len(results))
			for i, eq := range e.ply0(&jp.Pos, results, &s, nil) {
				cs[i] = candidate{i, eq}
			}
			if cs = filter(cs, 2, 1); len(cs) < 2 {
				continue
			}
			n++
			var all3, all2, part3, partDiff [2]float64
			for k := range cs {
				r := &results[cs[k].i]
				opp := r.Swap()
				var inner scratch
				weight := 0
				for _, ri := range spread {
					roll := rules.Rolls[ri]
					var v2, v3 float64
					if r.Won() {
						v2 = e.won(r)
						v3 = v2
					} else if me, ended, eq := e.answer(r, &opp, roll.Dice, &s, &inner); ended {
						v2, v3 = eq, eq
					} else {
						v3, v2 = e.onRoll2(&me, &inner)
					}
					w := float64(roll.Weight)
					all3[k] += w * v3 / 36
					all2[k] += w * v2 / 36
					if weight < 12 {
						part3[k] += w * v3
						partDiff[k] += w * (v3 - v2)
						weight += roll.Weight
					}
				}
				part3[k] /= float64(weight)
				partDiff[k] /= float64(weight)
			}
			truth := all3[0] - all3[1]
			errPlain += math.Abs(part3[0] - part3[1] - truth)
			errDeeper += math.Abs(all2[0] + partDiff[0] - all2[1] - partDiff[1] - truth)
			errTwo += math.Abs(all2[0] - all2[1] - truth)
		}
		b.ReportMetric(errPlain/float64(n), "plain-err")
		b.ReportMetric(errDeeper/float64(n), "deeper-err")
		b.ReportMetric(errTwo/float64(n), "two-roll-err")
	}
}

// TestOnRoll2KeepsOnRoll1 checks that the one-roll values onRoll2 gives
// beside its own, from the best plays it finds on the way, are onRoll1's
// to the last bit, also where the player on roll cannot move on most rolls
// (on the bar against a five-point board), and that in those two the
// two-roll values differ from them, as a search one roll deeper should.
func TestOnRoll2KeepsOnRoll1(t *testing.T) {
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	e := NewEvaluator(net, rules.Standard, rules.WithKoks).withKeep(styles[Master].pruneKeep)
	var barred rules.Position
	for pt, n := range map[int]int8{rules.Bar: 1, 24: 2, 13: 4, 8: 3, 6: 5} {
		barred.Mine[pt] = n
	}
	for pt, n := range map[int]int8{1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 8: 5} {
		barred.Theirs[pt] = n
	}
	ps := []rules.Position{rules.Start(), barred}
	set := loadJudged(t)
	for i := 0; i < len(set) && len(ps) < 6; i += 97 {
		ps = append(ps, set[i].Pos)
	}
	for k, p := range ps {
		var s2, s1 scratch
		two, one := e.onRoll2(&p, &s2)
		if want := e.onRoll1(&p, &s1); one != want {
			t.Errorf("%s: onRoll2's one-roll value %.9f, onRoll1 %.9f", p.PositionID(), one, want)
		}
		if k < 2 && two == one {
			t.Errorf("%s: two rolls ahead %.9f, the same as one", p.PositionID(), two)
		}
	}
}
