package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"nardi/ai"
	"nardi/ai/train"
	"nardi/internal/cli"
)

// teachLongData is "nardi-lab teach long-data --from K1 --to K2 --out DIR":
// long nardi's teacher parts made by its own network's deeper search
// (train.LongPart), each part from its number alone, on --workers
// goroutines. Parts already in DIR (their positions) are kept, so a
// stopped run resumes.
func teachLongData(args []string, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "teach long-data", "--out DIR [--net NET] [--from K] [--to K] [--workers 1]")
	netPath := fs.String("net", "ai/weights/long.bin", "the long nardi network that plays and labels")
	first := fs.Int("from", 1, "the first part")
	last := fs.Int("to", 100, "the last part")
	dir := fs.String("out", "", "the parts' folder (required), such as ai/train/data/long")
	workers := fs.Int("workers", 1, "parts made at once")
	cfg := train.DefaultLong
	fs.IntVar(&cfg.Positions, "positions", cfg.Positions, "positions a part")
	fs.IntVar(&cfg.Depth, "depth", cfg.Depth, "rolls ahead of the positions' labels")
	fs.IntVar(&cfg.CandDepth, "cand-depth", cfg.CandDepth, "rolls ahead of the candidates' labels")
	fs.IntVar(&cfg.Cands.Top, "top", cfg.Cands.Top, "the network's best plays of a roll taken as candidates")
	fs.IntVar(&cfg.Cands.Others, "others", cfg.Cands.Others, "other plays of the roll drawn at random")
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	if *dir == "" {
		return fs.Fail("--out DIR is needed: the parts go there")
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "nardi-lab teach long-data:", err)
		return 1
	}
	if *first < 0 || *last < *first || cfg.Positions < 1 || cfg.Depth < 0 || cfg.CandDepth < 0 {
		return fail(errors.New("want 0 <= --from <= --to, --positions >= 1 and depths >= 0"))
	}
	net, err := train.ReadNet(*netPath)
	if err != nil {
		return fail(err)
	}
	if net.Inputs != ai.LongInputs {
		return fail(fmt.Errorf("%s has %d inputs: not a long nardi network (%d)", *netPath, net.Inputs, ai.LongInputs))
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return fail(err)
	}
	done, err := train.ListLongParts(*dir)
	if err != nil {
		return fail(err)
	}
	have := map[int]bool{}
	for _, p := range done {
		have[p.Number] = true
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ev := ai.NewLongEvaluator(net)
	var todo []int
	for k := *first; k <= *last; k++ {
		if !have[k] {
			todo = append(todo, k)
		}
	}
	err = cli.OnWorkers(*workers, todo, func() bool { return ctx.Err() != nil }, stdout, func(k int) (string, error) {
		start := time.Now()
		err := train.WriteLongPart(*dir, ev, k, cfg)
		return fmt.Sprintf("%s part %d in %s", time.Now().Format(time.TimeOnly), k, time.Since(start).Round(time.Second)), err
	})
	if err != nil {
		return fail(err)
	}
	fmt.Fprintf(stdout, "long nardi parts %d..%d in %s\n", *first, *last, filepath.Clean(*dir))
	return 0
}
