// Package traintest holds what the lab's tests share of its data: parts of
// candidates cut down to a few rolls, so that a test searches less.
package traintest

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
)

// FirstRolls writes at to the part of candidates at from (gzip-ed, and
// to may be from) with its comments and the candidates of its first n
// groups (rolls) only. It fails the test unless the part holds n groups
// or more.
func FirstRolls(tb testing.TB, from, to string, n int) {
	tb.Helper()
	f, err := os.Open(from)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		tb.Fatal(err)
	}
	text, err := io.ReadAll(zr)
	if err != nil {
		tb.Fatal(err)
	}
	var kept bytes.Buffer
	zw := gzip.NewWriter(&kept)
	groups := 0
	for _, line := range strings.SplitAfter(string(text), "\n") {
		if fields := strings.Split(strings.TrimSpace(line), "\t"); !strings.HasPrefix(line, "#") && len(fields) > 1 {
			g, err := strconv.Atoi(fields[len(fields)-1])
			if err != nil {
				tb.Fatalf("%s: line %q", from, line)
			}
			if g >= n {
				continue
			}
			groups = max(groups, g+1)
		}
		io.WriteString(zw, line)
	}
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	if groups != n {
		tb.Fatalf("%s holds %d groups, not %d", from, groups, n)
	}
	if err := os.WriteFile(to, kept.Bytes(), 0o644); err != nil {
		tb.Fatal(err)
	}
}
