package train

import (
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"nardi/ai"
	"nardi/rules"
)

// TestReadGameRecords reads two games that scripts/play-gnubg.sh --record
// wrote (the network alone against gnubg 0-ply, seed 7) and replays them:
// each turn's position is one that a legal play of the turn before
// leads to, seen by the next mover, and the last play wins what the
// record says. Malformed lines are refused with their line number.
func TestReadGameRecords(t *testing.T) {
	f, err := os.Open("testdata/games.rec")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := ReadGameRecords(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].N != 1 || !games[0].OursFirst || games[1].N != 2 || games[1].OursFirst {
		t.Fatalf("games %+v", games)
	}
	for _, g := range games {
		if g.Turns[0].Pos != rules.Start() || g.Turns[0].Dice[0] == g.Turns[0].Dice[1] {
			t.Errorf("game %d opens from %s with %v", g.N, g.Turns[0].Pos.PositionID(), g.Turns[0].Dice)
		}
		for i, turn := range g.Turns {
			_, results := rules.LegalPlays(turn.Pos, turn.Dice, rules.Standard)
			if len(results) == 0 {
				results = []rules.Position{turn.Pos}
			}
			if i == len(g.Turns)-1 {
				won := slices.ContainsFunc(results, func(r rules.Position) bool { return r.Won() })
				ourTurn := g.OursFirst == (i%2 == 0)
				if !won || (g.Points > 0) != ourTurn {
					t.Errorf("game %d ends at turn %d (ours %v) without the win of %+d", g.N, i, ourTurn, g.Points)
				}
				continue
			}
			next := g.Turns[i+1].Pos
			if !slices.ContainsFunc(results, func(r rules.Position) bool { return r.Swap() == next }) {
				t.Fatalf("game %d, turn %d: %s does not follow %s with %v", g.N, i+1, next.PositionID(), turn.Pos.PositionID(), turn.Dice)
			}
		}
	}
	for _, bad := range []string{
		"1 nardi +1",                       // no turns
		"0 nardi +1 4HPwATDgc/ABMA:14",     // game 0
		"1 white +1 4HPwATDgc/ABMA:14",     // who?
		"1 nardi +4 4HPwATDgc/ABMA:14",     // points
		"1 nardi +1 4HPwATDgc/ABMA:17",     // die 7
		"1 nardi +1 4HPwATDgc/ABMA-14",     // no colon
		"1 nardi +1 4HPwATDgc/ABM:14",      // not a Position ID
		"1 nardi 0 4HPwATDgc/ABMA:14 x:11", // points 0
	} {
		if _, err := ReadGameRecords(strings.NewReader("# comment\n" + bad + "\n")); err == nil || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("%q: error %v, want one naming line 2", bad, err)
		}
	}
}

// TestLuckAdjusted: the adjusted points are the points less our rolls'
// luck and plus the opponent's, the opening left in; and over games of the
// network alone against itself, with dice of a seed, they keep the
// points' mean within their noise at well under their spread (over 12
// games as over 24 the adjusted spread is under a quarter of the points').
func TestLuckAdjusted(t *testing.T) {
	t.Parallel()
	net, err := ai.ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	ev := ai.NewEvaluator(net, rules.Standard, rules.WithKoks)
	player := ai.NewPlayer(net, rules.Standard, rules.WithKoks, ai.NetAlone)
	rng := rand.New(rand.NewPCG(5, 7))
	die := func() int { return rng.IntN(6) + 1 }
	const games = 12
	var raw, adj []float64
	for n := 1; n <= games; n++ {
		g := GameRecord{N: n, OursFirst: n%2 == 1}
		ours := g.OursFirst
		p := rules.Start()
		_, d := rules.OpeningRoll(die)
		for len(g.Turns) < 400 {
			g.Turns = append(g.Turns, RecordedTurn{p, d})
			_, r, ok := player.Choose(p, d, false, 1)
			if ok && r.Won() {
				g.Points = r.Value(rules.WithKoks)
				if !ours {
					g.Points = -g.Points
				}
				break
			}
			if ok {
				p = r
			}
			p, d, ours = p.Swap(), rules.Dice{die(), die()}, !ours
		}
		if g.Points == 0 {
			t.Fatalf("game %d did not end", n)
		}
		want := float64(g.Points)
		for i, turn := range g.Turns[1:] {
			luck := ev.Story(turn.Pos, turn.Dice).Luck
			if g.OursFirst == (i%2 == 1) { // turn i+1 is ours
				want -= luck
			} else {
				want += luck
			}
		}
		got := LuckAdjusted(ev, g)
		if math.Abs(got-want) > 1e-9 {
			t.Fatalf("game %d: adjusted %g, want %g", n, got, want)
		}
		raw, adj = append(raw, float64(g.Points)), append(adj, got)
	}
	mr, sr := meanSD(raw)
	ma, sa := meanSD(adj)
	t.Logf("%d games: points %+.3f (sd %.2f), adjusted %+.3f (sd %.2f)", games, mr, sr, ma, sa)
	if sa > 0.6*sr {
		t.Errorf("adjusted sd %.3f, points sd %.3f: the luck taken out should leave well under their spread", sa, sr)
	}
	if math.Abs(ma-mr) > 2*sr/math.Sqrt(games) {
		t.Errorf("adjusted mean %+.3f strays from the points' %+.3f by more than their noise", ma, mr)
	}
}

// meanSD returns the mean and the sample standard deviation of xs.
func meanSD(xs []float64) (mean, sd float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	for _, x := range xs {
		sd += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(sd / float64(len(xs)-1))
}
