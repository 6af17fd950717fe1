package main

import (
	"fmt"
	"io"
	"os"

	"nardi/ai"
	"nardi/ai/train"
)

// cmdAverage is "nardi-lab average --out FILE NET...": the mean of a run's
// checkpoints, weight by weight.
func cmdAverage(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "average", "--out FILE NET...")
	out := fs.String("out", "", "where to write the mean network")
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	if *out == "" || fs.NArg() == 0 {
		return fs.Fail("--out FILE and at least one network are needed")
	}
	var nets []*ai.Net
	for _, name := range fs.Args() {
		n, err := readNet(name)
		if err != nil {
			fmt.Fprintln(stderr, "nardi-lab average:", err)
			return 2
		}
		nets = append(nets, n)
	}
	avg, err := train.Average(nets...)
	var data []byte
	if err == nil {
		data, err = avg.MarshalBinary()
	}
	if err == nil {
		err = os.WriteFile(*out, data, 0o644)
	}
	if err != nil {
		fmt.Fprintln(stderr, "nardi-lab average:", err)
		return 1
	}
	fmt.Fprintf(stdout, "averaged %d networks into %s\n", len(nets), *out)
	return 0
}
