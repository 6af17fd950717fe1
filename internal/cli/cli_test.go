package cli

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// run runs the nardi binary's command line.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return Nardi.Run(args, stdin, stdout, stderr)
}

// TestUsage: no command prints the usage on stderr and exits 2; help asked
// for prints it on stdout and exits 0; an unknown command exits 2 with
// the usage on stderr. The usage lists the product's commands only.
func TestUsage(t *testing.T) {
	cases := []struct {
		args     []string
		code     int
		onStdout bool
	}{
		{nil, 2, false},
		{[]string{"help"}, 0, true},
		{[]string{"-h"}, 0, true},
		{[]string{"--help"}, 0, true},
		{[]string{"frobnicate"}, 2, false},
		{[]string{"help", "frobnicate"}, 2, false},
	}
	for _, c := range cases {
		var out, errOut bytes.Buffer
		code := run(c.args, nil, &out, &errOut)
		usage, other := errOut.String(), out.String()
		if c.onStdout {
			usage, other = other, usage
		}
		if code != c.code || !strings.Contains(usage, "usage: nardi <command>") || other != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", c.args, code, out.String(), errOut.String())
		}
		if strings.HasPrefix(strings.Join(c.args, " "), "frob") && !strings.Contains(errOut.String(), `unknown command "frobnicate"`) {
			t.Errorf("%q: stderr %q", c.args, errOut.String())
		}
	}
	var out bytes.Buffer
	run([]string{"help"}, nil, &out, io.Discard)
	for _, name := range []string{"serve", "health", "export", "moves", "best", "cube", "show", "render"} {
		if !strings.Contains(out.String(), "\n  "+name+" ") {
			t.Errorf("the usage lacks %s:\n%s", name, out.String())
		}
	}
	for _, lab := range []string{"train", "teach", "selfplay", "distill", "prune", "average"} {
		if strings.Contains(out.String(), "\n  "+lab+" ") {
			t.Errorf("the usage lists the lab's %s:\n%s", lab, out.String())
		}
	}
}

// TestCommandHelp: every command answers -h, --help and "nardi help
// COMMAND" with its synopsis and flags on stdout and exit 0, and does
// nothing else (show reads no position, health asks no endpoint, serve
// starts no bot).
func TestCommandHelp(t *testing.T) {
	t.Setenv("NARDI_LISTEN", "127.0.0.1:1") // were health to ask, it would fail
	for _, c := range Nardi.Commands {
		for _, args := range [][]string{{c.Name, "--help"}, {c.Name, "-h"}, {"help", c.Name}} {
			var out, errOut bytes.Buffer
			code := run(args, strings.NewReader("4HPwATDgc/ABMA 6 5\n"), &out, &errOut)
			if code != 0 || !strings.HasPrefix(out.String(), "usage: nardi "+c.Name) || errOut.Len() != 0 {
				t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out.String(), errOut.String())
			}
		}
	}
	var out bytes.Buffer
	run([]string{"render", "--help"}, nil, &out, io.Discard)
	for _, want := range []string{"usage: nardi render --pos POSID [--dice 65]", "--out FILE", "input (stdin):", "-portrait"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("render --help lacks %q:\n%s", want, out.String())
		}
	}
}

// TestBadFlag: an unknown flag exits 2 with the command's usage on
// stderr.
func TestBadFlag(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"moves", "--nope"}, nil, &out, &errOut); code != 2 || out.Len() != 0 ||
		!strings.Contains(errOut.String(), "-nope") || !strings.Contains(errOut.String(), "usage: nardi moves") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
}
