// Command nardi is a Telegram bot for short and long nardi, and the tools
// around it that players and operators run: the rules engine, the
// computer opponent and the board picture, each usable from the command
// line (package nardi/internal/cli). The lab that trains the networks is
// another program, cmd/nardi-lab.
package main

import (
	"os"

	"nardi/internal/cli"
)

func main() {
	os.Exit(cli.Nardi.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
