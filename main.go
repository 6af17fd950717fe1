// Command nardi is a Telegram bot for short nardi, and the tools around it:
// the rules engine, the computer opponent and the board picture, each usable
// from the command line.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
)

// command is one subcommand of the binary.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands lists every subcommand; main dispatches on the first argument.
var commands = map[string]command{
	"best":     {"choose the computer's play for POSID D1 D2 lines from stdin, as JSON lines", cmdBest},
	"health":   {"ask the running bot's /healthz (NARDI_LISTEN); exit 0 when healthy", cmdHealth},
	"export":   {"write a game or match as a .mat record for GNU Backgammon: nardi export --db FILE [--game ID]", cmdExport},
	"cube":     {"decide the cube for POSID MATCHID lines from stdin (double now? take?), as JSON lines", cmdCube},
	"render":   {"draw boards as PNG: nardi render --pos POSID [--dice 65] --out board.png, or --out-dir DIR", cmdRender},
	"serve":    {"run the Telegram bot (TELEGRAM_BOT_TOKEN, TELEGRAM_API_URL, NARDI_DB, NARDI_LISTEN, NARDI_METRICS_LISTEN, NARDI_WEBHOOK_URL, NARDI_PUBLIC_URL, LOG_LEVEL...)", cmdServe},
	"selfplay": {"play games between two levels and print points per game", cmdSelfplay},
	"moves":    {"list the legal plays of POSID D1 D2 lines read from stdin, as JSON lines", cmdMoves},
	"show":     {"print a position as a text board: nardi show POSID", cmdShow},
	"train":    {"train the evaluator by self-play, resuming from checkpoints", cmdTrain},
	"distill":  {"fit the evaluator to its own values two rolls ahead over self-play positions, resuming from its files", cmdDistill},
	"prune":    {"train the small network that ranks plays for the searches", cmdPrune},
	"teach":    {"fit the evaluator to GNU Backgammon's labels (ai/train/data); teach judge: PR of network files", cmdTeach},
	"average":  {"average a training run's checkpoints into one network: nardi average --out FILE NET...", cmdAverage},
	"version":  {"print the build's version (also nardi --version)", cmdVersion},
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	if args[0] == "--version" {
		args[0] = "version"
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "nardi: unknown command %q\n\n", args[0])
		usage(stderr)
		return 2
	}
	return c.run(args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: nardi <command> [flags]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(w, "  %-9s %s\n", name, commands[name].summary)
	}
}
