package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"nardi/ai"
	"nardi/ai/train"
	"nardi/rules"
)

// teachCandidates is "nardi-lab teach candidates": for each teacher's part in
// a range, the candidate plays of one roll a position
// (train.WriteCandidates) as DIR/cand-KKKK.list, for the teacher to label
// (scripts/label-candidates.sh). Lists already there are kept.
func teachCandidates(args []string, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "teach candidates", "--out DIR [--data DIR] [--from K] [--to K] [--round R] [--net NET]")
	data := fs.String("data", "ai/train/data", "the dataset's folder (teacher-KKKK.tsv.gz parts)")
	first := fs.Int("from", 1, "the first part")
	last := fs.Int("to", 1000, "the last part")
	dir := fs.String("out", "", "the lists' folder (required)")
	round := fs.Int("round", 1, "round R draws other rolls: part K's list is numbered K+10000(R-1)")
	cfg := train.DefaultCandidates
	fs.IntVar(&cfg.Top, "top", cfg.Top, "the network's best plays taken")
	fs.IntVar(&cfg.Others, "others", cfg.Others, "other plays drawn at random")
	from := fs.String("net", "", "rank the plays with this network, beside ai/weights/race.bin (default: the shipped ones)")
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	if *dir == "" {
		return fs.Fail("--out DIR is needed: the lists go there")
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "nardi-lab teach candidates:", err)
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
