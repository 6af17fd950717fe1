package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestMovesCommand(t *testing.T) {
	in := "4HPwATDgc/ABMA 6 5\nnot a line\n4HPwATDgc/ABMA 0 1\nzYxwJCEuHvACRA 4 2\n"
	var out, errOut bytes.Buffer
	if code := run([]string{"moves", "--rules", "standard"}, strings.NewReader(in), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d output lines for 4 input lines:\n%s", len(lines), out.String())
	}
	var first movesOut
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
		t.Fatal(err)
	}
	// From the start a 6-5 has seven distinct plays, among them 24/13.
	if first.Pos != "4HPwATDgc/ABMA" || first.Dice != [2]int{6, 5} || len(first.Plays) != 7 || first.Plays[0].Move != "24/13" {
		t.Errorf("first line %+v", first)
	}
	for _, i := range []int{1, 2} {
		var e struct{ Error string }
		if err := json.Unmarshal([]byte(lines[i]), &e); err != nil || e.Error == "" {
			t.Errorf("line %d: want an error object, got %s", i+1, lines[i])
		}
	}
	if lines[3] != `{"pos":"zYxwJCEuHvACRA","dice":[4,2],"plays":[]}` {
		t.Errorf("no-play line: %s", lines[3])
	}
}

// TestLongCommands: moves and best --variant long read "POSID D1 D2
// [first]" and answer for long nardi (first-turn 6-6 is 24/18(2)).
func TestLongCommands(t *testing.T) {
	in := "AACA/z8AAID/Pw 6 6 first\nAACA/z8AAID/Pw 6 6\nAACA/z8AAID/Pw 3 3 first\nnonsense 1 2\n"
	var out, errOut bytes.Buffer
	if code := run([]string{"moves", "--variant", "long"}, strings.NewReader(in), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 || !strings.Contains(lines[0], `"24/18(2)"`) || strings.Count(lines[2], `"move"`) != 2 || !strings.Contains(lines[3], "error") {
		t.Fatalf("moves:\n%s", out.String())
	}
	if strings.Count(lines[1], `"move"`) != 1 {
		t.Errorf("6-6 not on the first turn: %s", lines[1])
	}
	out.Reset()
	if code := run([]string{"best", "--variant", "long", "--level", "master"}, strings.NewReader("AACA/z8AAID/Pw 6 5\n"), &out, &errOut); code != 0 {
		t.Fatalf("best exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), `"move":"24/13"`) {
		t.Errorf("best: %s", out.String())
	}
}
