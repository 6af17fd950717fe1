package main

import (
	"fmt"
	"io"
	"math"
	"strings"

	"nardi/ai"
	"nardi/ai/train"
	"nardi/internal/cli"
	"nardi/rules"
)

// teachLuck is "nardi-lab teach luck --in REC[,REC...] [--vs REC[,REC...]]":
// the points a game of recorded games against gnubg 0-ply
// (scripts/play-gnubg.sh --record), as they fell and with the luck of the
// dice taken out (train.LuckAdjusted), each with a 95% confidence interval
// over the duplicate pairs; with --vs, records of the same dice by
// another player in our seat, file by file, and the two paired game by
// game.
func teachLuck(args []string, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "teach luck", "--in REC[,REC...] [--vs REC[,REC...]] [--net NET --race NET] [--workers 2]")
	in := fs.String("in", "", "game records, comma-separated (gzip-ed when named .gz)")
	vs := fs.String("vs", "", "records of the same dice (the same seeds, in the same order) to pair with --in's")
	netPath := fs.String("net", "ai/weights/net.bin", "the network that judges the luck")
	racePath := fs.String("race", "ai/weights/race.bin", "its race network")
	workers := fs.Int("workers", 2, "games judged at once")
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "nardi-lab teach luck:", err)
		return 1
	}
	if *in == "" || *workers < 1 {
		return fs.Fail("--in REC is needed, and --workers 1 or more")
	}
	net, err := readPair(*netPath, *racePath)
	if err != nil {
		return fail(err)
	}
	a, err := judgeRecords(net, strings.Split(*in, ","), *workers)
	if err != nil {
		return fail(err)
	}
	printLuck(stdout, *in, a)
	if *vs == "" {
		return 0
	}
	files := strings.Split(*vs, ",")
	if len(files) != len(strings.Split(*in, ",")) {
		return fail(fmt.Errorf("--vs has %d records, --in %d: pair them file by file", len(files), len(strings.Split(*in, ","))))
	}
	b, err := judgeRecords(net, files, *workers)
	if err != nil {
		return fail(err)
	}
	printLuck(stdout, *vs, b)
	var raw, adj []float64
	for key, x := range a {
		if y, ok := b[key]; ok {
			raw, adj = append(raw, x.raw-y.raw), append(adj, x.adj-y.adj)
		}
	}
	if len(raw) < 2 {
		return fail(fmt.Errorf("%d duplicate pairs in both: too few to compare", len(raw)))
	}
	fmt.Fprintf(stdout, "paired over %d duplicate pairs (%d games each): points %s, luck taken out %s\n",
		len(raw), 2*len(raw), interval(raw), interval(adj))
	return 0
}

// pairKey names a duplicate pair: the record's place among the files and
// the pair's number in it.
type pairKey struct{ file, pair int }

// pairScore is a duplicate pair's mean points, as they fell (raw) and with
// the luck taken out (adj).
type pairScore struct{ raw, adj float64 }

// judgeRecords reads the record files and returns the scores of their
// whole duplicate pairs (a game whose partner is missing is left out).
func judgeRecords(net *ai.Net, files []string, workers int) (map[pairKey]pairScore, error) {
	type item struct {
		file int
		game train.GameRecord
		adj  float64 // the game's points with the luck taken out
	}
	var items []*item
	for i, path := range files {
		games, err := train.ReadGameRecordsFile(path)
		if err != nil {
			return nil, err
		}
		for _, g := range games {
			items = append(items, &item{file: i, game: g})
		}
	}
	err := cli.OnWorkers(workers, items, nil, io.Discard, func(it *item) (string, error) {
		it.adj = train.LuckAdjusted(ai.NewEvaluator(net, rules.Standard, rules.WithKoks), it.game)
		return "", nil
	})
	if err != nil {
		return nil, err
	}
	games := map[pairKey][]int{}
	for i, it := range items {
		k := pairKey{it.file, (it.game.N + 1) / 2}
		games[k] = append(games[k], i)
	}
	out := map[pairKey]pairScore{}
	for k, is := range games {
		if len(is) != 2 {
			continue
		}
		var s pairScore
		for _, i := range is {
			s.raw += float64(items[i].game.Points) / 2
			s.adj += items[i].adj / 2
		}
		out[k] = s
	}
	return out, nil
}

// printLuck writes the points a game of the pairs, as they fell and with
// the luck taken out.
func printLuck(w io.Writer, name string, scores map[pairKey]pairScore) {
	var raw, adj []float64
	for _, s := range scores {
		raw, adj = append(raw, s.raw), append(adj, s.adj)
	}
	fmt.Fprintf(w, "%s: %d games in %d duplicate pairs: points a game %s, luck taken out %s\n",
		name, 2*len(raw), len(raw), interval(raw), interval(adj))
}

// interval is the mean of xs with its 95% confidence interval and the
// standard deviation of one x.
func interval(xs []float64) string {
	n := float64(len(xs))
	if n < 2 {
		return "(too few)"
	}
	var mean, ss float64
	for _, x := range xs {
		mean += x
	}
	mean /= n
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(ss / (n - 1))
	half := 1.96 * sd / math.Sqrt(n)
	return fmt.Sprintf("%+.3f [%+.3f, %+.3f] (sd of a pair %.2f)", mean, mean-half, mean+half, sd)
}
