package ai

import (
	"compress/gzip"
	"encoding/json"
	"math"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"nardi/rules"
)

// cubeVector is one decision of testdata/cube-judged.jsonl.gz, judged by
// gnubg 2-ply cubeful equities.
type cubeVector struct {
	Pos          string     `json:"pos"`
	Match        string     `json:"match"`
	MatchLength  int        `json:"match_length"`
	Score        [2]int     `json:"score"`
	Cube         int        `json:"cube"`
	Owner        string     `json:"owner"`
	PostCrawford bool       `json:"post_crawford"`
	ND, DT, DP   float64    `json:"-"`
	Raw          [3]float64 `json:"-"`
}

func loadCubeVectors(t testing.TB) []cubeVector {
	t.Helper()
	f, err := os.Open("testdata/cube-judged.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(zr)
	var out []cubeVector
	for dec.More() {
		var raw map[string]any
		if err := dec.Decode(&raw); err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(raw)
		var v cubeVector
		json.Unmarshal(b, &v)
		v.ND, v.DT, v.DP = raw["nd"].(float64), raw["dt"].(float64), raw["dp"].(float64)
		out = append(out, v)
	}
	return out
}

// cubeErrors judges decisions as the vectors' README does: the doubler's
// and the taker's mean error x 500. The vectors are decided on all the
// processors at once, so decide must be safe for concurrent use.
func cubeErrors(vs []cubeVector, decide func(cubeVector) CubeDecision) (doubler, taker float64, wrongD, wrongT int) {
	ds := make([]CubeDecision, len(vs))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(vs); i = int(next.Add(1) - 1) {
				ds[i] = decide(vs[i])
			}
		})
	}
	wg.Wait()
	for i, v := range vs {
		d := ds[i]
		best := math.Max(v.ND, math.Min(v.DT, v.DP))
		if d.Double {
			doubler += best - math.Min(v.DT, v.DP)
		} else {
			doubler += best - v.ND
		}
		if (d.Double && best-math.Min(v.DT, v.DP) > 1e-9) || (!d.Double && best-v.ND > 1e-9) {
			wrongD++
		}
		if d.Take && v.DT > v.DP {
			taker += v.DT - v.DP
			wrongT++
		} else if !d.Take && v.DP > v.DT {
			taker += v.DP - v.DT
			wrongT++
		}
	}
	n := float64(len(vs))
	return doubler / n * 500, taker / n * 500, wrongD, wrongT
}

// stateOf reads a vector's cube state.
func stateOf(v cubeVector) CubeState {
	cs := CubeState{MatchLength: v.MatchLength, Score: v.Score, Cube: v.Cube, Owner: -1}
	if v.Owner == "on-roll" {
		cs.Owner = 0
	}
	return cs
}

// BenchmarkCubeJudged scores the computer's cube decisions on gnubg's
// judged set (gnubg 0-ply: doubler 0.44, taker 0.23).
//
//	go test ./ai -run x -bench CubeJudged -benchtime 1x
func BenchmarkCubeJudged(b *testing.B) {
	net, err := ShippedNet()
	if err != nil {
		b.Fatal(err)
	}
	ev := NewEvaluator(net, rules.Standard, rules.WithKoks)
	vs := loadCubeVectors(b)
	for range b.N {
		for _, part := range []struct {
			name string
			keep func(cubeVector) bool
		}{{"all", func(cubeVector) bool { return true }}, {"money", func(v cubeVector) bool { return v.MatchLength == 0 }},
			{"match", func(v cubeVector) bool { return v.MatchLength > 0 }}} {
			var sel []cubeVector
			for _, v := range vs {
				if part.keep(v) {
					sel = append(sel, v)
				}
			}
			d, tk, wd, wt := cubeErrors(sel, func(v cubeVector) CubeDecision {
				p, _ := rules.ParsePositionID(v.Pos)
				return ev.Cube(p, stateOf(v))
			})
			b.Logf("%s (%d): doubler %.2f (%d wrong), taker %.2f (%d wrong)", part.name, len(sel), d, wd, tk, wt)
		}
	}
}

// TestCubefulDecisions: on gnubg's judged cube decisions the computer's
// doubles and takes stay within bounds (the benchmark gives the figures),
// and a few clear positions come out right.
func TestCubefulDecisions(t *testing.T) {
	t.Parallel()
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	ev := NewEvaluator(net, rules.Standard, rules.WithKoks)
	vs := loadCubeVectors(t)
	// Every other position: on one in eight, the doubler's error ranges
	// from 0.3 to 1.5 by where the sample starts.
	var sel []cubeVector
	for i := 0; i < len(vs); i += 2 {
		sel = append(sel, vs[i])
	}
	d, tk, _, _ := cubeErrors(sel, func(v cubeVector) CubeDecision {
		p, _ := rules.ParsePositionID(v.Pos)
		return ev.Cube(p, stateOf(v))
	})
	never, always, _, _ := cubeErrors(sel, func(cubeVector) CubeDecision { return CubeDecision{Take: true} })
	t.Logf("doubler %.2f, taker %.2f (never double, always take: %.2f, %.2f)", d, tk, never, always)
	if d > 1 || tk > 0.6 || d >= never/3 || tk > always/20 {
		t.Errorf("doubler %.2f, taker %.2f", d, tk)
	}

	// The start: no double, take. Fourteen off against none, the opponent
	// with checkers in our home: too good to double (play for the koks),
	// and a pass if doubled.
	start := ev.Cube(rules.Start(), CubeState{Cube: 1, Owner: -1})
	if start.Double || !start.Take {
		t.Errorf("at the start: %+v", start)
	}
	var p rules.Position
	p.Mine[1], p.Mine[rules.Off] = 1, 14
	p.Theirs[20], p.Theirs[6] = 3, 12
	won := ev.Cube(p, CubeState{Cube: 1, Owner: -1})
	if won.Double || won.Take {
		t.Errorf("a won position: %+v", won)
	}
	// Races of 15 checkers each in their homes, the player on roll with 54
	// pips: against 61 double and take, against 65 double and pass (as
	// gnubg 2-ply says of du8NAADb3Q0AAA and uvcOAADb3Q0AAA).
	for _, tc := range []struct {
		theirs [7]int8
		take   bool
	}{{[7]int8{0, 0, 2, 3, 4, 4, 2}, true}, {[7]int8{0, 0, 1, 3, 4, 4, 3}, false}} {
		var race rules.Position
		race.Mine[1], race.Mine[2], race.Mine[3], race.Mine[4], race.Mine[5], race.Mine[6] = 2, 2, 3, 3, 3, 2
		copy(race.Theirs[:7], tc.theirs[:])
		if d := ev.Cube(race, CubeState{Cube: 1, Owner: -1}); !d.Double || d.Take != tc.take {
			mine, theirs := race.Pips()
			t.Errorf("a race of %d pips against %d: %+v", mine, theirs, d)
		}
	}
	// The Crawford game has no double; the opponent's cube cannot be
	// turned by the player on roll.
	for _, cs := range []CubeState{{MatchLength: 5, Score: [2]int{2, 4}, Cube: 1, Owner: -1, Crawford: true}, {Cube: 2, Owner: 1}} {
		var q rules.Position
		q.Mine[6], q.Mine[rules.Off] = 2, 13
		q.Theirs[24], q.Theirs[13] = 8, 7
		if d := ev.Cube(q, cs); d.Double {
			t.Errorf("%+v: a double", cs)
		}
	}
}

// TestCubeNetwork: the shipped network's cube is decided by its cube's
// network (with the race network beside it), not by the main one, and a
// network without one decides by itself.
func TestCubeNetwork(t *testing.T) {
	t.Parallel()
	net, err := ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	if net.cube == nil {
		t.Fatal("the shipped network has no cube network")
	}
	cubeNet := net.cube.Widen(net.cube.Inputs)
	if err := cubeNet.SetRace(net.race); err != nil {
		t.Fatal(err)
	}
	main := net.Widen(net.Inputs)
	if err := main.SetRace(net.race); err != nil {
		t.Fatal(err)
	}
	shipped := NewEvaluator(net, rules.Standard, rules.WithKoks)
	byCube := NewEvaluator(cubeNet, rules.Standard, rules.WithKoks)
	byMain := NewEvaluator(main, rules.Standard, rules.WithKoks)
	// Every 20th judged position (every 60th under the race detector), the
	// three evaluators asked at once (they are safe for concurrent use).
	every := 20
	if raceEnabled {
		every = 60
	}
	differ := 0
	cs := CubeState{Cube: 1, Owner: -1}
	for i, jp := range loadJudged(t) {
		if i%every != 0 {
			continue
		}
		var got, want, own CubeDecision
		var wg sync.WaitGroup
		wg.Go(func() { want = byCube.Cube(jp.Pos, cs) })
		wg.Go(func() { own = byMain.Cube(jp.Pos, cs) })
		got = shipped.Cube(jp.Pos, cs)
		wg.Wait()
		if got != want {
			t.Fatalf("%s: cube %+v, its cube network's %+v", jp.ID, got, want)
		}
		if own != got {
			differ++
		}
	}
	t.Logf("the main network decides %d of the cubes otherwise", differ)
	if differ == 0 {
		t.Error("the main network decides every cube as the cube's network does: the test tells nothing")
	}
	if err := main.SetCube(NewNet(NumInputs+ExtInputs+1, 4, 1)); err == nil {
		t.Error("a cube network of more inputs was taken")
	}
}
