// Command testtimes reads the output of `go test -json` on standard input,
// prints what go test would have printed without -json (the package lines
// ok, FAIL and "no test files", and the output of failing tests), then lists
// the slowest tests with their times.
//
// It exits with status 1 when any package or test failed, or when the input
// holds no test events at all, so that a script may still use its own
// status; the status of go test itself should be kept by the caller.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// event is one line of `go test -json` output (see `go doc test2json`).
type event struct {
	Action  string
	Package string
	Test    string
	Elapsed float64
	Output  string
}

// timing is how long one test took.
type timing struct {
	Package string
	Test    string
	Elapsed float64
}

func main() {
	top := flag.Int("top", 10, "how many of the slowest tests to list")
	flag.Parse()
	failed, err := report(os.Stdin, os.Stdout, *top)
	if err != nil {
		fmt.Fprintln(os.Stderr, "testtimes:", err)
		os.Exit(2)
	}
	if failed {
		os.Exit(1)
	}
}

// report reads test events from r and writes the normal go test output and
// the top slowest tests to w. It tells whether anything failed.
func report(r io.Reader, w io.Writer, top int) (failed bool, err error) {
	type key struct{ pkg, test string }
	// Output of a test is kept until the test ends: printed if it failed.
	pending := map[key][]string{}
	var times []timing
	events := 0
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1024*1024), 64*1024*1024)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			// Not an event: build errors and the like come through as is.
			fmt.Fprintln(w, string(line))
			continue
		}
		events++
		k := key{e.Package, e.Test}
		switch e.Action {
		case "build-output":
			fmt.Fprint(w, e.Output) // the compiler's complaints
		case "build-fail":
			failed = true
		case "output":
			if e.Test == "" {
				// Package output: the closing lines, panics outside tests,
				// build failures. Test framing lines are dropped as go test
				// does without -v.
				if isPackageLine(e.Output) || !isFraming(e.Output) {
					fmt.Fprint(w, e.Output)
				}
				continue
			}
			if !isRunLine(e.Output) {
				pending[k] = append(pending[k], e.Output)
			}
		case "pass", "skip":
			if e.Test != "" {
				if e.Action == "pass" {
					times = append(times, timing{e.Package, e.Test, e.Elapsed})
				}
				delete(pending, k)
			}
		case "fail":
			failed = true
			if e.Test != "" {
				times = append(times, timing{e.Package, e.Test, e.Elapsed})
				for _, o := range pending[k] {
					fmt.Fprint(w, o)
				}
				delete(pending, k)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return true, err
	}
	// Tests still pending ended without a result (a panic or timeout killed
	// the binary): show what they printed.
	var left []key
	for k := range pending {
		left = append(left, k)
	}
	sort.Slice(left, func(i, j int) bool {
		if left[i].pkg != left[j].pkg {
			return left[i].pkg < left[j].pkg
		}
		return left[i].test < left[j].test
	})
	for _, k := range left {
		for _, o := range pending[k] {
			fmt.Fprint(w, o)
		}
	}
	if events == 0 {
		return true, nil
	}
	if failed {
		fmt.Fprintln(w, "FAIL") // go test's last line when anything failed
	}
	printSlowest(w, times, top)
	return failed, nil
}

// isRunLine tells whether s is one of the lines go test prints as tests
// start, pause and go on, which it prints only under -v.
func isRunLine(s string) bool {
	for _, p := range []string{"=== RUN", "=== PAUSE", "=== CONT", "=== NAME"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// isPackageLine tells whether s is one of go test's closing lines for a
// package.
func isPackageLine(s string) bool {
	for _, p := range []string{"ok  \t", "FAIL\t", "?   \t", "FAIL\n", "PASS\n"} {
		if strings.HasPrefix(s, p) {
			return p != "PASS\n"
		}
	}
	return false
}

// isFraming tells whether s is a line go test prints only under -v, or the
// bare PASS line it drops without -v.
func isFraming(s string) bool {
	t := strings.TrimSpace(s)
	for _, p := range []string{"--- PASS", "--- SKIP"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return isRunLine(t) || t == "PASS" || t == "testing: warning: no tests to run"
}

// printSlowest writes the top slowest top-level tests of times to w.
// Subtests are not listed but counted in their parent's time: go test
// leaves the time of parallel subtests out of their parent's, so a parent
// takes at least as long as its slowest subtest.
func printSlowest(w io.Writer, times []timing, top int) {
	type key struct{ pkg, test string }
	longest := map[key]float64{}
	for _, t := range times {
		root, _, _ := strings.Cut(t.Test, "/")
		k := key{t.Package, root}
		longest[k] = max(longest[k], t.Elapsed)
	}
	var tops []timing
	for _, t := range times {
		if !strings.Contains(t.Test, "/") {
			t.Elapsed = longest[key{t.Package, t.Test}]
			tops = append(tops, t)
		}
	}
	sort.SliceStable(tops, func(i, j int) bool { return tops[i].Elapsed > tops[j].Elapsed })
	if len(tops) > top {
		tops = tops[:top]
	}
	if len(tops) == 0 {
		return
	}
	fmt.Fprintf(w, "\nslowest tests:\n")
	for _, t := range tops {
		fmt.Fprintf(w, "%8.2fs  %s %s\n", t.Elapsed, t.Package, t.Test)
	}
}
