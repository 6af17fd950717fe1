package ai

import (
	"math/rand/v2"
	"sync"
	"testing"

	"nardi/rules"
)

func TestNetRoundTrip(t *testing.T) {
	n := NewNet(NumInputs, 16, 7)
	n.Games = 1234
	data, err := n.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var back Net
	if err := back.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	if back.Games != 1234 || back.Hidden != 16 || back.W1[5] != n.W1[5] || back.B2[4] != n.B2[4] {
		t.Error("network changed in a round trip")
	}
	if err := back.UnmarshalBinary(data[:len(data)-3]); err == nil {
		t.Error("a truncated network was accepted")
	}
}

func TestEvaluatorRaces(t *testing.T) {
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	ev := NewEvaluator(net, rules.Nardi, rules.OinMars)
	// A pure bear-off, both sides with checkers off: read from the database.
	var p rules.Position
	p.Mine[1], p.Mine[rules.Off] = 1, 14
	p.Theirs[6], p.Theirs[5], p.Theirs[rules.Off] = 3, 3, 9
	pr := ev.Evaluate(p)
	if pr[OutWin] != 1 || pr[OutWinMars] != 0 || pr[OutLoseMars] != 0 {
		t.Errorf("one checker on the ace point against six: %v", pr)
	}
	p.Mine[1], p.Mine[6], p.Mine[rules.Off] = 0, 2, 13
	p.Theirs[6], p.Theirs[5], p.Theirs[rules.Off] = 0, 1, 14
	if w := ev.Evaluate(p)[OutWin]; w < 0.1 || w > 0.9 {
		t.Errorf("two on the six point against one on the five: win %.3f", w)
	}
	// A position far ahead must look better than the start.
	ahead := rules.Start()
	ahead.Mine = [26]int8{}
	ahead.Mine[1], ahead.Mine[2], ahead.Mine[3] = 5, 5, 5
	if ev.Evaluate(ahead).Equity(rules.OinMars) <= ev.Evaluate(rules.Start()).Equity(rules.OinMars) {
		t.Error("fifteen checkers home against a fresh board does not look better than the start")
	}
}

// TestChoicesAreLegal lets every level choose in random positions of both
// rule sets, the levels at once sharing the network: each choice is one of
// the legal plays. Under the race detector, where master's search is slow,
// master chooses in every 4th position only, beside the others.
func TestChoicesAreLegal(t *testing.T) {
	t.Parallel()
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	var g rules.Generator
	n, masterEvery := 40, 1
	if raceEnabled {
		n, masterEvery = 8, 4
	}
	for _, rs := range []rules.RuleSet{rules.Nardi, rules.Standard} {
		players := []*Player{NewPlayer(net, rs, rules.OinMars, Club), NewPlayer(net, rs, rules.OinMars, Beginner), NewPlayer(net, rs, rules.WithKoks, Master)}
		p := rules.Start()
		for i := 0; i < n; i++ {
			d := rules.Dice{rng.IntN(6) + 1, rng.IntN(6) + 1}
			results := g.Results(p, d, rs)
			legal := map[rules.Position]bool{}
			for _, r := range results {
				legal[r] = true
			}
			// The levels choose at once, sharing the network; the game
			// goes on by club's choice.
			asked := players
			if i%masterEvery != masterEvery-1 {
				asked = players[:2]
			}
			var next rules.Position
			var wg sync.WaitGroup
			illegal := make([]bool, len(asked))
			for k, pl := range asked {
				wg.Go(func() {
					play, r, ok := pl.Choose(p, d, false, uint64(i))
					illegal[k] = ok != (len(results) > 0) || (ok && (!legal[r] || p.ApplyPlay(play) != r))
					if k == 0 {
						next = r
					}
				})
			}
			wg.Wait()
			for k, pl := range asked {
				if illegal[k] {
					t.Fatalf("%s %s chose an illegal play in %s %v", rs, pl.Level, p.PositionID(), d)
				}
			}
			if next.Won() {
				p = rules.Start()
				continue
			}
			p = next.Swap()
		}
	}
}

// TestIncrementalEvaluation compares the evaluation of results computed
// from the position before the play with a full evaluation.
func TestIncrementalEvaluation(t *testing.T) {
	t.Parallel()
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	t.Run("raw", func(t *testing.T) { checkIncremental(t, net) })
	// The same with the extra inputs, their weights random.
	wide := net.Widen(NumInputs + ExtInputs)
	rng := rand.New(rand.NewPCG(4, 4))
	for i := NumInputs * wide.Hidden; i < len(wide.W1); i++ {
		wide.W1[i] = float32(rng.NormFloat64() * 0.3)
	}
	t.Run("extra", func(t *testing.T) { checkIncremental(t, wide) })
	// With a race network (the shipped one's weights, disturbed): the
	// plays that break contact are judged by it, as a full pass judges them.
	whole := *net
	race := net.Widen(net.Inputs)
	for i := range race.W1 {
		race.W1[i] += float32(rng.NormFloat64() * 0.05)
	}
	if err := whole.SetRace(race); err != nil {
		t.Fatal(err)
	}
	t.Run("race", func(t *testing.T) { checkIncremental(t, &whole) })
	// And a late network beside it, disturbed otherwise.
	late := net.Widen(net.Inputs)
	for i := range late.W1 {
		late.W1[i] -= float32(rng.NormFloat64() * 0.05)
	}
	if err := whole.SetLate(late); err != nil {
		t.Fatal(err)
	}
	t.Run("late", func(t *testing.T) { checkIncremental(t, &whole) })
	bare := *net
	bare.race, bare.late = nil, nil
	ev := NewEvaluator(&whole, rules.Standard, rules.WithKoks)
	alone := map[*Net]*Evaluator{}
	for _, n := range []*Net{race, late, &bare} {
		alone[n] = NewEvaluator(n, rules.Standard, rules.WithKoks)
	}
	seen := map[*Net]int{}
	for _, jp := range loadJudged(t) {
		n := &bare
		if !contact(&jp.Pos) {
			n = race
		} else if isLate(&jp.Pos) {
			n = late
		}
		seen[n]++
		if got, want := ev.Evaluate(jp.Pos), alone[n].Evaluate(jp.Pos); got != want {
			t.Fatalf("%s (contact %v, late %v): %v, want %v", jp.ID, contact(&jp.Pos), isLate(&jp.Pos), got, want)
		}
	}
	if seen[race] < 50 || seen[late] < 50 || seen[&bare] < 50 {
		t.Fatalf("judged positions: %d races, %d late, %d others", seen[race], seen[late], seen[&bare])
	}
	if whole.SetLate(&whole) == nil {
		t.Error("SetLate took a network with a late network of its own")
	}
	if race.SetRace(&whole) == nil || whole.SetRace(NewNet(NumInputs, 8, 1)) == nil {
		t.Error("SetRace took a network with a race network of its own, or of other inputs")
	}
}

func checkIncremental(t *testing.T, net *Net) {
	ev := NewEvaluator(net, rules.Standard, rules.WithKoks)
	set := loadJudged(t)
	var s scratch
	for k, jp := range set {
		if k%5 != 0 {
			continue
		}
		_, results := rules.LegalPlays(jp.Pos, jp.Dice, rules.Standard)
		fast := ev.ply0(&jp.Pos, results, &s, nil)
		for i := range results {
			slow := ev.afterPlay(&results[i], &s)
			if d := fast[i] - slow; d > 1e-4 || d < -1e-4 {
				t.Fatalf("%s %v play %d: incremental %.6f, full %.6f", jp.ID, jp.Dice, i, fast[i], slow)
			}
		}
	}
}

func TestCubeDecisions(t *testing.T) {
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	ev := NewEvaluator(net, rules.Nardi, rules.OinMars)
	race := func(mine, theirs int8) rules.Position {
		var p rules.Position
		p.Mine[6], p.Mine[rules.Off] = mine, 15-mine
		p.Theirs[6], p.Theirs[rules.Off] = theirs, 15-theirs
		return p
	}
	cases := []struct {
		name         string
		p            rules.Position
		double, take bool
	}{
		{"the start", rules.Start(), false, true},
		{"an even race", race(4, 4), false, true},
		{"a race a roll ahead", race(3, 4), true, false},
		{"a sure mars", func() rules.Position {
			var p rules.Position
			p.Mine[1], p.Mine[rules.Off] = 1, 14
			p.Theirs[6] = 15
			return p
		}(), false, false},
	}
	for _, c := range cases {
		if d := ev.ShouldDouble(c.p); d != c.double {
			t.Errorf("%s: double %v, want %v", c.name, d, c.double)
		}
		if tk := ev.ShouldTake(c.p); tk != c.take {
			t.Errorf("%s: take %v, want %v", c.name, tk, c.take)
		}
	}
}

// TestShippedRace checks that the shipped network judges races as its
// embedded race network does alone, though that one may read fewer inputs
// (ShippedNet widens it, the others read as 0).
func TestShippedRace(t *testing.T) {
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	race := new(Net)
	if err := race.UnmarshalBinary(shippedRace); err != nil {
		t.Fatal(err)
	}
	ev, alone := NewEvaluator(net, rules.Standard, rules.WithKoks), NewEvaluator(race, rules.Standard, rules.WithKoks)
	races := 0
	for _, jp := range loadJudged(t) {
		if contact(&jp.Pos) {
			continue
		}
		races++
		got, want := ev.Evaluate(jp.Pos), alone.Evaluate(jp.Pos)
		for o := range got {
			if d := got[o] - want[o]; d > 1e-6 || d < -1e-6 {
				t.Fatalf("%s (main %d inputs, race %d): %v, the race network alone %v", jp.ID, net.Inputs, race.Inputs, got, want)
			}
		}
	}
	if races < 50 {
		t.Fatalf("%d races in the judged set", races)
	}
}
