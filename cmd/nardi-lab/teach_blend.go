package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"nardi/ai"
	"nardi/ai/train"
	"nardi/internal/cli"
	"nardi/rules"
)

// teachBlend is "nardi-lab teach blend": each part of plays in a folder
// written again into another, its chances blended with those our own
// search sees two rolls ahead (train.BlendPart). Parts already written are
// kept, so a stopped run resumes.
func teachBlend(args []string, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "teach blend", "--out DIR [--in DIR] [--data DIR] [--weight 0.5] [--net NET --race NET --prune NET] [--workers 2]")
	data := fs.String("data", "ai/train/data", "the teacher's parts (teacher-KKKK.tsv.gz)")
	in := fs.String("in", "ai/train/data/near", "the parts of plays to blend")
	dir := fs.String("out", "", "the blended parts' folder (its parts are read with the teacher's parts in it or the folder above)")
	weight := fs.Float64("weight", 0.5, "our search's share of the chances, 0 to 1")
	net := fs.String("net", "ai/weights/net.bin", "the network that searches")
	race := fs.String("race", "ai/weights/race.bin", "its race network")
	prune := fs.String("prune", "ai/weights/prune.bin", "its pruner")
	workers := fs.Int("workers", 2, "parts blended at once")
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "nardi-lab teach blend:", err)
		return 1
	}
	if *dir == "" || *workers < 1 {
		return fs.Fail("--out DIR is needed, and --workers 1 or more")
	}
	pair, err := readPair(*net, *race)
	if err == nil {
		err = setPruner(pair, *prune)
	}
	if err == nil {
		err = os.MkdirAll(*dir, 0o755)
	}
	if err != nil {
		return fail(err)
	}
	parts, err := train.ListCandidates(*in)
	if err != nil {
		return fail(err)
	}
	ev := ai.NewEvaluator(pair, rules.Standard, rules.WithKoks)
	var todo []train.Part
	for _, p := range parts {
		if !strings.HasPrefix(filepath.Base(p.Path), "plays-") {
			continue
		}
		if _, err := os.Stat(filepath.Join(*dir, fmt.Sprintf("plays-%04d.tsv.gz", p.Number))); err == nil {
			continue
		}
		todo = append(todo, p)
	}
	err = cli.OnWorkers(*workers, todo, nil, stdout, func(p train.Part) (string, error) {
		parent := filepath.Join(*data, fmt.Sprintf("teacher-%04d.tsv.gz", p.Number%10000))
		out := filepath.Join(*dir, fmt.Sprintf("plays-%04d.tsv.gz", p.Number))
		n, err := train.BlendPart(p.Path, parent, out, ev, *weight, filepath.Base(*net))
		return fmt.Sprintf("part %d: %d candidates", p.Number, n), err
	})
	if err != nil {
		return fail(err)
	}
	return 0
}
