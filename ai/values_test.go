package ai

import (
	"math"
	"testing"

	"nardi/rules"
)

// TestMatchEquityTable: the published table reads as it should: even at
// equal scores, each side's chances adding up to one, the leader ahead,
// and the post-Crawford games apart.
func TestMatchEquityTable(t *testing.T) {
	if m := met(1, 1, false); m != 0.5 {
		t.Errorf("1-away, 1-away: %v", m)
	}
	for a := 1; a <= metMax; a++ {
		for b := 1; b <= metMax; b++ {
			if s := met(a, b, false) + met(b, a, false); math.Abs(s-1) > 2e-3 {
				t.Errorf("%d-away against %d-away: the two add up to %v", a, b, s)
			}
			if a < b && met(a, b, false) <= 0.5 {
				t.Errorf("the leader %d-away against %d-away has %v", a, b, met(a, b, false))
			}
		}
	}
	// 2-away against 1-away: about a third in the Crawford game, about a
	// half after it (the trailer doubles at once).
	if c, p := met(2, 1, false), met(2, 1, true); c < 0.28 || c > 0.36 || p < 0.45 || p > 0.5 {
		t.Errorf("2-away, 1-away: Crawford %v, post-Crawford %v", c, p)
	}
}

// TestMatchValues: a match changes what a mars is worth. At 1-away
// against 1-away it is worth a single; the side 1-away gains nothing by a
// mars, while its opponent's mars is worth a single too; at 0-0 in a long
// match a mars is worth about two singles.
func TestMatchValues(t *testing.T) {
	dmp := matchValues(CubeState{MatchLength: 5, Score: [2]int{4, 4}, Cube: 1, Owner: -1})
	if dmp.Win != [3]float64{1, 1, 1} || dmp.Lose != [3]float64{1, 1, 1} {
		t.Errorf("1-away, 1-away: %+v", dmp)
	}
	crawford := matchValues(CubeState{MatchLength: 5, Score: [2]int{4, 1}, Cube: 1, Owner: -1, Crawford: true})
	if crawford.Win[1] != crawford.Win[0] || crawford.Lose[1] <= crawford.Lose[0] {
		t.Errorf("the leader in the Crawford game: %+v", crawford)
	}
	long := matchValues(CubeState{MatchLength: 25, Cube: 1, Owner: -1})
	if long.Win[1] < 1.7 || long.Win[1] > 2.3 || long.Lose[1] < 1.7 || long.Lose[1] > 2.3 {
		t.Errorf("0-0 to 25: %+v", long)
	}
	if v := moneyValues(rules.OinMars); v.Win != [3]float64{1, 2, 2} {
		t.Errorf("money without koks: %+v", v)
	}
}

// TestForCube: the evaluator for a match plays for the score (a mars
// worth nothing at 1-away against 1-away), and its mirror sees the same
// values from the other side; a money game keeps the money evaluator.
func TestForCube(t *testing.T) {
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	ev := NewEvaluator(net, rules.Standard, rules.WithKoks)
	if ev.ForCube(CubeState{Cube: 2, Owner: 0}) != ev {
		t.Error("a money game changed the evaluator")
	}
	m := ev.ForCube(CubeState{MatchLength: 7, Score: [2]int{6, 3}, Cube: 1, Owner: -1, Crawford: true})
	if m.opp.opp != m || m.opp.values != m.values.mirror() {
		t.Errorf("the mirror: %+v and %+v", m.values, m.opp.values)
	}
	// The opponent's evaluator wants the opponent to win, and what one
	// side gains the other loses.
	for _, e := range []*Evaluator{m, m.opp} {
		if lo, hi := e.equity(Probs{OutWin: 0.4}), e.equity(Probs{OutWin: 0.6}); hi <= lo {
			t.Errorf("a better chance to win is worth %v, a worse %v", hi, lo)
		}
	}
	pr0 := Probs{OutWin: 0.55, OutWinMars: 0.2, OutLoseMars: 0.1, OutLoseKoks: 0.01}
	if a, b := m.equity(pr0), -m.opp.equity(pr0.flip()); math.Abs(a-b) > 1e-9 {
		t.Errorf("the same chances are worth %v to one side and %v to the other", a, b)
	}
	// A won mars is worth what a single is to the side 1-away.
	var r rules.Position
	r.Mine[rules.Off] = 15
	r.Theirs[20] = 15
	if w := m.won(&r); w != m.values.Win[0] {
		t.Errorf("a mars at 1-away is worth %v, a single %v", w, m.values.Win[0])
	}
	// The probabilities of a position give a different equity only
	// through the values.
	pr := ev.Evaluate(rules.Start())
	if math.Abs(ev.equity(pr)-pr.Equity(rules.WithKoks)) > 1e-6 {
		t.Errorf("money equity %v, want %v", ev.equity(pr), pr.Equity(rules.WithKoks))
	}
}

// TestPlaysForTheScore: at 1-away against 1-away only winning counts, so
// the match evaluator's choice is the play with the best chance to win;
// on realistic positions that is sometimes not the money choice.
func TestPlaysForTheScore(t *testing.T) {
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	money := NewEvaluator(net, rules.Standard, rules.WithKoks)
	dmp := money.ForCube(CubeState{MatchLength: 7, Score: [2]int{6, 6}, Cube: 1, Owner: -1})
	differ := 0
	var s scratch
	for _, jp := range loadJudged(t)[:300] {
		_, results := rules.LegalPlays(jp.Pos, jp.Dice, rules.Standard)
		if len(results) < 2 {
			continue
		}
		i, _ := dmp.Best0(jp.Pos, results)
		j, _ := money.Best0(jp.Pos, results)
		if i != j {
			differ++
		}
		win := func(k int) float64 { return float64(money.resultProbs(&results[k], &s)[OutWin]) }
		for k := range results {
			if win(k) > win(i)+1e-6 {
				t.Fatalf("%s %v: at 1-away each the choice wins %.4f, another play %.4f", jp.ID, jp.Dice, win(i), win(k))
			}
		}
	}
	if differ == 0 {
		t.Error("the score never changed a choice")
	}
	t.Logf("%d of 300 choices differ at 1-away, 1-away", differ)
}

// TestJudge: the master search's own choice loses nothing; a play that
// gives away much shows a loss; a forced roll is no decision.
func TestJudge(t *testing.T) {
	t.Parallel()
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	hard := NewPlayer(net, rules.Standard, rules.WithKoks, Master)
	hard.Exact = true
	start := rules.Start()
	dice := rules.Dice{3, 1}
	_, best, _ := hard.Choose(start, dice, false, 1)
	v, ok := hard.Eval.Judge(start, dice, best)
	if !ok || v.Loss() > 1e-9 {
		t.Fatalf("the search's own play: %+v, %v", v, ok)
	}
	// 3-1 at the start: 24/21 24/23 gives away much against 8/5 6/5.
	var bad rules.Position
	plays, results := rules.LegalPlays(start, dice, rules.Standard)
	for i, pl := range plays {
		if pl.String() == "24/23 24/21" || pl.String() == "24/21 24/23" || pl.String() == "24/21 21/20" {
			bad = results[i]
		}
	}
	if v, ok := hard.Eval.Judge(start, dice, bad); !ok || v.Loss() < 0.05 {
		t.Errorf("a poor 3-1: %+v, %v", v, ok)
	}
}
