package train

import (
	"fmt"
	"slices"
	"testing"

	"nardi/ai"
	"nardi/rules"
)

// TestSelfPlayLuck: judged by the network's luck, duplicate games of
// club against beginner keep their points as played unjudged, and the
// points with the luck taken out have a narrower interval whose mean lies
// within the points' own; a judge that finds no luck anywhere changes
// nothing.
func TestSelfPlayLuck(t *testing.T) {
	t.Parallel()
	net, err := ai.ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	medium := ai.NewPlayer(net, rules.Nardi, rules.OinMars, ai.Club)
	easy := ai.NewPlayer(net, rules.Nardi, rules.OinMars, ai.Beginner)
	ev := ai.NewEvaluator(net, rules.Nardi, rules.OinMars)
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

// TestMediumBeatsEasy plays a short deterministic match between the two
// quick levels; the full 2,000-game matches are run with nardi-lab selfplay.
func TestMediumBeatsEasy(t *testing.T) {
	t.Parallel()
	games := 400
	if raceEnabled {
		games = 60
	}
	net, err := ai.ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	medium := ai.NewPlayer(net, rules.Nardi, rules.OinMars, ai.Club)
	easy := ai.NewPlayer(net, rules.Nardi, rules.OinMars, ai.Beginner)
	r := SelfPlay(rules.Short, rules.OinMars, medium, easy, games, 99, 2, nil)
	if r.Mean <= 0 {
		t.Errorf("club scored %+.3f points a game against beginner over %d games", r.Mean, games)
	}
	t.Logf("club vs beginner: %+.3f [%+.3f, %+.3f]", r.Mean, r.Low, r.Hi)
}

// TestLongLevelsInOrder: in long nardi club outscores beginner and beginner
// outscores the random player over a short deterministic match (the full
// matches are run with nardi-lab selfplay --variant long).
func TestLongLevelsInOrder(t *testing.T) {
	t.Parallel()
	games := 60
	if raceEnabled {
		games = 16
	}
	for _, c := range []struct{ a, b ai.Chooser }{
		{ai.LongPlayer{Level: ai.Club}, ai.LongPlayer{Level: ai.Beginner}},
		{ai.LongPlayer{Level: ai.Beginner}, ai.LongRandom{}},
	} {
		r := SelfPlay(rules.Long, rules.OinMars, c.a, c.b, games, 7, 2, nil)
		if r.Mean <= 0 {
			t.Errorf("%s scored %+.3f points a game against %s", name(c.a), r.Mean, name(c.b))
		}
		t.Logf("%s vs %s: %+.3f [%+.3f, %+.3f]", name(c.a), name(c.b), r.Mean, r.Low, r.Hi)
	}
}

// name names a chooser in the tests' messages: a long nardi player by its
// level, another by its type.
func name(c ai.Chooser) string {
	if l, ok := c.(ai.LongPlayer); ok {
		return l.Level.String()
	}
	return fmt.Sprintf("%T", c)
}
