package train

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"nardi/ai"
	"nardi/ai/train/traintest"
	"nardi/rules"
)

// TestBlendPart blends a part of plays with a small network's chances
// two rolls ahead: weight 0 keeps the teacher's chances, weight 1/2 gives
// the mean of the teacher's and ours (to the part's thousandths), the
// plays and groups unchanged; a weight outside [0, 1] is refused. The
// part holds the candidates of the first five rolls of the test data's,
// each blended one searched two rolls ahead.
func TestBlendPart(t *testing.T) {
	t.Parallel()
	teacher, in := candidateFolder(t, 1)
	traintest.FirstRolls(t, in, in, 5)
	plays := filepath.Join(filepath.Dir(in), "plays-0001.tsv.gz")
	if _, err := CompactPart(in, teacher, plays); err != nil {
		t.Fatal(err)
	}
	want, err := ReadPart(plays)
	if err != nil {
		t.Fatal(err)
	}
	// A small network searches fast; the blend's arithmetic does not
	// depend on how well it plays.
	ev := ai.NewEvaluator(ai.NewNet(ai.NumInputs, 8, 1), rules.Standard, rules.WithKoks)
	dir := filepath.Join(filepath.Dir(teacher), "blend") // ReadPart finds the teacher's part above
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}

	same := filepath.Join(dir, "plays-0001.tsv.gz")
	if n, err := BlendPart(plays, teacher, same, ev, 0, "test"); err != nil || n != len(want) {
		t.Fatalf("weight 0: %d candidates, %v; want %d", n, err, len(want))
	}
	got, err := ReadPart(same)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("weight 0, sample %d: %+v, want %+v", i, got[i], want[i])
		}
	}

	half := filepath.Join(dir, "plays-10001.tsv.gz")
	if _, err := BlendPart(plays, teacher, half, ev, 0.5, "test"); err != nil {
		t.Fatal(err)
	}
	got, err = ReadPart(half)
	if err != nil {
		t.Fatal(err)
	}
	moved := 0
	for i := range got {
		if got[i].Pos != want[i].Pos || got[i].Group%groupsPerPart != want[i].Group%groupsPerPart {
			t.Fatalf("sample %d: %s group %d, want %s group %d", i, got[i].Pos.PositionID(), got[i].Group,
				want[i].Pos.PositionID(), want[i].Group)
		}
		if got[i].Probs != want[i].Probs {
			moved++
		}
		if i%4 != 0 {
			continue
		}
		ours := ev.SearchProbs(want[i].Pos)
		for k := range ours {
			mean := (float64(want[i].Probs[k]) + float64(ours[k])) / 2
			if d := math.Abs(float64(got[i].Probs[k]) - mean); d > 0.0006 {
				t.Errorf("sample %d, chance %d: %.4f, want the mean %.4f", i, k, got[i].Probs[k], mean)
			}
		}
	}
	if moved < len(got)/2 {
		t.Errorf("blending moved the chances of %d samples of %d", moved, len(got))
	}
	if _, err := BlendPart(plays, teacher, filepath.Join(dir, "x.tsv.gz"), ev, 1.5, "test"); err == nil {
		t.Error("a weight of 1.5 was taken")
	}
}
