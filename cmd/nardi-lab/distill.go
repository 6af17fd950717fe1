package main

import (
	"context"
	"fmt"
	"io"

	"nardi/ai"
	"nardi/ai/train"
)

// cmdDistill is "nardi-lab distill": the evaluator fitted to its own values
// two rolls ahead (ai.Distill).
func cmdDistill(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "distill", "--dir DIR [--from NET] [--games 2000] [--epochs 10] [--candidates N] [--judge SET] [--out FILE]")
	cfg := train.DistillConfig{Log: stdout}
	from := fs.String("from", "ai/weights/net.bin", "the teacher network, and the student's start")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "random seed of the games and of the fit's order")
	fs.IntVar(&cfg.Games, "games", 2000, "self-play games whose positions are fitted")
	fs.IntVar(&cfg.Workers, "workers", 1, "blocks of games made at once (the targets do not depend on it)")
	fs.IntVar(&cfg.Epochs, "epochs", 10, "passes of the fit over the targets")
	fs.IntVar(&cfg.Candidates, "candidates", 0, "when above 0, fit the results of each decision's best so many plays instead of the positions met")
	prunerPath := fs.String("pruner", "ai/weights/prune.bin", "the teacher's pruner, for the candidates' targets (empty: none)")
	alpha := fs.Float64("alpha", 0.01, "the fit's learning rate in its first epoch")
	alphaEnd := fs.Float64("alpha-end", 0.002, "the fit's learning rate in its last epoch")
	fs.StringVar(&cfg.Dir, "dir", "", "where the targets and the fitted epochs go (required; a run resumes from them)")
	judge := fs.String("judge", "", "judged positions (gzip JSON lines) to print the PR after each epoch")
	out := fs.String("out", "", "write the final network here too")
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	if cfg.Dir == "" {
		return fs.Fail("--dir DIR is needed: the targets and the fitted epochs go there")
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
		fmt.Fprintln(stderr, "nardi-lab distill:", err)
		return 2
	}
	return runTraining("distill", *out, stderr, func(ctx context.Context) (*ai.Net, error) { return train.Distill(ctx, cfg) })
}
