package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTeachLuck judges two recorded games against gnubg (each dealt twice,
// so two duplicate pairs) and pairs them with the same games scored the
// other way, gzip-ed: every pair differs by two points, with or without the luck,
// which itself is the same on both sides. Bad arguments and records are
// refused.
func TestTeachLuck(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("ai/train/testdata/games.rec")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "1 nardi -1 ") || !strings.HasPrefix(lines[1], "2 gnubg -1 ") {
		t.Fatalf("testdata: %q", lines)
	}
	dir := t.TempDir()
	a, won := filepath.Join(dir, "a.rec"), filepath.Join(dir, "b.rec")
	var recA, recB strings.Builder
	for n := 1; n <= 4; n++ {
		l := lines[(n-1)%2]
		rest := l[strings.Index(l, " "):]
		recA.WriteString(string(rune('0'+n)) + rest + "\n")
		recB.WriteString(string(rune('0'+n)) + strings.Replace(rest, " -1 ", " +1 ", 1) + "\n")
	}
	if err := os.WriteFile(a, []byte(recA.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	won += ".gz" // read through gzip
	var zb bytes.Buffer
	zw := gzip.NewWriter(&zb)
	zw.Write([]byte(recB.String()))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(won, zb.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"teach", "luck", "--in", a, "--vs", won, "--workers", "2"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{
		a + ": 4 games in 2 duplicate pairs: points a game -1.000 [-1.000, -1.000]",
		won + ": 4 games in 2 duplicate pairs: points a game +1.000 [+1.000, +1.000]",
		"paired over 2 duplicate pairs (4 games each): points -2.000 [-2.000, -2.000] (sd of a pair 0.00), luck taken out -2.000 [-2.000, -2.000] (sd of a pair 0.00)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("printed\n%s\nwithout %q", out, want)
		}
	}
	bad := filepath.Join(dir, "bad.rec")
	if err := os.WriteFile(bad, []byte("# x\n1 nardi +1 nonsense\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"teach", "luck"}, 2, "--in REC is needed"},
		{[]string{"teach", "luck", "--in", a, "--vs", a + "," + won}, 1, "pair them file by file"},
		{[]string{"teach", "luck", "--in", bad}, 1, "line 2"},
		{[]string{"teach", "luck", "--in", filepath.Join(dir, "none.rec")}, 1, "none.rec"},
	} {
		stdout.Reset()
		stderr.Reset()
		if code := run(c.args, nil, &stdout, &stderr); code != c.code || !strings.Contains(stderr.String(), c.says) {
			t.Errorf("%q: exit %d, %q; want %d saying %q", c.args, code, stderr.String(), c.code, c.says)
		}
	}
}
