package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"nardi/ai"
)

// cmdTrain is "nardi train": self-play training of the evaluator.
func cmdTrain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := ai.TrainConfig{Log: stdout}
	fs.IntVar(&cfg.Hidden, "hidden", 128, "hidden units of a new network")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "random seed of the weights and the games")
	fs.Int64Var(&cfg.Games, "games", 1000000, "train until this many games in all")
	alpha := fs.Float64("alpha", 0.1, "learning rate at the start")
	alphaEnd := fs.Float64("alpha-end", 0.02, "learning rate reached after --decay games")
	fs.Int64Var(&cfg.Decay, "decay", 2000000, "games over which the learning rate falls to --alpha-end")
	fs.IntVar(&cfg.Workers, "workers", 1, "games at once on shared weights (1 is reproducible)")
	fs.Int64Var(&cfg.Checkpoint, "checkpoint", 10000, "games between checkpoints")
	fs.StringVar(&cfg.Dir, "dir", "checkpoints", "checkpoint directory (training resumes from it)")
	variant := fs.String("variant", "short", "short or long nardi")
	from := fs.String("from", "", "start a new run from this network instead of random weights")
	ext := fs.Bool("ext", false, "give a short nardi network the extra inputs (shots, primes, anchors…)")
	judge := fs.String("judge", "", "judged positions (gzip JSON lines) to print the PR at checkpoints")
	out := fs.String("out", "", "write the final network here too")
	fs.BoolVar(&cfg.Lookahead, "lookahead", false, "learn from each position's value over all 21 rolls (slower, steadier targets)")
	fs.BoolVar(&cfg.Race, "race", false, "train a race network: --from plays until contact is broken, a copy of it learns the races")
	fs.BoolVar(&cfg.Late, "late", false, "train a late network: --from plays until a side is near home, a copy of it learns from there (with --race-net, to the race)")
	raceNet := fs.String("race-net", "", "learn only positions with contact, the races judged by this race network")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg.Alpha, cfg.AlphaEnd = float32(*alpha), float32(*alphaEnd)
	switch *variant {
	case "short":
	case "long":
		cfg.Long = true
	default:
		fmt.Fprintf(stderr, "nardi train: unknown variant %q (want short or long)\n", *variant)
		return 2
	}
	if *ext {
		cfg.Inputs = ai.NumInputs + ai.ExtInputs
	}
	if cfg.Long && (*ext || *judge != "" || cfg.Lookahead || cfg.Race) {
		fmt.Fprintln(stderr, "nardi train: --ext, --judge, --lookahead and --race are for short nardi networks")
		return 2
	}
	if (cfg.Race || cfg.Late) && *from == "" {
		fmt.Fprintln(stderr, "nardi train: --race and --late need --from, the network of the whole game")
		return 2
	}
	var err error
	if *from != "" {
		if cfg.From, err = readNet(*from); err != nil {
			fmt.Fprintln(stderr, "nardi train:", err)
			return 2
		}
	}
	if cfg.Judge, err = judgeOf(*judge); err != nil {
		fmt.Fprintln(stderr, "nardi train:", err)
		return 2
	}
	if *raceNet != "" {
		if cfg.RaceNet, err = readNet(*raceNet); err != nil {
			fmt.Fprintln(stderr, "nardi train:", err)
			return 2
		}
	}
	if cfg.Race || cfg.Late {
		cfg.Inputs = cfg.From.Inputs
		if judge := cfg.Judge; judge != nil {
			// The network of a phase is judged beside the network it serves.
			cfg.Judge = func(n *ai.Net) (float64, error) {
				whole := *cfg.From
				var err error
				if cfg.Late {
					err = whole.SetLate(n)
					if cfg.RaceNet != nil && err == nil {
						err = whole.SetRace(cfg.RaceNet)
					}
				} else {
					err = whole.SetRace(n)
				}
				if err != nil {
					return 0, err
				}
				return judge(&whole)
			}
		}
	}
	return runTraining("train", *out, stderr, func(ctx context.Context) (*ai.Net, error) { return ai.Train(ctx, cfg) })
}

// runTraining runs a training command's work until it ends or the process
// is interrupted, then writes the network to out (when given); it returns
// the command's exit status.
func runTraining(name, out string, stderr io.Writer, run func(context.Context) (*ai.Net, error)) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	net, err := run(ctx)
	if err == nil {
		err = writeNet(out, net)
	}
	if err != nil {
		fmt.Fprintf(stderr, "nardi %s: %v\n", name, err)
		return 1
	}
	return 0
}

// readNet reads a network file.
func readNet(path string) (*ai.Net, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	n := new(ai.Net)
	if err := n.UnmarshalBinary(data); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return n, nil
}

// judgeOf returns the 0-ply judge of the judged positions in path, nil
// when path is empty.
func judgeOf(path string) (func(*ai.Net) (float64, error), error) {
	if path == "" {
		return nil, nil
	}
	set, err := ai.LoadJudged(path)
	if err != nil {
		return nil, err
	}
	return func(n *ai.Net) (float64, error) { return ai.Judge0(n, set) }, nil
}

// writeNet writes the network to path, when there is one.
func writeNet(path string, net *ai.Net) error {
	if path == "" {
		return nil
	}
	data, err := net.MarshalBinary()
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// cmdAverage is "nardi average --out FILE NET...": the mean of a run's
// checkpoints, weight by weight.
func cmdAverage(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("average", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "where to write the mean network")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *out == "" || fs.NArg() == 0 {
		fmt.Fprintln(stderr, "nardi average: --out FILE and at least one network are needed")
		return 2
	}
	var nets []*ai.Net
	for _, name := range fs.Args() {
		n, err := readNet(name)
		if err != nil {
			fmt.Fprintln(stderr, "nardi average:", err)
			return 2
		}
		nets = append(nets, n)
	}
	avg, err := ai.Average(nets...)
	var data []byte
	if err == nil {
		data, err = avg.MarshalBinary()
	}
	if err == nil {
		err = os.WriteFile(*out, data, 0o644)
	}
	if err != nil {
		fmt.Fprintln(stderr, "nardi average:", err)
		return 1
	}
	fmt.Fprintf(stdout, "averaged %d networks into %s\n", len(nets), *out)
	return 0
}

// cmdDistill is "nardi distill": the evaluator fitted to its own values
// two rolls ahead (ai.Distill).
func cmdDistill(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("distill", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := ai.DistillConfig{Log: stdout}
	from := fs.String("from", "ai/weights/net.bin", "the teacher network, and the student's start")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "random seed of the games and of the fit's order")
	fs.IntVar(&cfg.Games, "games", 2000, "self-play games whose positions are fitted")
	fs.IntVar(&cfg.Workers, "workers", 1, "blocks of games made at once (the targets do not depend on it)")
	fs.IntVar(&cfg.Epochs, "epochs", 10, "passes of the fit over the targets")
	fs.IntVar(&cfg.Candidates, "candidates", 0, "when above 0, fit the results of each decision's best so many plays instead of the positions met")
	prunerPath := fs.String("pruner", "ai/weights/prune.bin", "the teacher's pruner, for the candidates' targets (empty: none)")
	alpha := fs.Float64("alpha", 0.01, "the fit's learning rate in its first epoch")
	alphaEnd := fs.Float64("alpha-end", 0.002, "the fit's learning rate in its last epoch")
	fs.StringVar(&cfg.Dir, "dir", "distill", "where the targets and the fitted epochs go (a run resumes from them)")
	judge := fs.String("judge", "", "judged positions (gzip JSON lines) to print the PR after each epoch")
	out := fs.String("out", "", "write the final network here too")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg.Alpha, cfg.AlphaEnd = float32(*alpha), float32(*alphaEnd)
	var err error
	if cfg.Teacher, err = readNet(*from); err == nil {
		cfg.Judge, err = judgeOf(*judge)
	}
	if err == nil && *prunerPath != "" && cfg.Candidates > 0 {
		var p *ai.Net
		if p, err = readNet(*prunerPath); err == nil {
			err = cfg.Teacher.SetPruner(p)
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "nardi distill:", err)
		return 2
	}
	return runTraining("distill", *out, stderr, func(ctx context.Context) (*ai.Net, error) { return ai.Distill(ctx, cfg) })
}

// cmdPrune is "nardi prune": a small network trained to rank plays as the
// evaluator does, for the searches to look only at its best few.
func cmdPrune(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("prune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := ai.PruneConfig{Log: stdout}
	from := fs.String("from", "ai/weights/net.bin", "the network whose judgement the pruner learns")
	fs.IntVar(&cfg.Hidden, "hidden", 32, "the pruner's hidden units")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "random seed of the weights and the games")
	fs.IntVar(&cfg.Games, "games", 20000, "self-play games whose plays are learnt from")
	alpha := fs.Float64("alpha", 0.1, "learning rate at the start")
	alphaEnd := fs.Float64("alpha-end", 0.01, "learning rate at the last game")
	out := fs.String("out", "prune.bin", "where the pruner goes")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg.Alpha, cfg.AlphaEnd = float32(*alpha), float32(*alphaEnd)
	var err error
	if cfg.Teacher, err = readNet(*from); err != nil {
		fmt.Fprintln(stderr, "nardi prune:", err)
		return 2
	}
	return runTraining("prune", *out, stderr, func(ctx context.Context) (*ai.Net, error) { return ai.TrainPruner(ctx, cfg) })
}
