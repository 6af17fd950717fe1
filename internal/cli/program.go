// Package cli is the command line of the nardi binary: its commands, and
// the dispatch, help and input helpers that the lab's program
// (cmd/nardi-lab) shares.
package cli

import (
	"fmt"
	"io"
)

// Command is one subcommand of a program.
type Command struct {
	Name    string // the word that selects it
	Summary string // one line for the program's usage
	// Run runs the command on the arguments after its name and returns the
	// exit status.
	Run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// Program is a binary made of subcommands.
type Program struct {
	Name     string    // the binary's name in usage lines
	About    string    // one line on what the program is for
	Commands []Command // in the order its usage lists them
}

// Run dispatches on the first argument. Without one it prints the usage on
// stderr and returns 2; "help", "-h" and "--help" print it on stdout and
// return 0 ("help COMMAND" is "COMMAND --help"); an unknown command is
// refused with the usage on stderr and 2.
func (p Program) Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		p.Usage(stderr)
		return 2
	}
	switch args[0] {
	case "--version":
		if c, ok := p.command("version"); ok {
			return c.Run(nil, stdin, stdout, stderr)
		}
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			if c, ok := p.command(args[1]); ok {
				return c.Run([]string{"--help"}, stdin, stdout, stderr)
			}
			fmt.Fprintf(stderr, "%s: unknown command %q\n\n", p.Name, args[1])
			p.Usage(stderr)
			return 2
		}
		p.Usage(stdout)
		return 0
	}
	c, ok := p.command(args[0])
	if !ok {
		fmt.Fprintf(stderr, "%s: unknown command %q\n\n", p.Name, args[0])
		p.Usage(stderr)
		return 2
	}
	return c.Run(args[1:], stdin, stdout, stderr)
}

// command finds the command called name.
func (p Program) command(name string) (Command, bool) {
	for _, c := range p.Commands {
		if c.Name == name {
			return c, true
		}
	}
	return Command{}, false
}

// Usage writes the program's usage: what it is and its commands.
func (p Program) Usage(w io.Writer) {
	fmt.Fprintf(w, "%s\n\nusage: %s <command> [flags]   (%s <command> --help for its flags)\n\ncommands:\n", p.About, p.Name, p.Name)
	for _, c := range p.Commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.Name, c.Summary)
	}
}
