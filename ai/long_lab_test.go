package ai

import (
	"math"
	"testing"

	"nardi/rules"
)

// TestRollProbs: no roll ahead is the evaluator's own chances; one roll
// ahead has the equity the searches reckon one roll on (onRoll1, a sum of
// equities, where RollProbs sums chances), except in a position the
// bear-off database knows, which it reads at any depth; two rolls ahead are chances
// (each between 0 and 1, a mars no likelier than a win), and they differ
// from the network's own, as a search's values do.
func TestRollProbs(t *testing.T) {
	t.Parallel()
	net, err := ShippedLongNet()
	if err != nil {
		t.Fatal(err)
	}
	e := NewLongEvaluator(net)
	ps, _, _ := longPositions(1)
	if len(ps) < 40 {
		t.Fatalf("a game of %d positions", len(ps))
	}
	var s longScratch
	moved := 0
	for i, p := range ps {
		if got, want := e.RollProbs(p, 0), e.Evaluate(p); got != want {
			t.Fatalf("position %d: depth 0 %v, the evaluator %v", i, got, want)
		}
		one := e.RollProbs(p, 1)
		if e.Exact(&p) {
			// read from the bear-off database at any depth
			if one != e.Evaluate(p) {
				t.Fatalf("position %d (%s), exact: one roll ahead %v, the database %v", i, p.PositionID(), one, e.Evaluate(p))
			}
			continue
		}
		if eq, want := one.Equity(rules.OinMars), e.onRoll1(&p, &s); math.Abs(eq-want) > 1e-5 {
			t.Fatalf("position %d (%s): one roll ahead %.6f, onRoll1 %.6f", i, p.PositionID(), eq, want)
		}
		if i%8 != 0 {
			continue
		}
		two := e.RollProbs(p, 2)
		for o, c := range two {
			if c < 0 || c > 1+1e-6 || math.IsNaN(float64(c)) {
				t.Fatalf("position %d: chance %d is %v", i, o, c)
			}
		}
		if two[OutWinMars] > two[OutWin]+1e-6 || two[OutLoseMars] > 1-two[OutWin]+1e-6 {
			t.Errorf("position %d: two rolls ahead %v: a mars likelier than its win", i, two)
		}
		if math.Abs(two.Equity(rules.OinMars)-e.Evaluate(p).Equity(rules.OinMars)) > 0.005 {
			moved++
		}
	}
	if moved == 0 {
		t.Error("two rolls ahead never differs from the network's own value")
	}
}

// TestLongExact: the evaluator reads a position exactly only when both
// sides are home and each has borne off a checker.
func TestLongExact(t *testing.T) {
	e := NewLongEvaluator(nil)
	var p rules.Position
	p.Mine[1], p.Mine[rules.Off] = 14, 1
	p.Theirs[2], p.Theirs[rules.Off] = 14, 1
	if !e.Exact(&p) {
		t.Error("both home with a checker off: not exact")
	}
	q := p
	q.Theirs[rules.Off], q.Theirs[2] = 0, 15
	if e.Exact(&q) {
		t.Error("the opponent has none off: exact")
	}
	q = p
	q.Mine[1], q.Mine[7] = 13, 1
	if e.Exact(&q) {
		t.Error("a checker outside home: exact")
	}
}
