package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"nardi/ai"
	"nardi/rules"
)

// TestCubeCommand: one JSON line per input line, in order; malformed
// lines get an error and the run goes on; the Match ID's score, cube,
// owner and Crawford flag are read from the player on roll.
func TestCubeCommand(t *testing.T) {
	t.Parallel()
	crawford := rules.MatchState{Cube: 1, CubeOwner: -1, DiceOwner: 1, Crawford: true, State: rules.GamePlaying, Turn: 1,
		MatchLength: 5, Score: [2]int{4, 2}}.MatchID()
	theirCube := rules.MatchState{Cube: 2, CubeOwner: 0, DiceOwner: 1, State: rules.GamePlaying, Turn: 1}.MatchID()
	in := strings.Join([]string{
		"4HPwATDgc/ABMA cAmgAEAAEAAE", // a post-Crawford start, the trailer on roll
		"4HPwATDgc/ABMA",
		"4HPwATDgc/ABMA " + crawford,
		"nonsense MAHgAAAAAAAE",
		"4HPwATDgc/ABMA " + theirCube,
	}, "\n") + "\n"
	var out, errOut bytes.Buffer
	if code := run([]string{"cube", "--level", "master"}, strings.NewReader(in), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines:\n%s", len(lines), out.String())
	}
	var got []cubeOut
	for i, l := range lines {
		if i == 1 || i == 3 {
			var e struct{ Error string }
			if json.Unmarshal([]byte(l), &e) != nil || e.Error == "" {
				t.Errorf("line %d: want an error, got %s", i+1, l)
			}
			continue
		}
		var c cubeOut
		if err := json.Unmarshal([]byte(l), &c); err != nil {
			t.Fatal(err)
		}
		got = append(got, c)
	}
	if got[0].Pos != "4HPwATDgc/ABMA" || got[0].Match != "cAmgAEAAEAAE" || !got[0].Double || !got[0].Take {
		t.Errorf("post-Crawford trailer at the start: %+v (doubles at once, the leader takes)", got[0])
	}
	if got[1].Double {
		t.Errorf("a double in the Crawford game: %+v", got[1])
	}
	if got[2].Double {
		t.Errorf("a double of the opponent's cube: %+v", got[2])
	}
	if code := run([]string{"cube", "--rules", "backgammon"}, strings.NewReader(""), &out, &errOut); code != 2 {
		t.Errorf("an unknown rule set: exit %d", code)
	}
}

// TestBestForAMatch: nardi best --match plays for the Match ID's score
// (a legal play for every line) and refuses a Match ID it cannot read.
func TestBestForAMatch(t *testing.T) {
	t.Parallel()
	dmp := rules.MatchState{Cube: 1, CubeOwner: -1, DiceOwner: 0, State: rules.GamePlaying, MatchLength: 5, Score: [2]int{4, 4}}.MatchID()
	in := "4HPwATDgc/ABMA 6 5\n4HPwATDgc/ABMA 2 1\n"
	var out, errOut bytes.Buffer
	if code := run([]string{"best", "--level", "club", "--match", dmp}, strings.NewReader(in), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines:\n%s", len(lines), out.String())
	}
	for _, l := range lines {
		var b bestOut
		if err := json.Unmarshal([]byte(l), &b); err != nil || b.Move == "" {
			t.Errorf("line %s: %v", l, err)
		}
	}
	if code := run([]string{"best", "--match", "nonsense"}, strings.NewReader(in), &out, &errOut); code != 2 {
		t.Errorf("a malformed Match ID: exit %d", code)
	}
}

// TestBestExact: nardi best --exact plays the level without its time
// limit, as ai.Player.Exact does.
func TestBestExact(t *testing.T) {
	t.Parallel()
	in := "4HPwATDgc/ABMA 6 5\nzM7gATA2nsEBMA 4 5\n"
	var out, errOut bytes.Buffer
	if code := run([]string{"best", "--rules", "standard", "--level", "master", "--exact"}, strings.NewReader(in), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	player, err := LoadPlayer("master", "standard", rules.WithKoks)
	if err != nil {
		t.Fatal(err)
	}
	player.Exact = true
	sameChoices(t, out.String(), 2, player)
}

// sameChoices checks that the lines nardi best printed, want of them,
// are the plays player makes.
func sameChoices(t *testing.T, printed string, want int, player *ai.Player) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(printed), "\n")
	if len(lines) != want {
		t.Fatalf("printed %q, want %d lines", printed, want)
	}
	for _, l := range lines {
		var b bestOut
		if err := json.Unmarshal([]byte(l), &b); err != nil {
			t.Fatalf("line %s: %v", l, err)
		}
		p, err := rules.ParsePositionID(b.Pos)
		if err != nil {
			t.Fatal(err)
		}
		if _, r, _ := player.Choose(p, b.Dice, false, 1); r.PositionID() != b.Result {
			t.Errorf("%s %v: nardi best %s, the player %s", b.Pos, b.Dice, b.Result, r.PositionID())
		}
	}
}

// TestBestTune: nardi best --tune plays the level searched otherwise, as
// ai.Player.Tune does, and refuses a setting it does not know or a level
// that does not search.
func TestBestTune(t *testing.T) {
	in := "4HPwATDgc/ABMA 6 5\nzM7gATA2nsEBMA 4 5\n"
	var out, errOut bytes.Buffer
	const spec = "keepR=0,keep2=1"
	if code := run([]string{"best", "--rules", "standard", "--level", "master", "--exact", "--tune", spec}, strings.NewReader(in), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	player, err := LoadPlayer("master", "standard", rules.WithKoks)
	if err != nil {
		t.Fatal(err)
	}
	player.Exact = true
	if err := player.Tune(spec); err != nil {
		t.Fatal(err)
	}
	sameChoices(t, out.String(), 2, player)
	for _, args := range [][]string{{"--level", "master", "--tune", "bogus=1"}, {"--level", "beginner", "--tune", "share=1"}} {
		out.Reset()
		errOut.Reset()
		if code := run(append([]string{"best"}, args...), strings.NewReader(in), &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "--tune") || out.Len() != 0 {
			t.Errorf("%q: exit %d, printed %q, said %q", args, code, out.String(), errOut.String())
		}
	}
}
