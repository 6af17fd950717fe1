package train

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"nardi/ai"
	"nardi/rules"
)

// shippedLong returns the shipped long nardi network.
func shippedLong(t *testing.T) *ai.Net {
	t.Helper()
	n, err := ai.ShippedLongNet()
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestLongPart: a part is made from its number alone; its positions are
// long nardi positions no network is spared, labelled with their chances
// the configured rolls ahead; its candidates come in groups of two or
// more different positions, one group a position; and written and read
// back, the part keeps its positions and its chances to the stored
// thousandths, its groups numbered after the part.
func TestLongPart(t *testing.T) {
	t.Parallel()
	ev := ai.NewLongEvaluator(shippedLong(t))
	cfg := LongConfig{Positions: 12, Depth: 1, CandDepth: 1, Explore: 0.1, Keep: 0.25, Cands: CandidateConfig{Top: 3, Others: 2}}
	pos, cands := LongPart(ev, 7, cfg)
	again, againCands := LongPart(ev, 7, cfg)
	if !slices.Equal(pos, again) || !slices.Equal(cands, againCands) {
		t.Fatal("part 7 made twice differs")
	}
	if other, _ := LongPart(ev, 8, cfg); slices.Equal(pos, other) {
		t.Error("parts 7 and 8 are the same")
	}
	if len(pos) != cfg.Positions {
		t.Fatalf("%d positions, want %d", len(pos), cfg.Positions)
	}
	for i, s := range pos {
		if err := rules.ValidateFor(rules.Long, s.Pos); err != nil || ev.Exact(&s.Pos) || s.Group != -1 {
			t.Fatalf("position %d (%s): %v, exact %v, group %d", i, s.Pos.PositionID(), err, ev.Exact(&s.Pos), s.Group)
		}
		if want := ev.RollProbs(s.Pos, cfg.Depth); ai.Probs(s.Probs) != want {
			t.Fatalf("position %d: label %v, one roll ahead %v", i, s.Probs, want)
		}
	}
	groups := map[int64][]rules.Position{}
	for _, c := range cands {
		if c.Group < 0 || int(c.Group) >= len(pos) || slices.Contains(groups[c.Group], c.Pos) {
			t.Fatalf("candidate %s of group %d: out of range or repeated", c.Pos.PositionID(), c.Group)
		}
		groups[c.Group] = append(groups[c.Group], c.Pos)
	}
	for g, ps := range groups {
		if len(ps) < 2 || len(ps) > cfg.Cands.Top+cfg.Cands.Others {
			t.Errorf("group %d has %d candidates", g, len(ps))
		}
	}
	if len(groups) < cfg.Positions/2 {
		t.Errorf("%d groups of %d positions", len(groups), cfg.Positions)
	}

	dir := t.TempDir()
	if err := WriteLongPart(dir, ev, 7, cfg); err != nil {
		t.Fatal(err)
	}
	ps, err := ListLongParts(dir)
	if err != nil || len(ps) != 1 || ps[0].Number != 7 {
		t.Fatalf("parts %v, %v", ps, err)
	}
	cs, err := ListLongCandidates(dir)
	if err != nil || len(cs) != 1 {
		t.Fatalf("candidate parts %v, %v", cs, err)
	}
	if names, _ := filepath.Glob(filepath.Join(dir, "*")); len(names) != 2 {
		t.Errorf("files left: %v", names)
	}
	if fi, err := os.Stat(ps[0].Path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("a part's mode: %v %v", fi.Mode(), err)
	}
	read, err := ReadParts(append(ps, cs...))
	if err != nil {
		t.Fatal(err)
	}
	if len(read) != len(pos)+len(cands) {
		t.Fatalf("read %d samples, wrote %d", len(read), len(pos)+len(cands))
	}
	for i, want := range append(slices.Clone(pos), cands...) {
		got := read[i]
		if got.Pos != want.Pos {
			t.Fatalf("sample %d: %s, want %s", i, got.Pos.PositionID(), want.Pos.PositionID())
		}
		if want.Group >= 0 && got.Group != 7*groupsPerPart+want.Group {
			t.Fatalf("sample %d: group %d, want %d", i, got.Group, 7*groupsPerPart+want.Group)
		}
		for o := range got.Probs {
			if math.Abs(float64(got.Probs[o]-want.Probs[o])) > 0.5/longScale+1e-6 {
				t.Fatalf("sample %d: chance %d read %v, wrote %v", i, o, got.Probs[o], want.Probs[o])
			}
		}
	}
	if kept := Select(slices.Clone(read), LongPhase); len(kept) != len(read) {
		t.Errorf("the long phase keeps %d of %d", len(kept), len(read))
	}
}
