package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"nardi/ai"
	"nardi/ai/train"
	"nardi/internal/cli"
	"nardi/rules"
)

// teachTools are nardi-lab teach's tools, chosen by its first argument.
var teachTools = []cli.Command{
	{Name: "judge", Summary: "the judged set's PR of network files at the levels asked for", Run: tool(teachJudge)},
	{Name: "differ", Summary: "the decisions where two players choose differently, for a judge", Run: tool(teachDiffer)},
	{Name: "candidates", Summary: "the candidate plays of the teacher's positions, for the teacher to label", Run: tool(teachCandidates)},
	{Name: "plays", Summary: "parts of candidates written again compactly as parts of plays", Run: tool(teachPlays)},
	{Name: "blend", Summary: "parts of plays, their chances blended with our search's", Run: tool(teachBlend)},
	{Name: "luck", Summary: "recorded games' points with the luck of the dice taken out", Run: tool(teachLuck)},
	{Name: "long-data", Summary: "long nardi's teacher parts, made by its own network's deeper search", Run: tool(teachLongData)},
}

// tool makes a teach tool, which reads no stdin, a command.
func tool(run func(args []string, stdout, stderr io.Writer) int) func([]string, io.Reader, io.Writer, io.Writer) int {
	return func(args []string, _ io.Reader, stdout, stderr io.Writer) int { return run(args, stdout, stderr) }
}

// teachToolsHelp lists the tools for nardi-lab teach --help.
func teachToolsHelp() string {
	var b strings.Builder
	b.WriteString("Without a tool: supervised training of a network of the evaluator on the teacher's dataset (ai/train). The tools:\n")
	for _, c := range teachTools {
		fmt.Fprintf(&b, "  %-10s %s\n", c.Name, c.Summary)
	}
	return b.String()
}

// cmdTeach is "nardi-lab teach": supervised training of a network of the
// evaluator on the teacher's dataset (ai/train), or one of teachTools.
func cmdTeach(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		for _, c := range teachTools {
			if c.Name == args[0] {
				return c.Run(args[1:], stdin, stdout, stderr)
			}
		}
	}
	fs := newFlags(stderr, "teach", "--dir DIR [--data DIR] [--from NET] [--race] [--variant short|long] [--epochs 10] [--out FILE]",
		"TOOL [flags]   (nardi-lab teach TOOL --help)").About(teachToolsHelp())
	data := fs.String("data", "ai/train/data", "the dataset's folder (teacher-KKKK.tsv.gz parts)")
	race := fs.Bool("race", false, "teach the race network (positions without contact) instead of the main one (with contact)")
	variant := cli.VariantFlag(fs)
	from := fs.String("from", "", "start from this network (default ai/weights/net.bin, with --race ai/weights/race.bin)")
	beside := fs.String("beside", "", "the other phase's network, beside which --judge plays (default ai/weights/race.bin, with --race ai/weights/net.bin)")
	out := fs.String("out", "", "write the best network by validation here at the end (also when stopped)")
	cfg := train.Config{Log: stdout}
	fs.StringVar(&cfg.Dir, "dir", "", "checkpoints (required): epoch-E.bin, latest.bin, best.bin")
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
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	if cfg.Dir == "" {
		return fs.Fail("--dir DIR is needed: the checkpoints go there")
	}
	cfg.CandidateCE = candCE
	phase := train.ContactPhase
	defFrom, defBeside := "ai/weights/net.bin", "ai/weights/race.bin"
	listParts, listCands := train.ListParts, train.ListCandidates
	switch v, err := rules.ParseVariant(*variant); {
	case err != nil:
		fmt.Fprintln(stderr, "nardi-lab teach:", err)
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
		fmt.Fprintln(stderr, "nardi-lab teach:", err)
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
