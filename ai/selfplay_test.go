package ai

import (
	"slices"
	"testing"

	"nardi/rules"
)

// TestSelfPlayLuck: judged by the network's luck, duplicate games of
// club against beginner keep their points as played unjudged, and the
// points with the luck taken out have a narrower interval whose mean lies
// within the points' own; a judge that finds no luck anywhere changes
// nothing.
func TestSelfPlayLuck(t *testing.T) {
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	medium := NewPlayer(net, rules.Nardi, rules.OinMars, Club)
	easy := NewPlayer(net, rules.Nardi, rules.OinMars, Beginner)
	ev := NewEvaluator(net, rules.Nardi, rules.OinMars)
	judge := func(p rules.Position, d rules.Dice, _ bool) float64 { return ev.Story(p, d).Luck }
	const games = 24
	plain := SelfPlayDuplicate(rules.Short, rules.OinMars, medium, easy, games, 3, 2, nil)
	judged := SelfPlayDuplicate(rules.Short, rules.OinMars, medium, easy, games, 3, 2, judge)
	if plain.Judged || !judged.Judged || len(judged.Adjusted) != games {
		t.Fatalf("judged %v / %v, %d adjusted", plain.Judged, judged.Judged, len(judged.Adjusted))
	}
	if !slices.Equal(plain.Points, judged.Points) {
		t.Errorf("the judge changed the games: %v, %v", plain.Points, judged.Points)
	}
	t.Logf("points %+.3f [%+.3f, %+.3f], luck taken out %+.3f [%+.3f, %+.3f]",
		judged.Mean, judged.Low, judged.Hi, judged.AdjMean, judged.AdjLow, judged.AdjHi)
	if judged.AdjHi-judged.AdjLow > 0.6*(judged.Hi-judged.Low) {
		t.Errorf("interval with the luck taken out %.3f wide, of the points %.3f", judged.AdjHi-judged.AdjLow, judged.Hi-judged.Low)
	}
	if judged.AdjMean < judged.Low || judged.AdjMean > judged.Hi {
		t.Errorf("mean with the luck taken out %+.3f outside the points' interval [%+.3f, %+.3f]", judged.AdjMean, judged.Low, judged.Hi)
	}
	none := SelfPlay(rules.Short, rules.OinMars, medium, easy, 4, 3, 1, func(rules.Position, rules.Dice, bool) float64 { return 0 })
	for i, adj := range none.Adjusted {
		if adj != float64(none.Points[i]) {
			t.Errorf("game %d: no luck, yet adjusted %g against points %d", i, adj, none.Points[i])
		}
	}
}
