package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// Flags is a command's flag set together with its help: the synopsis
// lines, what it reads from stdin, and its flags. Every command of both
// programs prints its help this way with -h or --help, on stdout.
type Flags struct {
	*flag.FlagSet
	prog, name string
	synopsis   []string
	input      string
	about      string
	stderr     io.Writer
}

// NewFlags returns the flag set of the command name of the program prog
// (such as "nardi" and "render"), whose errors go to stderr. Each synopsis
// line is what follows "usage: PROG NAME", such as
// "--pos POSID [--dice 65] --out FILE".
func NewFlags(stderr io.Writer, prog, name string, synopsis ...string) *Flags {
	fs := flag.NewFlagSet(prog+" "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {} // Parse prints the help itself, on the right stream
	return &Flags{FlagSet: fs, prog: prog, name: name, synopsis: synopsis, stderr: stderr}
}

// Input describes, for the help, what the command reads from stdin.
func (f *Flags) Input(text string) *Flags {
	f.input = text
	return f
}

// About adds, for the help, a paragraph on what the command does or
// what it is configured by.
func (f *Flags) About(text string) *Flags {
	f.about = text
	return f
}

// Usage writes the command's help to w: its synopsis, its input and its
// flags.
func (f *Flags) Usage(w io.Writer) {
	for i, s := range f.synopsis {
		lead := "usage: "
		if i > 0 {
			lead = "       "
		}
		fmt.Fprintf(w, "%s%s %s %s\n", lead, f.prog, f.name, s)
	}
	if len(f.synopsis) == 0 {
		fmt.Fprintf(w, "usage: %s %s\n", f.prog, f.name)
	}
	if f.about != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(f.about))
	}
	if f.input != "" {
		fmt.Fprintf(w, "\ninput (stdin): %s\n", strings.TrimSpace(f.input))
	}
	hasFlags := false
	f.VisitAll(func(*flag.Flag) { hasFlags = true })
	if hasFlags {
		fmt.Fprintln(w, "\nflags:")
		f.SetOutput(w)
		f.PrintDefaults()
		f.SetOutput(f.stderr)
	}
}

// Parse parses the command's arguments. With -h or --help it prints the
// help on stdout and returns 0 and false; a bad flag is refused with the
// help on stderr, 2 and false. ok is true when the command is to run.
func (f *Flags) Parse(args []string, stdout io.Writer) (code int, ok bool) {
	err := f.FlagSet.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		f.Usage(stdout)
		return 0, false
	case err != nil:
		f.Usage(f.stderr)
		return 2, false
	}
	return 0, true
}

// Fail prints "PROG NAME: " and the message, then the help, on stderr and
// returns 2: the exit status of a command asked for wrongly.
func (f *Flags) Fail(format string, a ...any) int {
	fmt.Fprintf(f.stderr, "%s %s: %s\n\n", f.prog, f.name, fmt.Sprintf(format, a...))
	f.Usage(f.stderr)
	return 2
}

// newFlags is NewFlags for a command of the nardi binary.
func newFlags(stderr io.Writer, name string, synopsis ...string) *Flags {
	return NewFlags(stderr, "nardi", name, synopsis...)
}
