package train

import (
	"testing"

	"nardi/ai"
	"nardi/rules"
)

// TestOverlay: a deeper group whose plays lie in one group of the base
// relabels them there and leaves the rest; one that matches no group
// joins as its own; a teacher's position of the same board is left alone.
func TestOverlay(t *testing.T) {
	_, results := rules.LegalPlays(rules.Start(), rules.Dice{6, 5}, rules.Standard)
	_, others := rules.LegalPlays(rules.Start(), rules.Dice{4, 2}, rules.Standard)
	if len(results) < 3 || len(others) < 2 {
		t.Fatal("too few plays")
	}
	label := func(p rules.Position, w float32, g int64) Sample {
		return Sample{Pos: p, Probs: [ai.NumOutputs]float32{w}, Group: g}
	}
	base := []Sample{
		label(results[0], 0.1, -1),
		label(results[0], 0.2, 10), label(results[1], 0.3, 10),
		label(results[0], 0.4, 11), label(results[1], 0.5, 11), label(results[2], 0.6, 11),
	}
	deeper := []Sample{
		label(results[2], 0.9, 0), label(results[0], 0.8, 0), // in group 11 only
		label(others[0], 0.7, 1), label(others[1], 0.6, 1), // in no group
	}
	got, matched := Overlay(base, deeper)
	if matched != 1 || len(got) != 8 {
		t.Fatalf("%d matched, %d samples: want 1 and 8", matched, len(got))
	}
	want := []float32{0.1, 0.2, 0.3, 0.8, 0.5, 0.9, 0.7, 0.6}
	for i, w := range want {
		if got[i].Probs[0] != w {
			t.Errorf("sample %d: chance %v, want %v", i, got[i].Probs[0], w)
		}
	}
	if got[6].Group != 1 || got[7].Group != 1 || got[6].Pos != others[0] {
		t.Errorf("the unmatched group was not appended whole: %+v", got[6:])
	}
}
