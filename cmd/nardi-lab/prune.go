package main

import (
	"context"
	"fmt"
	"io"

	"nardi/ai"
	"nardi/ai/train"
)

// cmdPrune is "nardi-lab prune": a small network trained to rank plays as the
// evaluator does, for the searches to look only at its best few.
func cmdPrune(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "prune", "--out FILE [--from NET] [--games 20000] [--hidden 32]")
	cfg := train.PruneConfig{Log: stdout}
	from := fs.String("from", "ai/weights/net.bin", "the network whose judgement the pruner learns")
	fs.IntVar(&cfg.Hidden, "hidden", 32, "the pruner's hidden units")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "random seed of the weights and the games")
	fs.IntVar(&cfg.Games, "games", 20000, "self-play games whose plays are learnt from")
	alpha := fs.Float64("alpha", 0.1, "learning rate at the start")
	alphaEnd := fs.Float64("alpha-end", 0.01, "learning rate at the last game")
	out := fs.String("out", "", "where the pruner goes (required)")
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	if *out == "" {
		return fs.Fail("--out FILE is needed: the pruner goes there")
	}
	cfg.Alpha, cfg.AlphaEnd = float32(*alpha), float32(*alphaEnd)
	var err error
	if cfg.Teacher, err = readNet(*from); err != nil {
		fmt.Fprintln(stderr, "nardi-lab prune:", err)
		return 2
	}
	return runTraining("prune", *out, stderr, func(ctx context.Context) (*ai.Net, error) { return train.TrainPruner(ctx, cfg) })
}
