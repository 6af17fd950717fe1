// Command nardi-lab is the lab of the nardi bot: it trains, distils,
// prunes, averages and teaches the computer opponent's networks, and
// measures them by self-play and against judged positions. The networks
// it makes are shipped in ai/weights; the bot itself is the nardi binary.
package main

import (
	"io"
	"os"

	"nardi/internal/cli"
)

// lab is the program's command line.
var lab = cli.Program{
	Name:  "nardi-lab",
	About: "nardi-lab: the lab that trains and measures the nardi bot's networks.",
	Commands: []cli.Command{
		{Name: "train", Summary: "train the evaluator by self-play, resuming from checkpoints: nardi-lab train --dir DIR", Run: cmdTrain},
		{Name: "distill", Summary: "fit the evaluator to its own values two rolls ahead over self-play positions: nardi-lab distill --dir DIR", Run: cmdDistill},
		{Name: "prune", Summary: "train the small network that ranks plays for the searches: nardi-lab prune --out FILE", Run: cmdPrune},
		{Name: "average", Summary: "average a training run's checkpoints into one network: nardi-lab average --out FILE NET...", Run: cmdAverage},
		{Name: "teach", Summary: "fit the evaluator to GNU Backgammon's labels (ai/train/data), and its tools: judge, differ, candidates, plays, blend, luck, long-data", Run: cmdTeach},
		{Name: "selfplay", Summary: "play games between two levels and print points per game: nardi-lab selfplay --games N", Run: cmdSelfplay},
	},
}

func main() {
	os.Exit(lab.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// newFlags is cli.NewFlags for a command of the lab.
func newFlags(stderr io.Writer, name string, synopsis ...string) *cli.Flags {
	return cli.NewFlags(stderr, "nardi-lab", name, synopsis...)
}
