package main

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
)

// TestMain runs the tests from the module's root, where the lab's default
// files (ai/weights, ai/train/data) and the test data are found.
func TestMain(m *testing.M) {
	if err := os.Chdir("../.."); err != nil {
		panic(err)
	}
	os.Exit(m.Run())
}

// run runs the lab's command line.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return lab.Run(args, stdin, stdout, stderr)
}

// TestLabUsage: the lab's usage lists its commands, on stdout when asked
// for; without a command it goes to stderr with exit 2.
func TestLabUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"--help"}, nil, &out, &errOut); code != 0 || errOut.Len() != 0 {
		t.Fatalf("--help: exit %d, stderr %q", code, errOut.String())
	}
	for _, name := range []string{"train", "distill", "prune", "average", "teach", "selfplay"} {
		if !strings.Contains(out.String(), "\n  "+name+" ") {
			t.Errorf("the usage lacks %s:\n%s", name, out.String())
		}
	}
	out.Reset()
	if code := run(nil, nil, &out, &errOut); code != 2 || out.Len() != 0 || !strings.Contains(errOut.String(), "usage: nardi-lab <command>") {
		t.Errorf("no command: exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
}

// TestLabHelp: every command and every teach tool answers --help and -h
// with its synopsis on stdout and exit 0, and does no work.
func TestLabHelp(t *testing.T) {
	var calls [][]string
	for _, c := range lab.Commands {
		calls = append(calls, []string{c.Name, "--help"}, []string{c.Name, "-h"})
	}
	for _, c := range teachTools {
		calls = append(calls, []string{"teach", c.Name, "--help"}, []string{"teach", c.Name, "-h"})
	}
	for _, args := range calls {
		var out, errOut bytes.Buffer
		code := run(args, nil, &out, &errOut)
		want := "usage: nardi-lab " + strings.Join(args[:len(args)-1], " ")
		if code != 0 || !strings.HasPrefix(out.String(), want) || errOut.Len() != 0 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out.String(), errOut.String())
		}
	}
	var out bytes.Buffer
	run([]string{"teach", "--help"}, nil, &out, io.Discard)
	for _, c := range teachTools {
		if !strings.Contains(out.String(), "\n  "+c.Name+" ") {
			t.Errorf("teach --help lacks the tool %s:\n%s", c.Name, out.String())
		}
	}
}

// TestLabNeedsArguments: the commands that run for hours or write files
// do nothing without being told where (or how much): usage on stderr,
// exit 2, nothing written in the current folder.
func TestLabNeedsArguments(t *testing.T) {
	before, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"train"}, {"distill"}, {"prune"}, {"teach"}, {"teach", "candidates"}, {"teach", "long-data"}, {"selfplay"}, {"average"}} {
		var out, errOut bytes.Buffer
		if code := run(args, nil, &out, &errOut); code != 2 || out.Len() != 0 || !strings.Contains(errOut.String(), "usage: nardi-lab "+strings.Join(args, " ")) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out.String(), errOut.String())
		}
	}
	after, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != len(before) {
		t.Errorf("the current folder had %d entries, now %d", len(before), len(after))
	}
}

// TestSelfplay plays long nardi against the random baseline, and duplicate
// games of both variants with the luck taken out; an unknown player is
// refused.
func TestSelfplay(t *testing.T) {
	t.Parallel()
	var out, errOut bytes.Buffer
	if code := run([]string{"selfplay", "--variant", "long", "--games", "2", "--a", "beginner", "--b", "random"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("selfplay exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "beginner vs random, 2 games (long") || strings.Contains(out.String(), "luck") {
		t.Errorf("selfplay: %s", out.String())
	}
	for _, variant := range []string{"long", "short"} {
		out.Reset()
		if code := run([]string{"selfplay", "--variant", variant, "--games", "2", "--a", "beginner", "--b", "beginner", "--duplicate", "--luck"}, nil, &out, &errOut); code != 0 {
			t.Fatalf("selfplay --luck exit %d: %s", code, errOut.String())
		}
		if !strings.Contains(out.String(), "; luck taken out ") {
			t.Errorf("selfplay --variant %s --luck: %s", variant, out.String())
		}
	}
	if code := run([]string{"selfplay", "--variant", "long", "--games", "2", "--a", "clever"}, nil, &out, &errOut); code != 2 {
		t.Errorf("an unknown player: exit %d", code)
	}
}
