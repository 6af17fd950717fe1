package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"nardi/ai"
	"nardi/rules"
)

// TestTeachDiffer puts the same decisions to master and to the network
// alone: every line printed is a decision where they chose differently,
// each result a legal play's; a player against itself differs nowhere, nor
// master tuned to its best play at 0-ply against the network alone; --only
// puts races or contact alone. Master, whose search is slow, is put the
// first 5 decisions, and then against itself those among them where it
// chose otherwise than the network alone (where its search decides).
func TestTeachDiffer(t *testing.T) {
	t.Parallel()
	differ := func(count int, args ...string) []string {
		t.Helper()
		var stdout, stderr bytes.Buffer
		all := append([]string{"teach", "differ", "--data", "ai/train/testdata", "--parts", "10", "--count", strconv.Itoa(count), "--workers", "2"}, args...)
		if code := run(all, nil, &stdout, &stderr); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
		lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
		if !strings.HasPrefix(lines[0], fmt.Sprintf("# %d decisions, ", count)) || !strings.Contains(lines[0], fmt.Sprintf(" %d differ;", len(lines)-1)) {
			t.Fatalf("header %q for %d lines", lines[0], len(lines)-1)
		}
		return lines[1:]
	}
	const count = 5
	lines := differ(count, "--b-level", "net")
	if len(lines) == 0 {
		t.Fatalf("master and the network alone chose alike on all %d decisions", count)
	}
	var apart strings.Builder // the decisions where they differ, as --positions reads them
	for _, l := range lines {
		f := strings.Split(l, "\t")
		if len(f) != 5 || f[3] == f[4] || len(f[2]) != 2 {
			t.Fatalf("line %q", l)
		}
		fmt.Fprintf(&apart, "%s %c %c\n", f[1], f[2][0], f[2][1])
		p, err := rules.ParsePositionID(f[1])
		if err != nil {
			t.Fatal(err)
		}
		d := rules.Dice{int(f[2][0] - '0'), int(f[2][1] - '0')}
		_, results := rules.LegalPlays(p, d, rules.Standard)
		var ids []string
		for _, r := range results {
			ids = append(ids, resultID(r))
		}
		for _, r := range f[3:] {
			if !slices.Contains(ids, r) {
				t.Errorf("%s with %v: %s is no legal play's result", f[1], d, r)
			}
		}
	}
	path := filepath.Join(t.TempDir(), "apart")
	if err := os.WriteFile(path, []byte(apart.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if same := differ(len(lines), "--positions", path); len(same) != 0 {
		t.Errorf("master against itself differs on %d decisions: %q", len(same), same)
	}
	// Master tuned to its best play at 0-ply chooses as the network alone.
	if tuned := differ(16, "--a-level", "net", "--b-tune", "keep1=1"); len(tuned) != 0 {
		t.Errorf("master tuned keep1=1 and the network alone differ on %d decisions", len(tuned))
	}
	// --only splits the positions into races and contact; a race network
	// of its own for B (the main one judging races) changes only the
	// choices its races decide.
	decisions := func(only string) (int, []string) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		args := []string{"teach", "differ", "--data", "ai/train/testdata", "--parts", "2,10", "--count", "1000", "--only", only, "--a-level", "net", "--b-level", "net", "--b-race", "ai/weights/net.bin"}
		if code := run(args, nil, &stdout, &stderr); code != 0 {
			t.Fatalf("--only %q: exit %d: %s", only, code, stderr.String())
		}
		lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
		var n int
		if _, err := fmt.Sscanf(lines[0], "# %d decisions", &n); err != nil {
			t.Fatalf("header %q: %v", lines[0], err)
		}
		return n, lines[1:]
	}
	all, _ := decisions("")
	races, raceLines := decisions("race")
	contacts, _ := decisions("contact")
	if races == 0 || contacts == 0 || races+contacts != all {
		t.Errorf("races %d + contact %d against %d decisions in all", races, contacts, all)
	}
	if len(raceLines) == 0 {
		t.Error("the two race networks chose alike in every race")
	}
	for _, l := range raceLines {
		p, err := rules.ParsePositionID(strings.Split(l, "\t")[1])
		if err != nil || ai.Contact(&p) {
			t.Errorf("--only race put %q (%v)", l, err)
		}
	}
	var stderr bytes.Buffer
	if code := run([]string{"teach", "differ", "--only", "crashed"}, nil, &bytes.Buffer{}, &stderr); code != 2 || !strings.Contains(stderr.String(), "--only") {
		t.Errorf("--only crashed: exit %d, %q", code, stderr.String())
	}
	stderr.Reset()
	if code := run([]string{"teach", "differ", "--b-tune", "nope=1"}, nil, &bytes.Buffer{}, &stderr); code != 1 || !strings.Contains(stderr.String(), "player B") {
		t.Errorf("--b-tune nope=1: exit %d, %q", code, stderr.String())
	}
	stderr.Reset()
	if code := run([]string{"teach", "differ", "--data", "ai/train/testdata", "--parts", "99"}, nil, &bytes.Buffer{}, &stderr); code != 1 || !strings.Contains(stderr.String(), "no teacher's part 99") {
		t.Errorf("--parts 99: exit %d, %q", code, stderr.String())
	}
	stderr.Reset()
	if code := run([]string{"teach", "differ", "--parts", "x"}, nil, &bytes.Buffer{}, &stderr); code != 2 || !strings.Contains(stderr.String(), "bad part") {
		t.Errorf("--parts x: exit %d, %q", code, stderr.String())
	}
}

// TestTeachDifferPositions puts a file's decisions: its lines in order,
// comments and blank lines skipped, a malformed line named by its number.
func TestTeachDifferPositions(t *testing.T) {
	path := filepath.Join(t.TempDir(), "decisions")
	write := func(text string) {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("# our decisions\n4HPwATDgc/ABMA 6 4\n\n4HPwATDgc/ABMA 3 1\n4HPwATDgc/ABMA 5 5\n")
	var stdout, stderr bytes.Buffer
	args := []string{"teach", "differ", "--positions", path, "--a-level", "net", "--b-level", "net", "--count", "2"}
	if code := run(args, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if got := stdout.String(); !strings.HasPrefix(got, "# 2 decisions, 0 differ;") || !strings.Contains(got, "positions "+path) {
		t.Errorf("the network against itself on two of the file's decisions: %q", got)
	}
	write("4HPwATDgc/ABMA 6 4\n4HPwATDgc/ABMA 7 1\n")
	stdout.Reset()
	stderr.Reset()
	if code := run(args, nil, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), path+":2:") {
		t.Errorf("a die of 7 on line 2: exit %d, %q", code, stderr.String())
	}
}
