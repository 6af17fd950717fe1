package main

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"nardi/ai"
	"nardi/ai/train"
	"nardi/rules"
)

// cmdTeach is "nardi teach": supervised training of a network of the
// evaluator on the teacher's dataset (ai/train), or, as "nardi teach
// judge", the judged set's PR of networks read from files at the levels
// asked for, or, as "nardi teach differ", the decisions where two players
// choose differently.
func cmdTeach(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "judge" {
		return teachJudge(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "differ" {
		return teachDiffer(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "candidates" {
		return teachCandidates(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "plays" {
		return teachPlays(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "blend" {
		return teachBlend(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "luck" {
		return teachLuck(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "long-data" {
		return teachLongData(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("teach", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", "ai/train/data", "the dataset's folder (teacher-KKKK.tsv.gz parts)")
	race := fs.Bool("race", false, "teach the race network (positions without contact) instead of the main one (with contact)")
	variant := variantFlag(fs)
	from := fs.String("from", "", "start from this network (default ai/weights/net.bin, with --race ai/weights/race.bin)")
	beside := fs.String("beside", "", "the other phase's network, beside which --judge plays (default ai/weights/race.bin, with --race ai/weights/net.bin)")
	out := fs.String("out", "", "write the best network by validation here at the end (also when stopped)")
	cfg := train.Config{Log: stdout}
	fs.StringVar(&cfg.Dir, "dir", "teach", "checkpoints: epoch-E.bin, latest.bin, best.bin")
	fs.IntVar(&cfg.Epochs, "epochs", 10, "passes over the training positions")
	fs.IntVar(&cfg.Batch, "batch", 256, "positions a step")
	fs.Float64Var(&cfg.Rate, "rate", 1e-3, "Adam's step size at the start")
	fs.Float64Var(&cfg.RateEnd, "rate-end", 3e-5, "Adam's step size at the end of the last epoch (falling linearly)")
	fs.Float64Var(&cfg.Decay, "decay", 0, "decoupled weight decay of the first layer")
	fs.BoolVar(&cfg.OutputOnly, "output-only", false, "fit only the output layer, the hidden layer's weights kept")
	fs.BoolVar(&cfg.SGD, "sgd", false, "plain gradient descent (--rate times the batch's mean gradient) instead of Adam")
	fs.Float64Var(&cfg.AnchorWeight, "anchor", 0, "weight of the penalty keeping the order of each roll's plays as --from has it (0: none)")
	fs.Float64Var(&cfg.ListWeight, "list", 0, "weight of the list loss on each roll's candidates: the network's choice among them against the teacher's (0: none)")
	fs.Float64Var(&cfg.ListTemp, "list-temp", train.DefaultListTemp, "the list loss's temperature, in equity")
	candCE := fs.Float64("cand-ce", 1, "weight of the candidates' cross-entropy (0: they teach only the order of the plays, by --list)")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the order of the positions")
	split := train.DefaultSplit
	fs.IntVar(&split.Mod, "val-mod", split.Mod, "parts whose number is --val-rem modulo this are held back for validation")
	fs.IntVar(&split.Rem, "val-rem", split.Rem, "see --val-mod")
	cands := fs.String("candidates", "", "the candidates' folder (cand-KKKK.tsv.gz parts; default DATA/cand; none when missing): the training parts join the training positions, the held-back ones measure the rank error")
	deep := fs.String("deep", "", "held-back candidates labelled at 2 plies (cand- or plays- parts, all held back; default DATA/deep; none when missing): their rank error chooses the best epoch")
	near := fs.String("near", "", "candidates near each roll's best labelled again at 2 plies (cand- or plays- parts; default DATA/near; none when missing): they relabel the same plays among the training candidates")
	inputs := fs.Int("inputs", 0, fmt.Sprintf("widen the network to this many inputs first (%d: the extra inputs with the escapes and the hits; %d: without the hits; 0: as it is)", ai.NumInputs+ai.ExtInputs, ai.NumInputs+ai.ExtInputsEsc))
	hidden := fs.Int("hidden", 0, "widen the network to this many hidden units first (0: as it is)")
	maxParts := fs.Int("parts", 0, "read at most this many parts, the lowest numbers first (0: all)")
	grow := fs.Bool("grow", false, "before each epoch, add the training parts written since")
	judge := fs.String("judge", "", "judged positions (gzip JSON lines): log the 0-ply PR after each epoch, beside --beside")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg.CandidateCE = candCE
	phase := train.ContactPhase
	defFrom, defBeside := "ai/weights/net.bin", "ai/weights/race.bin"
	listParts, listCands := train.ListParts, train.ListCandidates
	switch v, err := rules.ParseVariant(*variant); {
	case err != nil:
		fmt.Fprintln(stderr, "nardi teach:", err)
		return 2
	case v == rules.Long:
		phase, defFrom = train.LongPhase, "ai/weights/long.bin"
		listParts, listCands = train.ListLongParts, train.ListLongCandidates
		if *data == fs.Lookup("data").DefValue {
			*data = "ai/train/data/long"
		}
		if *cands == "" {
			*cands = *data
		}
	case *race:
		phase, defFrom, defBeside = train.RacePhase, defBeside, defFrom
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "nardi teach:", err)
		return 1
	}
	start, err := train.ReadNet(orDefault(*from, defFrom))
	if err != nil {
		return fail(err)
	}
	if *inputs > start.Inputs {
		start = start.Widen(*inputs)
	}
	if *hidden > start.Hidden {
		start = train.WidenHidden(start, *hidden, cfg.Seed)
	}
	if *judge != "" {
		if cfg.Judge, err = besideJudge(*judge, orDefault(*beside, defBeside), *race); err != nil {
			return fail(err)
		}
	}
	parts, err := listParts(*data)
	if err != nil {
		return fail(err)
	}
	if *maxParts > 0 && len(parts) > *maxParts {
		parts = parts[:*maxParts]
	}
	// optional lists the parts of candidates in dir; a missing folder has none.
	optional := func(dir string) ([]train.Part, error) {
		ps, err := listCands(dir)
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return ps, err
	}
	*cands = orDefault(*cands, filepath.Join(*data, "cand"))
	candParts, err := optional(*cands)
	if err != nil {
		return fail(err)
	}
	deepParts, err := optional(orDefault(*deep, filepath.Join(*data, "deep")))
	if err != nil {
		return fail(err)
	}
	nearParts, err := optional(orDefault(*near, filepath.Join(*data, "near")))
	if err != nil {
		return fail(err)
	}
	nearParts, _ = split.Divide(nearParts)
	candTrain, candVal := split.Divide(candParts)
	trainParts, valParts := split.Divide(parts)
	trainParts = append(trainParts, candTrain...)
	fmt.Fprintf(stdout, "teach: the %s network from %s; %d parts to train on, %d held back (number %% %d == %d)\n",
		phase, orDefault(*from, defFrom), len(trainParts), len(valParts), split.Mod, split.Rem)
	read := func(ps []train.Part) ([]train.Sample, error) {
		s, err := train.ReadParts(ps)
		return train.Select(s, phase), err
	}
	readStart := time.Now()
	trainSet, err := read(trainParts)
	if err != nil {
		return fail(err)
	}
	nearSet, err := read(nearParts)
	if err != nil {
		return fail(err)
	}
	trainSet, matched := train.Overlay(trainSet, nearSet)
	if len(nearParts) > 0 {
		fmt.Fprintf(stdout, "teach: %d parts at 2 plies relabel %d groups of candidates\n", len(nearParts), matched)
	}
	valSet, err := read(valParts)
	if err != nil {
		return fail(err)
	}
	if cfg.Rank, err = read(candVal); err != nil {
		return fail(err)
	}
	if cfg.Deep, err = read(deepParts); err != nil {
		return fail(err)
	}
	fmt.Fprintf(stdout, "teach: read in %s (%d candidate parts to train on, %d held back, %d held back at 2 plies)\n",
		time.Since(readStart).Round(time.Millisecond), len(candTrain), len(candVal), len(deepParts))
	if *grow {
		seen := map[string]bool{}
		for _, p := range trainParts {
			seen[p.Path] = true
		}
		cfg.More = func() ([]train.Sample, error) {
			all, err := listParts(*data)
			if err != nil {
				return nil, err
			}
			more, err := optional(*cands)
			if err != nil {
				return nil, err
			}
			var fresh []train.Part
			for _, p := range append(all, more...) {
				if !seen[p.Path] && !split.Validation(p.Number) {
					seen[p.Path] = true
					fresh = append(fresh, p)
				}
			}
			if len(fresh) > 0 {
				fmt.Fprintf(stdout, "teach: %d more parts\n", len(fresh))
			}
			return read(fresh)
		}
	}
	if cfg.AnchorWeight > 0 {
		cfg.Anchor = start
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := train.Fit(ctx, start, trainSet, valSet, cfg)
	if res.Best != nil {
		fmt.Fprintf(stdout, "teach: best epoch %d: %s, rank %.3f, deep %.3f (start: %s)\n", res.BestEpoch, res.BestMetrics, res.BestRank, res.BestDeep, res.Start)
		if *out != "" {
			if werr := train.WriteNet(*out, res.Best); werr != nil {
				return fail(werr)
			}
		}
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		return fail(err)
	}
	return 0
}

// orDefault returns s, or def when s is empty.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// besideJudge returns the 0-ply judge of the judged set in path for a
// network of one phase, played beside the other phase's network read
// from beside: a race network beside the main one when race, else a main
// network beside the race one.
func besideJudge(path, beside string, race bool) (func(*ai.Net) (float64, error), error) {
	set, err := ai.LoadJudged(path)
	if err != nil {
		return nil, err
	}
	other, err := train.ReadNet(beside)
	if err != nil {
		return nil, err
	}
	return func(n *ai.Net) (float64, error) {
		whole, err := pairNets(n, other, race)
		if err != nil {
			return 0, err
		}
		return ai.Judge0(whole, set)
	}, nil
}

// readPair reads the main network from path and the race network from
// race, paired as the evaluator plays them.
func readPair(path, race string) (*ai.Net, error) {
	main, err := train.ReadNet(path)
	if err != nil {
		return nil, err
	}
	raceNet, err := train.ReadNet(race)
	if err != nil {
		return nil, err
	}
	return pairNets(main, raceNet, false)
}

// setPruner gives net the pruner read from path (none when path is empty).
func setPruner(net *ai.Net, path string) error {
	if path == "" {
		return nil
	}
	p, err := train.ReadNet(path)
	if err != nil {
		return err
	}
	if err := net.SetPruner(p); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// pairNets returns the evaluator's network of n beside other: when race,
// n is the race network and other the main one, else the other way round.
// Neither is changed (the main network is copied).
func pairNets(n, other *ai.Net, race bool) (*ai.Net, error) {
	main, raceNet := n, other
	if race {
		main, raceNet = other, n
	}
	// a network of fewer inputs reads the others as 0: widened, it judges
	// as it did
	inputs := max(main.Inputs, raceNet.Inputs)
	whole := main.Widen(inputs)
	if err := whole.SetRace(raceNet.Widen(inputs)); err != nil {
		return nil, fmt.Errorf("pair the networks: %w", err)
	}
	return whole, nil
}

// teachJudge is "nardi teach judge --net FILE [--race FILE] [--prune
// FILE] [--levels net,master,grandmaster]": each level's PR on the judged set
// with these networks, played as the tests play it (standard rules,
// backgammons counted, no time limit; with --timed, the levels' time
// limits, as the bot plays, so that the figure depends on the machine).
func teachJudge(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("teach judge", flag.ContinueOnError)
	fs.SetOutput(stderr)
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
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "nardi teach judge:", err)
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

// teachCandidates is "nardi teach candidates": for each teacher's part in
// a range, the candidate plays of one roll a position
// (train.WriteCandidates) as DIR/cand-KKKK.list, for the teacher to label
// (scripts/label-candidates.sh). Lists already there are kept.
func teachCandidates(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("teach candidates", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", "ai/train/data", "the dataset's folder (teacher-KKKK.tsv.gz parts)")
	first := fs.Int("from", 1, "the first part")
	last := fs.Int("to", 1000, "the last part")
	dir := fs.String("out", "candidates", "the lists' folder")
	round := fs.Int("round", 1, "round R draws other rolls: part K's list is numbered K+10000(R-1)")
	cfg := train.DefaultCandidates
	fs.IntVar(&cfg.Top, "top", cfg.Top, "the network's best plays taken")
	fs.IntVar(&cfg.Others, "others", cfg.Others, "other plays drawn at random")
	from := fs.String("net", "", "rank the plays with this network, beside ai/weights/race.bin (default: the shipped ones)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "nardi teach candidates:", err)
		return 1
	}
	net, err := ai.ShippedNet()
	if *from != "" {
		net, err = readPair(*from, "ai/weights/race.bin")
	}
	if err != nil {
		return fail(err)
	}
	ev := ai.NewEvaluator(net, rules.Standard, rules.WithKoks)
	parts, err := train.ListParts(*data)
	if err != nil {
		return fail(err)
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return fail(err)
	}
	for _, p := range parts {
		if p.Number < *first || p.Number > *last {
			continue
		}
		number := p.Number + 10000*(*round-1)
		path := filepath.Join(*dir, fmt.Sprintf("cand-%04d.list", number))
		if _, err := os.Stat(path); err == nil {
			continue
		}
		samples, err := train.ReadPart(p.Path)
		if err != nil {
			return fail(err)
		}
		tmp := path + ".tmp"
		f, err := os.Create(tmp)
		if err != nil {
			return fail(err)
		}
		groups, lines, err := train.WriteCandidates(f, number, samples, ev, cfg)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(tmp, path)
		}
		if err != nil {
			return fail(err)
		}
		fmt.Fprintf(stdout, "part %d: %d groups, %d candidates\n", number, groups, lines)
	}
	return 0
}

// teachPlays is "nardi teach plays": each part of candidates in a folder
// (cand-KKKK.tsv.gz) written again as a part of plays (plays-KKKK.tsv.gz,
// about half the bytes; train.CompactPart), checked by reading it back;
// with --remove, the part of candidates is then removed.
func teachPlays(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("teach plays", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", "ai/train/data", "the teacher's parts (teacher-KKKK.tsv.gz)")
	in := fs.String("in", "ai/train/data/cand", "the parts of candidates")
	dir := fs.String("out", "ai/train/data/cand", "the parts of plays' folder")
	remove := fs.Bool("remove", false, "remove each part of candidates once its part of plays is written")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	parts, err := train.ListCandidates(*in)
	if err == nil {
		err = os.MkdirAll(*dir, 0o755)
	}
	if err != nil {
		fmt.Fprintln(stderr, "nardi teach plays:", err)
		return 1
	}
	var before, after int64
	for _, p := range parts {
		if !strings.HasPrefix(filepath.Base(p.Path), "cand-") {
			continue
		}
		parent := filepath.Join(*data, fmt.Sprintf("teacher-%04d.tsv.gz", p.Number%10000))
		out := filepath.Join(*dir, fmt.Sprintf("plays-%04d.tsv.gz", p.Number))
		size, err := train.CompactPart(p.Path, parent, out)
		if err != nil {
			fmt.Fprintln(stderr, "nardi teach plays:", err)
			return 1
		}
		st, err := os.Stat(p.Path)
		if err != nil {
			fmt.Fprintln(stderr, "nardi teach plays:", err)
			return 1
		}
		before, after = before+st.Size(), after+size
		if *remove {
			if err := os.Remove(p.Path); err != nil {
				fmt.Fprintln(stderr, "nardi teach plays:", err)
				return 1
			}
		}
		fmt.Fprintf(stdout, "part %d: %d bytes, was %d\n", p.Number, size, st.Size())
	}
	fmt.Fprintf(stdout, "%d bytes, were %d\n", after, before)
	return 0
}
