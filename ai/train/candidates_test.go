package train

import (
	"bytes"
	"compress/gzip"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"nardi/ai"
	"nardi/rules"
)

// TestCandidates takes the network's favourites and some others, each a
// legal result seen by the opponent, once; a forced roll has none.
func TestCandidates(t *testing.T) {
	t.Parallel()
	net := shipped(t)
	ev := ai.NewEvaluator(net, rules.Standard, rules.WithKoks)
	p, d := rules.Start(), rules.Dice{3, 1}
	_, results := rules.LegalPlays(p, d, rules.Standard)
	best, _ := ev.Best0(p, results)
	cfg := CandidateConfig{Top: 3, Others: 2}
	cands := Candidates(ev, p, d, cfg, rand.New(rand.NewPCG(1, 2)))
	if len(cands) != 5 {
		t.Fatalf("%d candidates, want 5 of %d plays", len(cands), len(results))
	}
	if cands[0] != results[best].Swap() {
		t.Errorf("first candidate %s, want the network's best %s", cands[0].PositionID(), results[best].Swap().PositionID())
	}
	legal := map[rules.Position]bool{}
	for _, r := range results {
		legal[r.Swap()] = true
	}
	seen := map[rules.Position]bool{}
	for _, c := range cands {
		if !legal[c] || seen[c] {
			t.Errorf("candidate %s: legal %v, repeated %v", c.PositionID(), legal[c], seen[c])
		}
		seen[c] = true
	}
	// One checker left, on the 2-point: 1-1 has one play.
	var last rules.Position
	last.Mine[2], last.Mine[rules.Off], last.Theirs[13] = 1, 14, 15
	if _, rs := rules.LegalPlays(last, rules.Dice{1, 1}, rules.Standard); len(rs) != 1 {
		t.Fatalf("%d plays of 1-1 from the last checker", len(rs))
	}
	if got := Candidates(ev, last, rules.Dice{1, 1}, cfg, rand.New(rand.NewPCG(1, 2))); got != nil {
		t.Errorf("a forced roll has %d candidates", len(got))
	}
}

// TestWriteCandidates is reproducible from the part's number and writes
// "POSID<TAB>G" lines, groups numbered from 0.
func TestWriteCandidates(t *testing.T) {
	t.Parallel()
	samples, err := ReadPart("testdata/teacher-0001.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	ev := ai.NewEvaluator(shipped(t), rules.Standard, rules.WithKoks)
	var a, b bytes.Buffer
	ga, la, err := WriteCandidates(&a, 1, samples, ev, DefaultCandidates)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := WriteCandidates(&b, 1, samples, ev, DefaultCandidates); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Error("the same part gave other candidates")
	}
	lines := strings.Split(strings.TrimSpace(a.String()), "\n")
	if len(lines) != la || ga < len(samples)/2 || la < 2*ga {
		t.Fatalf("%d groups, %d lines (%d written) of %d positions", ga, la, len(lines), len(samples))
	}
	if !strings.HasSuffix(lines[0], "\t0") || !strings.HasSuffix(lines[len(lines)-1], "\t"+strconv.Itoa(ga-1)) {
		t.Errorf("groups: first line %q, last %q", lines[0], lines[len(lines)-1])
	}
}

// TestReadCandidates reads a part of candidates: each line's group, made
// unique by the part's number; a teacher's position has none.
func TestReadCandidates(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	z := gzip.NewWriter(&buf)
	z.Write([]byte("# candidates ... (x1000) ...\n" +
		"4HPwATDgc/ABMA\t525\t149\t7\t126\t5\t0\n" +
		"sFvwATDgc/ABMA\t458\t137\t6\t137\t6\t0\n" +
		"4HPwATDgc/ABMA\t525\t149\t7\t126\t5\t1\n"))
	z.Close()
	if err := os.WriteFile(filepath.Join(dir, "cand-0007.tsv.gz"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	parts, err := ListCandidates(dir)
	if err != nil || len(parts) != 1 || parts[0].Number != 7 {
		t.Fatalf("parts %v, %v", parts, err)
	}
	s, err := ReadPart(parts[0].Path)
	if err != nil {
		t.Fatal(err)
	}
	if s[0].Probs[0] != 0.525 || s[1].Probs[4] != 0.006 {
		t.Errorf("chances %v, %v: the part's scale is a thousand", s[0].Probs, s[1].Probs)
	}
	if got := []int64{s[0].Group, s[1].Group, s[2].Group}; got[0] != 7*groupsPerPart || got[1] != got[0] || got[2] != got[0]+1 {
		t.Errorf("groups %v", got)
	}
	teacher, err := ReadPart("testdata/teacher-0001.tsv.gz")
	if err != nil || teacher[0].Group != -1 {
		t.Errorf("a teacher's position's group %d, %v", teacher[0].Group, err)
	}
	if _, err := parseSample("4HPwATDgc/ABMA\t1\t1\t1\t1\t1\tx", labelScale, rules.Short); err == nil {
		t.Error("a malformed group was read")
	}
	if _, err := parseSample("4HPwATDgc/ABMA\t1001\t1\t1\t1\t1\t0", 1000, rules.Short); err == nil {
		t.Error("a chance above one was read")
	}
}

// TestRankError: no error where the teacher agrees with the network's
// pick, and the teacher's difference where it prefers the other play.
func TestRankError(t *testing.T) {
	t.Parallel()
	net := shipped(t)
	ev := ai.NewEvaluator(net, rules.Standard, rules.WithKoks)
	p := rules.Start()
	_, results := rules.LegalPlays(p, rules.Dice{6, 5}, rules.Standard)
	if len(results) < 2 {
		t.Fatal("6-5 has one play")
	}
	best, eqs := ev.Best0(p, results)
	worst := 0
	for i := range eqs {
		if eqs[i] < eqs[worst] {
			worst = i
		}
	}
	// Chances of a given equity for the opponent: win w, no gammons.
	label := func(q rules.Position, w float32, g int64) Sample {
		return Sample{Pos: q.Swap(), Probs: [ai.NumOutputs]float32{w, 0, 0, 0, 0}, Group: g}
	}
	agree := []Sample{label(results[best], 0.4, 1), label(results[worst], 0.6, 1)}
	if e, n := RankError(net, agree); n != 1 || e != 0 {
		t.Errorf("agreeing teacher: error %v over %d groups", e, n)
	}
	disagree := []Sample{label(results[best], 0.6, 2), label(results[worst], 0.4, 2), {Pos: p, Group: -1}}
	if e, n := RankError(net, disagree); n != 1 || math.Abs(e-500*0.4) > 1e-3 {
		t.Errorf("disagreeing teacher: error %v over %d groups, want 200", e, n)
	}
}

// TestSearchRankError: SearchRankError picks the candidate the 2-ply values
// best, and counts what the teacher says that choice loses.
func TestSearchRankError(t *testing.T) {
	t.Parallel()
	net := shipped(t)
	ev := ai.NewEvaluator(net, rules.Standard, rules.WithKoks)
	p := rules.Start()
	_, results := rules.LegalPlays(p, rules.Dice{6, 5}, rules.Standard)
	// Two plays whose 2-ply values differ: the best at 0-ply and the worst.
	best, eqs := ev.Best0(p, results)
	worst := 0
	for i := range eqs {
		if eqs[i] < eqs[worst] {
			worst = i
		}
	}
	good, bad := results[best].Swap(), results[worst].Swap()
	if ev.SearchProbs(good).Equity(ev.Scoring) >= ev.SearchProbs(bad).Equity(ev.Scoring) {
		t.Fatal("at 2 plies the worst play at 0-ply is not the worse of the two")
	}
	label := func(q rules.Position, w float32, g int64) Sample {
		return Sample{Pos: q, Probs: [ai.NumOutputs]float32{w, 0, 0, 0, 0}, Group: g}
	}
	agree := []Sample{label(good, 0.4, 1), label(bad, 0.6, 1)}
	if e, n := SearchRankError(ev, agree); n != 1 || e != 0 {
		t.Errorf("agreeing teacher: error %v over %d groups", e, n)
	}
	disagree := []Sample{label(bad, 0.4, 2), label(good, 0.6, 2)}
	if e, n := SearchRankError(ev, disagree); n != 1 || math.Abs(e-500*0.4) > 1e-3 {
		t.Errorf("disagreeing teacher: error %v over %d groups, want 200", e, n)
	}
}

// TestListGradient: with the list loss, a step's gradients are those of
// the mean cross-entropy (the candidates' weighed by CandidateCE) plus
// ListWeight times the group's list loss over the batch's size, by finite
// differences.
func TestListGradient(t *testing.T) {
	for _, ce := range []float64{1, 0} {
		t.Run(strconv.FormatFloat(ce, 'g', -1, 64), func(t *testing.T) { checkListGradient(t, ce) })
	}
}

func checkListGradient(t *testing.T, ce float64) {
	s, err := ReadPart("testdata/teacher-0002.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	batch := slices.Clone(s[:4])
	for i := 1; i < 4; i++ {
		batch[i].Group = 5 // a group of three after a teacher's position
	}
	net := ai.NewNet(ai.NumInputs, 4, 9)
	tr := NewTrainer(net, 0)
	tr.SGD, tr.ListWeight, tr.ListTemp, tr.CandidateCE = true, 0.7, 0.1, &ce
	if _, err := tr.Step(batch); err != nil {
		t.Fatal(err)
	}
	loss := func() float64 {
		l := Measure(net, batch[:1]).CrossEntropy
		for k := 1; k < 4; k++ {
			l += ce * Measure(net, batch[k:k+1]).CrossEntropy
		}
		var ps pass
		p, q := make([]float64, 3), make([]float64, 3)
		for k := range 3 {
			ps.forward(net, &batch[1+k].Pos)
			p[k] = -ps.rawEquity() / tr.ListTemp
			q[k] = -batch[1+k].Equity() / tr.ListTemp
		}
		softmax(p)
		softmax(q)
		list := 0.0
		for k := range 3 {
			list -= q[k] * math.Log(p[k])
		}
		return (l + tr.ListWeight*list) / float64(len(batch))
	}
	if checks := checkGradient(t, tr, loss); checks != 12 {
		t.Fatalf("%d checks", checks)
	}
}
