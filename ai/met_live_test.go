package ai

import (
	"math"
	"testing"

	"nardi/rules"
)

// TestMatchTakePoints checks the live match cube on scores whose answer is
// known. At 2-away, 2-away the taker's cube at 2 is dead (it needs 2), so
// with no gammons it takes down to the match chance it keeps by passing
// (1-away, 2-away: the Crawford game). At 4-away, 4-away its cube at 2 is
// alive, so it takes lower than a dead cube would let it (the recube
// vig). After the Crawford game the trailer doubles at once, even as the
// underdog, and the leader takes; and the equities grow with the chance
// of winning.
func TestMatchTakePoints(t *testing.T) {
	plain := [3]float64{1, 0, 0}
	s := matchSide{away: 2, oppAway: 2, win: plain, lose: plain}
	if tp, want := s.takePoint(1), met(2, 1, false); math.Abs(tp-want) > 1e-12 {
		t.Errorf("2-away, 2-away: take point %.4f, want %.4f", tp, want)
	}
	s = matchSide{away: 4, oppAway: 4, win: plain, lose: plain}
	lose, win, pass := met(4, 2, false), met(2, 4, false), met(4, 3, false)
	if tp, dead := s.takePoint(1), (pass-lose)/(win-lose); !(tp < dead-0.01) || tp <= 0 {
		t.Errorf("4-away, 4-away: take point %.4f, the dead cube's %.4f", tp, dead)
	}

	var pr Probs
	pr[OutWin] = 0.3
	d := matchCube(pr, CubeState{MatchLength: 5, Score: [2]int{3, 4}, Cube: 1, Owner: -1})
	if !(d.DT > d.ND) || !(d.DT < d.DP) {
		t.Errorf("post-Crawford, 2-away against 1-away at 30%%: %+v, want double, take", d)
	}
	prev := math.Inf(-1)
	for p := 0.05; p < 1; p += 0.05 {
		pr[OutWin] = float32(p)
		pr[OutWinMars], pr[OutLoseMars] = float32(0.2*p), float32(0.2*(1-p))
		d := matchCube(pr, CubeState{MatchLength: 7, Score: [2]int{2, 3}, Cube: 1, Owner: -1})
		if d.ND < prev-1e-9 || d.DP != 1 {
			t.Fatalf("at %.2f: %+v after no double %.4f", p, d, prev)
		}
		prev = d.ND
	}
}

// TestTooGood: a player far ahead with many mars to win is worth more
// playing on than cashing, in a money game and in a match where the mars
// count, so he does not double; the same chances without mars are a
// double and a pass. Under Jacoby, with the cube centred, the mars do not
// count, and the same chances are a cash.
func TestTooGood(t *testing.T) {
	var pr Probs
	pr[OutWin], pr[OutWinMars], pr[OutLoseMars] = 0.84, 0.28, 0.05
	plain := pr
	plain[OutWinMars], plain[OutLoseMars] = 0, 0
	decide := func(pr Probs, cs CubeState) CubeDecision {
		var d CubeDecision
		if cs.MatchLength > 0 {
			d = matchCube(pr, cs)
		} else {
			d = moneyCube(pr, cs, rules.OinMars)
		}
		d.Take = d.DT <= d.DP
		d.Double = d.Take && d.DT > d.ND || !d.Take && d.DP > d.ND
		return d
	}
	for _, cs := range []CubeState{{Cube: 1, Owner: -1}, {Cube: 2, Owner: 0}, {MatchLength: 7, Cube: 1, Owner: -1}} {
		if d := decide(pr, cs); d.Double || d.Take || d.ND <= 1 {
			t.Errorf("%+v, %.0f%% mars: %+v, want too good (no double, pass)", cs, 100*pr[OutWinMars], d)
		}
		if d := decide(plain, cs); !d.Double || d.Take || d.ND >= 1 {
			t.Errorf("%+v, no mars: %+v, want double, pass", cs, d)
		}
	}
	if d := decide(pr, CubeState{Cube: 1, Owner: -1, Jacoby: true}); !d.Double || d.Take {
		t.Errorf("Jacoby: %+v, want double, pass", d)
	}
}
