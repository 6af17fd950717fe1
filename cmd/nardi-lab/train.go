package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"nardi/ai"
	"nardi/ai/train"
)

// cmdTrain is "nardi-lab train": self-play training of the evaluator.
func cmdTrain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "train", "--dir DIR [--games 1000000] [--variant short|long] [--from NET] [--ext] [--race|--late] [--judge SET] [--out FILE]")
	cfg := train.TDConfig{Log: stdout}
	fs.IntVar(&cfg.Hidden, "hidden", 128, "hidden units of a new network")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "random seed of the weights and the games")
	fs.Int64Var(&cfg.Games, "games", 1000000, "train until this many games in all")
	alpha := fs.Float64("alpha", 0.1, "learning rate at the start")
	alphaEnd := fs.Float64("alpha-end", 0.02, "learning rate reached after --decay games")
	fs.Int64Var(&cfg.Decay, "decay", 2000000, "games over which the learning rate falls to --alpha-end")
	fs.IntVar(&cfg.Workers, "workers", 1, "games at once on shared weights (1 is reproducible)")
	fs.Int64Var(&cfg.Checkpoint, "checkpoint", 10000, "games between checkpoints")
	fs.StringVar(&cfg.Dir, "dir", "", "checkpoint directory (required; training resumes from it)")
	variant := fs.String("variant", "short", "short or long nardi")
	from := fs.String("from", "", "start a new run from this network instead of random weights")
	ext := fs.Bool("ext", false, "give a short nardi network the extra inputs (shots, primes, anchors…)")
	judge := fs.String("judge", "", "judged positions (gzip JSON lines) to print the PR at checkpoints")
	out := fs.String("out", "", "write the final network here too")
	fs.BoolVar(&cfg.Lookahead, "lookahead", false, "learn from each position's value over all 21 rolls (slower, steadier targets)")
	fs.BoolVar(&cfg.Race, "race", false, "train a race network: --from plays until contact is broken, a copy of it learns the races")
	fs.BoolVar(&cfg.Late, "late", false, "train a late network: --from plays until a side is near home, a copy of it learns from there (with --race-net, to the race)")
	raceNet := fs.String("race-net", "", "learn only positions with contact, the races judged by this race network")
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	if cfg.Dir == "" {
		return fs.Fail("--dir DIR is needed: the checkpoints go there")
	}
	cfg.Alpha, cfg.AlphaEnd = float32(*alpha), float32(*alphaEnd)
	switch *variant {
	case "short":
	case "long":
		cfg.Long = true
	default:
		fmt.Fprintf(stderr, "nardi-lab train: unknown variant %q (want short or long)\n", *variant)
		return 2
	}
	if *ext {
		cfg.Inputs = ai.NumInputs + ai.ExtInputs
	}
	if cfg.Long && (*ext || *judge != "" || cfg.Lookahead || cfg.Race) {
		fmt.Fprintln(stderr, "nardi-lab train: --ext, --judge, --lookahead and --race are for short nardi networks")
		return 2
	}
	if (cfg.Race || cfg.Late) && *from == "" {
		fmt.Fprintln(stderr, "nardi-lab train: --race and --late need --from, the network of the whole game")
		return 2
	}
	var err error
	if *from != "" {
		if cfg.From, err = readNet(*from); err != nil {
			fmt.Fprintln(stderr, "nardi-lab train:", err)
			return 2
		}
	}
	if cfg.Judge, err = judgeOf(*judge); err != nil {
		fmt.Fprintln(stderr, "nardi-lab train:", err)
		return 2
	}
	if *raceNet != "" {
		if cfg.RaceNet, err = readNet(*raceNet); err != nil {
			fmt.Fprintln(stderr, "nardi-lab train:", err)
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
	return runTraining("train", *out, stderr, func(ctx context.Context) (*ai.Net, error) { return train.TD(ctx, cfg) })
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
		fmt.Fprintf(stderr, "nardi-lab %s: %v\n", name, err)
		return 1
	}
	return 0
}
