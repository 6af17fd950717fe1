package main

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"

	"nardi/ai"
	"nardi/ai/train"
	"nardi/rules"
)

// teachJudge is "nardi-lab teach judge --net FILE [--race FILE] [--prune
// FILE] [--levels net,hard,master]": each level's PR on the judged set
// with these networks, played as the tests play it (standard rules,
// backgammons counted, no time limit; with --timed, the levels' time
// limits, as the bot plays, so that the figure depends on the machine).
func teachJudge(args []string, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "teach judge", "[--net NET] [--race NET] [--prune NET] [--cube NET] [--levels net,hard,master] [--timed]")
	netPath := fs.String("net", "ai/weights/net.bin", "the main network")
	racePath := fs.String("race", "ai/weights/race.bin", "the race network (empty: none)")
	prunePath := fs.String("prune", "ai/weights/prune.bin", "the searches' pruner (empty: none)")
	cubePath := fs.String("cube", "ai/weights/cube.bin", "the cube's network (empty: the main network decides)")
	levels := fs.String("levels", "net,master,grandmaster", "levels to judge, comma-separated; cube: the cube decisions of --cube-set; "+
		"rank, rank2: the loss among the candidates of --deep at 0 and at 2 plies")
	deepDir := fs.String("deep", "ai/train/data/deep3", "candidates labelled deeper than the teacher, for rank and rank2")
	cubeSet := fs.String("cube-set", "ai/testdata/cube-judged.jsonl.gz", "the judged cube decisions")
	setPath := fs.String("set", "ai/testdata/ai-judged.jsonl.gz", "the judged positions")
	timed := fs.Bool("timed", false, "keep the levels' time limits, as the bot plays (the figure then depends on the machine and its load)")
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "nardi-lab teach judge:", err)
		return 1
	}
	var net *ai.Net
	var err error
	if *racePath != "" {
		net, err = readPair(*netPath, *racePath)
	} else {
		net, err = train.ReadNet(*netPath)
	}
	if err != nil {
		return fail(err)
	}
	if *cubePath != "" {
		c, err := train.ReadNet(*cubePath)
		if err != nil {
			return fail(err)
		}
		if err := net.SetCube(c); err != nil {
			return fail(err)
		}
	}
	if err := setPruner(net, *prunePath); err != nil {
		return fail(err)
	}
	set, err := ai.LoadJudged(*setPath)
	if err != nil {
		return fail(err)
	}
	for _, name := range strings.Split(*levels, ",") {
		if strings.TrimSpace(name) == "cube" {
			if err := judgeCube(net, *cubeSet, stdout); err != nil {
				return fail(err)
			}
			continue
		}
		if n := strings.TrimSpace(name); n == "rank" || n == "rank2" {
			if err := judgeRank(net, *deepDir, n == "rank2", stdout); err != nil {
				return fail(err)
			}
			continue
		}
		level, err := ai.ParseLevel(strings.TrimSpace(name))
		if err != nil {
			return fail(err)
		}
		pl := ai.NewPlayer(net, rules.Standard, rules.WithKoks, level)
		pl.Exact = !*timed
		start := time.Now()
		pr, err := ai.PR(set, func(p rules.Position, d rules.Dice) rules.Position {
			_, r, _ := pl.Choose(p, d, false, 1)
			return r
		})
		if err != nil {
			return fail(err)
		}
		fmt.Fprintf(stdout, "PR %s %.3f (%d positions, %s)\n", level, pr, len(set), time.Since(start).Round(100*time.Millisecond))
	}
	return 0
}

// judgeCube prints the doubler's and the taker's mean error ×500 of the
// network's cube decisions on the judged cube decisions in path (gzip JSON
// lines: pos, match_length, score, cube, owner, crawford and gnubg's
// cubeful equities nd, dt, dp), all of them and the money and match
// decisions apart, scored as ai's BenchmarkCubeJudged scores them.
func judgeCube(net *ai.Net, path string, stdout io.Writer) error {
	type vector struct {
		Pos         string  `json:"pos"`
		MatchLength int     `json:"match_length"`
		Score       [2]int  `json:"score"`
		Cube        int     `json:"cube"`
		Owner       string  `json:"owner"`
		Crawford    bool    `json:"crawford"`
		ND          float64 `json:"nd"`
		DT          float64 `json:"dt"`
		DP          float64 `json:"dp"`
	}
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("cube set: %w", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return fmt.Errorf("cube set %s: %w", path, err)
	}
	ev := ai.NewEvaluator(net, rules.Standard, rules.WithKoks)
	var sums [2][2]float64 // money, match: doubler, taker
	var counts [2]int
	dec := json.NewDecoder(zr)
	for dec.More() {
		var v vector
		if err := dec.Decode(&v); err != nil {
			return fmt.Errorf("cube set %s: %w", path, err)
		}
		p, err := rules.ParsePositionID(v.Pos)
		if err != nil {
			return fmt.Errorf("cube set %s: %w", path, err)
		}
		cs := ai.CubeState{MatchLength: v.MatchLength, Score: v.Score, Cube: v.Cube, Owner: -1, Crawford: v.Crawford}
		if v.Owner == "on-roll" {
			cs.Owner = 0
		}
		d := ev.Cube(p, cs)
		k := 0
		if v.MatchLength > 0 {
			k = 1
		}
		counts[k]++
		best := math.Max(v.ND, math.Min(v.DT, v.DP))
		if d.Double {
			sums[k][0] += best - math.Min(v.DT, v.DP)
		} else {
			sums[k][0] += best - v.ND
		}
		// the equities are the doubler's: a take is wrong when it gives
		// the doubler more than a pass
		if d.Take {
			sums[k][1] += math.Max(v.DT-v.DP, 0)
		} else {
			sums[k][1] += math.Max(v.DP-v.DT, 0)
		}
	}
	n := float64(max(counts[0]+counts[1], 1))
	fmt.Fprintf(stdout, "cube (%d): doubler %.2f, taker %.2f; money (%d): %.2f, %.2f; match (%d): %.2f, %.2f\n",
		counts[0]+counts[1], (sums[0][0]+sums[1][0])/n*500, (sums[0][1]+sums[1][1])/n*500,
		counts[0], sums[0][0]/float64(max(counts[0], 1))*500, sums[0][1]/float64(max(counts[0], 1))*500,
		counts[1], sums[1][0]/float64(max(counts[1], 1))*500, sums[1][1]/float64(max(counts[1], 1))*500)
	return nil
}

// judgeRank prints the loss of the network's choices among the candidates
// of the parts in dir, by their labels: at 0-ply or, with plies2, as the
// master level's 2-ply values them.
func judgeRank(net *ai.Net, dir string, plies2 bool, stdout io.Writer) error {
	parts, err := train.ListCandidates(dir)
	if err != nil {
		return err
	}
	samples, err := train.ReadParts(parts)
	if err != nil {
		return err
	}
	samples = train.Select(samples, train.ContactPhase)
	start := time.Now()
	loss, groups, what := 0.0, 0, "0-ply"
	if plies2 {
		loss, groups = train.SearchRankError(ai.NewEvaluator(net, rules.Standard, rules.WithKoks), samples)
		what = "2-ply"
	} else {
		loss, groups = train.RankError(net, samples)
	}
	fmt.Fprintf(stdout, "rank %s %.3f (%d rolls of %s, %s)\n", what, loss, groups, dir, time.Since(start).Round(100*time.Millisecond))
	return nil
}
