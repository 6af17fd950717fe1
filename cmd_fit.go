package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"nardi/ai"
)

// cmdFit is "nardi fit --from NET --games N --samples DIR --out NET":
// self-play positions of the network with their chances one roll ahead
// (kept in DIR, so a run resumes), then the network fitted to them.
func cmdFit(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "the network to start from (and to play the games)")
	games := fs.Int64("games", 20000, "self-play games to take positions from")
	chunk := fs.Int64("chunk", 1000, "games per samples file")
	dir := fs.String("samples", "samples", "directory of the samples files (a run resumes from them)")
	seed := fs.Uint64("seed", 1, "seed of the games and of the fitting order")
	workers := fs.Int("workers", 1, "games played at once while sampling")
	epochs := fs.Int("epochs", 4, "passes over the samples")
	alpha := fs.Float64("alpha", 0.01, "learning rate at the start (it falls to a tenth)")
	judge := fs.String("judge", "", "judged positions (gzip JSON lines): print the 0-ply PR before and after")
	out := fs.String("out", "", "where to write the fitted network")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *from == "" || *out == "" {
		fmt.Fprintln(stderr, "nardi fit: --from and --out are needed")
		return 2
	}
	net := new(ai.Net)
	data, err := os.ReadFile(*from)
	if err == nil {
		err = net.UnmarshalBinary(data)
	}
	if err != nil {
		fmt.Fprintln(stderr, "nardi fit:", err)
		return 2
	}
	var set []ai.JudgedPosition
	if *judge != "" {
		if set, err = ai.LoadJudged(*judge); err != nil {
			fmt.Fprintln(stderr, "nardi fit:", err)
			return 2
		}
		pr, _ := ai.Judge0(net, set)
		fmt.Fprintf(stdout, "before: PR(0-ply) %.3f\n", pr)
	}
	samples, err := ai.SampleDir(net, *dir, *games, *chunk, *seed, *workers, stdout)
	if err != nil {
		fmt.Fprintln(stderr, "nardi fit:", err)
		return 1
	}
	mse := ai.Fit(net, samples, *epochs, float32(*alpha), *seed)
	fmt.Fprintf(stdout, "fitted on %d positions, %d epochs: mean squared error %.5f\n", len(samples), *epochs, mse)
	if set != nil {
		pr, _ := ai.Judge0(net, set)
		fmt.Fprintf(stdout, "after: PR(0-ply) %.3f\n", pr)
	}
	if data, err = net.MarshalBinary(); err == nil {
		err = os.WriteFile(*out, data, 0o644)
	}
	if err != nil {
		fmt.Fprintln(stderr, "nardi fit:", err)
		return 1
	}
	return 0
}
