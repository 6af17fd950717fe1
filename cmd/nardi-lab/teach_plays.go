package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"nardi/ai/train"
)

// teachPlays is "nardi-lab teach plays": each part of candidates in a folder
// (cand-KKKK.tsv.gz) written again as a part of plays (plays-KKKK.tsv.gz,
// about half the bytes; train.CompactPart), checked by reading it back;
// with --remove, the part of candidates is then removed.
func teachPlays(args []string, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "teach plays", "[--data DIR] [--in DIR] [--out DIR] [--remove]")
	data := fs.String("data", "ai/train/data", "the teacher's parts (teacher-KKKK.tsv.gz)")
	in := fs.String("in", "ai/train/data/cand", "the parts of candidates")
	dir := fs.String("out", "ai/train/data/cand", "the parts of plays' folder")
	remove := fs.Bool("remove", false, "remove each part of candidates once its part of plays is written")
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	parts, err := train.ListCandidates(*in)
	if err == nil {
		err = os.MkdirAll(*dir, 0o755)
	}
	if err != nil {
		fmt.Fprintln(stderr, "nardi-lab teach plays:", err)
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
			fmt.Fprintln(stderr, "nardi-lab teach plays:", err)
			return 1
		}
		st, err := os.Stat(p.Path)
		if err != nil {
			fmt.Fprintln(stderr, "nardi-lab teach plays:", err)
			return 1
		}
		before, after = before+st.Size(), after+size
		if *remove {
			if err := os.Remove(p.Path); err != nil {
				fmt.Fprintln(stderr, "nardi-lab teach plays:", err)
				return 1
			}
		}
		fmt.Fprintf(stdout, "part %d: %d bytes, was %d\n", p.Number, size, st.Size())
	}
	fmt.Fprintf(stdout, "%d bytes, were %d\n", after, before)
	return 0
}
