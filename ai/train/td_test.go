package train

import (
	"context"
	"math"
	"slices"
	"sync"
	"testing"

	"nardi/ai"
	"nardi/rules"
)

var (
	judgedOnce      sync.Once
	judgedPositions []ai.JudgedPosition
	judgedErr       error
)

// judgedSet returns package ai's judged positions, read once for all the
// tests: they must not change them.
func judgedSet(t testing.TB) []ai.JudgedPosition {
	t.Helper()
	judgedOnce.Do(func() { judgedPositions, judgedErr = ai.LoadJudged("../testdata/ai-judged.jsonl.gz") })
	if judgedErr != nil {
		t.Fatal(judgedErr)
	}
	return judgedPositions
}

// judgesRaces tells whether race judges net's races: net's evaluation of
// judged race positions is race's.
func judgesRaces(t *testing.T, net, race *ai.Net) bool {
	t.Helper()
	n := 0
	a, b := ai.NewEvaluator(net, rules.Standard, rules.WithKoks), ai.NewEvaluator(race, rules.Standard, rules.WithKoks)
	for _, jp := range judgedSet(t) {
		if _, exact := a.Bearoff(&jp.Pos); ai.Contact(&jp.Pos) || exact {
			continue
		}
		if a.Evaluate(jp.Pos) != b.Evaluate(jp.Pos) {
			return false
		}
		n++
	}
	if n == 0 {
		t.Fatal("no race among the judged positions")
	}
	return true
}

// TestTrainFrom: a run may start from a short nardi network and give it
// the extra inputs, and refuses a network whose inputs mean something
// else.
func TestTrainFrom(t *testing.T) {
	t.Parallel()
	cfg := TDConfig{Hidden: 8, Seed: 3, Alpha: 0.1, AlphaEnd: 0.1, Games: 2, Checkpoint: 2}
	cfg.Dir, cfg.Inputs, cfg.From = t.TempDir(), ai.NumInputs+ai.ExtInputs, ai.NewNet(ai.NumInputs, 8, 1)
	net, err := TD(context.Background(), cfg)
	if err != nil || net.Inputs != ai.NumInputs+ai.ExtInputs {
		t.Fatalf("widening: %v", err)
	}
	for _, c := range []struct {
		long bool
		from *ai.Net
	}{{false, ai.NewNet(ai.LongInputs, 8, 1)}, {true, ai.NewNet(ai.NumInputs, 8, 1)}, {false, ai.NewNet(ai.NumInputs+ai.ExtInputs, 8, 1)}} {
		cfg := TDConfig{Long: c.long, From: c.from, Hidden: 8, Games: 2, Checkpoint: 2, Dir: t.TempDir()}
		if _, err := TD(context.Background(), cfg); err == nil {
			t.Errorf("long %v started from a network of %d inputs", c.long, c.from.Inputs)
		}
	}
}

// TestTrainRace trains a race network: the network of the whole game is
// left as it was, the race network starts as its copy, counts its own
// games and learns.
func TestTrainRace(t *testing.T) {
	t.Parallel()
	from := ai.NewNet(ai.NumInputs+ai.ExtInputs, 8, 1)
	from.Games = 1000
	before := slices.Clone(from.W1)
	cfg := TDConfig{Race: true, From: from, Inputs: from.Inputs, Seed: 5, Alpha: 0.1, AlphaEnd: 0.1, Games: 4, Checkpoint: 4, Dir: t.TempDir()}
	race, err := TD(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(from.W1, before) {
		t.Error("training a race network changed the network it starts from")
	}
	if race.Games != 4 || slices.Equal(race.W1, before) {
		t.Errorf("race network: %d games, learnt %v", race.Games, !slices.Equal(race.W1, before))
	}
	cfg.From, cfg.Dir = nil, t.TempDir()
	if _, err := TD(context.Background(), cfg); err == nil {
		t.Error("a race network trained without the network of the whole game")
	}

	// The network of the whole game learning beside the race network:
	// the race network is left as it was.
	raceW1 := slices.Clone(race.W1)
	cfg = TDConfig{From: from, Inputs: from.Inputs, RaceNet: race, Seed: 6, Alpha: 0.1, AlphaEnd: 0.1, Games: 1004, Checkpoint: 4, Dir: t.TempDir()}
	whole, err := TD(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(race.W1, raceW1) || slices.Equal(whole.W1, before) || !judgesRaces(t, whole, race) {
		t.Error("training beside a race network: the race network changed, or the network learnt nothing, or it is not beside it")
	}
	cfg.Race, cfg.Dir = true, t.TempDir()
	if _, err := TD(context.Background(), cfg); err == nil {
		t.Error("a race network trained beside a race network")
	}

	// A late network beside the race network.
	cfg = TDConfig{Late: true, From: from, Inputs: from.Inputs, RaceNet: race, Seed: 7, Alpha: 0.1, AlphaEnd: 0.1, Games: 4, Checkpoint: 4, Dir: t.TempDir()}
	late, err := TD(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(from.W1, before) || !slices.Equal(race.W1, raceW1) || late.Games != 4 || slices.Equal(late.W1, before) {
		t.Error("training a late network: the networks beside it changed, or it counts others' games, or it learnt nothing")
	}
	cfg.Race, cfg.Dir = true, t.TempDir()
	if _, err := TD(context.Background(), cfg); err == nil {
		t.Error("a network trained for two phases at once")
	}
}

// TestTrainingResumes checks that training stopped at a checkpoint and
// resumed gives the very network of an uninterrupted run.
// Both kinds of target are checked (lookahead on fewer games: each of its
// steps looks at every roll, about twenty times slower; 6 games are
// checkpointed after 2 and 4, broken off after 4 and resumed).
func TestTrainingResumes(t *testing.T) {
	t.Parallel()
	trainResumed(t, false, 60)
	la := trainResumed(t, true, 6)
	plain := trainResumed(t, false, 6)
	if slices.Equal(la.W1, plain.W1) {
		t.Error("lookahead targets trained the same network as one-roll targets")
	}
}

func trainResumed(t *testing.T, lookahead bool, n int64) *ai.Net {
	t.Helper()
	cfg := TDConfig{Hidden: 8, Seed: 3, Alpha: 0.1, AlphaEnd: 0.05, Decay: n, Workers: 1, Checkpoint: n / 3, Lookahead: lookahead}
	cfg.Games, cfg.Dir = n, t.TempDir()
	straight, err := TD(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Dir = t.TempDir()
	cfg.Games = 2 * n / 3
	if _, err := TD(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	cfg.Games = n
	resumed, err := TD(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if resumed.Games != n {
		t.Fatalf("resumed run stopped at %d games", resumed.Games)
	}
	for i := range straight.W1 {
		if straight.W1[i] != resumed.W1[i] {
			t.Fatalf("lookahead %v: weight %d differs after resuming: %v vs %v", lookahead, i, straight.W1[i], resumed.W1[i])
		}
	}
	return straight
}

// TestLookaheadTarget checks the lookahead target against the chances
// after each roll's best play, found through the exported API.
func TestLookaheadTarget(t *testing.T) {
	t.Parallel()
	net, err := ai.ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	set := judgedSet(t)
	for _, rs := range []rules.RuleSet{rules.Nardi, rules.Standard} {
		ev := ai.NewEvaluator(net, rs, rules.WithKoks)
		for i := 0; i < len(set); i += 90 {
			p := set[i].Pos
			got := expected(ai.NewTeacher(ev), &p)
			var want [ai.NumOutputs]float64
			for _, roll := range rules.Rolls {
				_, results := rules.LegalPlays(p, roll.Dice, rs)
				var pr ai.Probs
				switch {
				case len(results) == 0:
					pr = ev.Evaluate(p.Swap()).Flip()
				default:
					best, _ := ev.Best0(p, results)
					if r := results[best]; r.Won() {
						pr = ai.Probs(outcome(r.Value(rules.WithKoks)))
					} else {
						pr = ev.Evaluate(r.Swap()).Flip()
					}
				}
				for k := range want {
					want[k] += float64(roll.Weight) * float64(pr[k]) / 36
				}
			}
			for k := range want {
				if math.Abs(float64(got[k])-want[k]) > 1e-5 {
					t.Fatalf("%s %s output %d: %v, want %v", rs, p.PositionID(), k, got, want)
				}
			}
		}
	}
}
