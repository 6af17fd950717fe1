package train

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"nardi/ai"
	"nardi/rules"
)

// TestReadPart reads a part of the slice in testdata: its comment is
// skipped, the Position IDs decoded and the chances scaled.
func TestReadPart(t *testing.T) {
	s, err := ReadPart("testdata/teacher-0001.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	if len(s) != 120 {
		t.Fatalf("%d samples, want 120", len(s))
	}
	// The first line: the opening position, 34431 9780 448 8235 350.
	if s[0].Pos != rules.Start() {
		t.Errorf("first position %s, want the start", s[0].Pos.PositionID())
	}
	want := [ai.NumOutputs]float32{34431, 9780, 448, 8235, 350}
	for k := range want {
		if math.Abs(float64(s[0].Probs[k]-want[k]/65535)) > 1e-7 {
			t.Errorf("chance %d: %v, want %v", k, s[0].Probs[k], want[k]/65535)
		}
	}
	if eq := s[0].Equity(); math.Abs(eq-(2*34431.0-65535+9780-8235+448-350)/65535) > 1e-6 {
		t.Errorf("equity %v", eq)
	}
	for i, x := range s {
		p := x.Probs
		if p[ai.OutWinMars] > p[ai.OutWin] || p[ai.OutLoseMars] > 1-p[ai.OutWin]+1e-4 {
			t.Fatalf("sample %d: inconsistent chances %v", i, p)
		}
	}
	for _, bad := range []string{
		"4HPwATDgc/ABMA\t1\t2\t3\t4",        // a field short
		"4HPwATDgc/ABMA\t1\t2\t3\t4\t70000", // above 65535
		"4HPwATDgc/ABM\t1\t2\t3\t4\t5",      // not a Position ID
		"4HPwATDgc/ABMA\t1\t2\tx\t4\t5",     // not a number
	} {
		if _, err := readSamples(strings.NewReader("# c\n"+bad+"\n"), rules.Short); err == nil {
			t.Errorf("%q was read", bad)
		}
	}
	if _, err := ReadPart("testdata/missing.tsv.gz"); err == nil {
		t.Error("a missing part was read")
	}
}

// TestSplit lists the parts of testdata in order, leaving out other files
// (a part being written), and holds back those ending in 0.
func TestSplit(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"teacher-0010.tsv.gz", "teacher-0002.tsv.gz", "teacher-0001.tsv.gz", "teacher-0003.tsv.gz.tmp", "README.md"} {
		src := filepath.Join("testdata", name)
		if _, err := os.Stat(src); err != nil {
			src = filepath.Join("testdata", "teacher-0001.tsv.gz")
		}
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	parts, err := ListParts(dir)
	if err != nil {
		t.Fatal(err)
	}
	var nums []int
	for _, p := range parts {
		nums = append(nums, p.Number)
	}
	if !slices.Equal(nums, []int{1, 2, 10}) {
		t.Fatalf("parts %v, want 1, 2, 10", nums)
	}
	tr, val := DefaultSplit.Divide(parts)
	if len(tr) != 2 || len(val) != 1 || val[0].Number != 10 {
		t.Fatalf("split %v / %v", tr, val)
	}
	for n, want := range map[int]bool{0: true, 10: true, 410: true, 1: false, 409: false} {
		if DefaultSplit.Validation(n) != want {
			t.Errorf("part %d held back: %v", n, !want)
		}
	}
	if (Split{}).Validation(0) {
		t.Error("a split of modulus 0 held a part back")
	}
	all, err := ReadParts(tr)
	if err != nil || len(all) != 200 {
		t.Fatalf("read %d training samples: %v", len(all), err)
	}
}

// TestSelect: each phase keeps the positions its network judges, and no
// position is kept by both.
func TestSelect(t *testing.T) {
	s, err := ReadParts([]Part{{1, "testdata/teacher-0001.tsv.gz"}, {2, "testdata/teacher-0002.tsv.gz"}})
	if err != nil {
		t.Fatal(err)
	}
	contact := Select(slices.Clone(s), ContactPhase)
	race := Select(slices.Clone(s), RacePhase)
	if len(contact) == 0 || len(race) == 0 || len(contact)+len(race) > len(s) {
		t.Fatalf("%d samples: %d with contact, %d races", len(s), len(contact), len(race))
	}
	for _, x := range contact {
		if !ai.Contact(&x.Pos) {
			t.Fatalf("%s is a race", x.Pos.PositionID())
		}
	}
	ev := ai.NewEvaluator(nil, rules.Standard, rules.WithKoks)
	for _, x := range race {
		if _, exact := ev.Bearoff(&x.Pos); ai.Contact(&x.Pos) || exact {
			t.Fatalf("%s: contact or exact", x.Pos.PositionID())
		}
	}
}

// shipped returns a copy of the shipped main network, without the race
// network beside it.
func shipped(t *testing.T) *ai.Net {
	t.Helper()
	n, err := ai.ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	return n.Widen(n.Inputs)
}

// TestForwardIsThePlayers: the trainer's forward pass gives the player's
// evaluation of the same network.
func TestForwardIsThePlayers(t *testing.T) {
	s, err := ReadPart("testdata/teacher-0001.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	net := shipped(t)
	ev := ai.NewEvaluator(net, rules.Standard, rules.WithKoks)
	var ps pass
	for _, x := range Select(s, ContactPhase) {
		ps.forward(net, &x.Pos)
		if d := ps.equity() - ev.Evaluate(x.Pos).Equity(rules.WithKoks); math.Abs(d) > 1e-4 {
			t.Fatalf("%s: the trainer's equity differs from the player's by %v", x.Pos.PositionID(), d)
		}
	}
}

// TestStepLowersLoss: a step on a batch lowers its loss, and leaves the
// network's shape as it was.
func TestStepLowersLoss(t *testing.T) {
	s, err := ReadPart("testdata/teacher-0001.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	batch := Select(s, ContactPhase)[:64]
	net := shipped(t)
	inputs := net.Inputs
	before := Measure(net, batch)
	tr := NewTrainer(net, 1e-3)
	l, err := tr.Step(batch)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(l-before.CrossEntropy) > 1e-6 {
		t.Errorf("the step's loss %v, Measure's %v", l, before.CrossEntropy)
	}
	after := Measure(net, batch)
	if after.CrossEntropy >= before.CrossEntropy {
		t.Errorf("cross-entropy %v -> %v after a step", before.CrossEntropy, after.CrossEntropy)
	}
	if after.Floor != before.Floor || after.CrossEntropy < after.Floor {
		t.Errorf("floor %v -> %v, cross-entropy %v", before.Floor, after.Floor, after.CrossEntropy)
	}
	if net.Inputs != inputs || len(net.W1) != net.Inputs*net.Hidden || tr.Steps() != 1 {
		t.Error("the step changed the network's shape or miscounted")
	}
	if _, err := tr.Step(nil); err == nil {
		t.Error("a step on no samples")
	}
}

// TestCheckpointRoundTrip: a network written and read back is the same.
func TestCheckpointRoundTrip(t *testing.T) {
	net := shipped(t)
	path := filepath.Join(t.TempDir(), "net.bin")
	if err := WriteNet(path, net); err != nil {
		t.Fatal(err)
	}
	back, err := ReadNet(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Inputs != net.Inputs || back.Hidden != net.Hidden || !slices.Equal(back.W1, net.W1) || !slices.Equal(back.B2, net.B2) {
		t.Error("the network changed in a round trip")
	}
	if _, err := os.Stat(path + ".tmp"); err == nil {
		t.Error("the temporary file was left")
	}
	if _, err := ReadNet(filepath.Join(t.TempDir(), "missing.bin")); err == nil {
		t.Error("a missing network was read")
	}
}

// TestFit runs two epochs on the slice: the validation figure falls, the
// checkpoints are written and best.bin is the best network, and the
// network it started from is left alone.
func TestFit(t *testing.T) {
	t.Parallel()
	read := func(path string) []Sample {
		s, err := ReadPart(path)
		if err != nil {
			t.Fatal(err)
		}
		return Select(s, ContactPhase)
	}
	trainSet := append(read("testdata/teacher-0001.tsv.gz"), read("testdata/teacher-0002.tsv.gz")...)
	val := read("testdata/teacher-0010.tsv.gz")
	from := shipped(t)
	// The shipped network is taught on these positions already: start a
	// little off it, so that two epochs have something to win back.
	for o := range from.B2 {
		from.B2[o] += 0.3
	}
	w1 := slices.Clone(from.W1)
	dir := t.TempDir()
	cfg := Config{Epochs: 2, Batch: 16, Rate: 1e-3, RateEnd: 1e-4, Seed: 1, Dir: dir}
	res, err := Fit(context.Background(), from, trainSet, val, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(from.W1, w1) {
		t.Error("Fit changed the network it started from")
	}
	if res.BestEpoch == 0 || res.BestMetrics.CrossEntropy >= res.Start.CrossEntropy {
		t.Errorf("best epoch %d: %v from %v", res.BestEpoch, res.BestMetrics, res.Start)
	}
	for _, name := range []string{"epoch-1.bin", "epoch-2.bin", "latest.bin", "best.bin"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	best, err := ReadNet(filepath.Join(dir, "best.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if m := Measure(best, val); m != res.BestMetrics {
		t.Errorf("best.bin measures %v, the run's best %v", m, res.BestMetrics)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res, err := Fit(ctx, from, trainSet, val, cfg); err == nil || res.Best == nil {
		t.Error("a stopped run: no error, or no network")
	}
	if _, err := Fit(context.Background(), from, nil, val, cfg); err == nil {
		t.Error("a run without training samples")
	}
}

// TestFitChoosesOnDeep: with held-back groups the teacher labelled more
// deeply, they choose the best network. The teacher here agrees with the
// starting network's pick in every group, so no epoch can beat it there,
// though the epochs lower the validation cross-entropy (TestFit).
func TestFitChoosesOnDeep(t *testing.T) {
	t.Parallel()
	s, err := ReadPart("testdata/teacher-0001.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	trainSet := Select(s, ContactPhase)
	val := trainSet[:len(trainSet)/4]
	trainSet = trainSet[len(trainSet)/4:]
	from := shipped(t)
	for o := range from.B2 {
		from.B2[o] += 0.3
	}
	var deep []Sample
	var ps pass
	for g, d := range []rules.Dice{{6, 5}, {3, 1}, {4, 2}, {5, 3}, {6, 2}, {2, 1}} {
		_, results := rules.LegalPlays(rules.Start(), d, rules.Standard)
		pick, pickEq := 0, math.Inf(1)
		for k, r := range results {
			q := r.Swap()
			ps.forward(from, &q)
			if e := ps.equity(); e < pickEq {
				pick, pickEq = k, e
			}
		}
		for k, r := range results {
			w := float32(1) // the opponent wins after every play but the pick
			if k == pick {
				w = 0
			}
			deep = append(deep, Sample{Pos: r.Swap(), Probs: [ai.NumOutputs]float32{w, 0, 0, 0, 0}, Group: int64(g)})
		}
	}
	var log strings.Builder
	cfg := Config{Epochs: 2, Batch: 16, Rate: 1e-3, RateEnd: 1e-4, Seed: 1, Deep: deep, Log: &log}
	res, err := Fit(context.Background(), from, trainSet, val, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.BestEpoch != 0 || res.BestDeep != 0 {
		t.Errorf("best epoch %d, deep %v: want the start, unbeaten at 0", res.BestEpoch, res.BestDeep)
	}
	if !strings.Contains(log.String(), "deep 0.000 (6 rolls)") {
		t.Errorf("the log has no deep rank error:\n%s", log.String())
	}
	cfg.Deep = nil
	if res, err := Fit(context.Background(), from, trainSet, val, cfg); err != nil || res.BestEpoch == 0 {
		t.Errorf("without the deep groups: best epoch %d (%v), want a later one", res.BestEpoch, err)
	}
}

// TestGradient checks the step's gradient of the cross-entropy against
// finite differences on a small network.
func TestGradient(t *testing.T) {
	s, err := ReadPart("testdata/teacher-0002.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	batch := s[:3]
	net := ai.NewNet(ai.NumInputs, 4, 9)
	tr := NewTrainer(net, 0)
	tr.SGD = true // rate 0: the step fills the gradients and moves nothing
	if _, err := tr.Step(batch); err != nil {
		t.Fatal(err)
	}
	loss := func() float64 {
		m := Measure(net, batch)
		return m.CrossEntropy
	}
	var ps pass
	ps.forward(net, &batch[0].Pos)
	if checks := checkGradient(t, tr, loss, int(ps.rows[2])*net.Hidden+1); checks < 12 {
		t.Fatalf("%d checks", checks)
	}
}

// checkGradient compares the trainer's gradients, as its last step left
// them, with finite differences of loss, at the first, middle and last
// weight of each of the network's arrays and at extra (where it is within
// the array). It returns the number of weights checked.
func checkGradient(t *testing.T, tr *Trainer, loss func() float64, extra ...int) int {
	t.Helper()
	net := tr.Net
	checks := 0
	for k, w := range [][]float32{net.W1, net.B1, net.W2, net.B2} {
		for _, i := range append([]int{0, len(w) / 2, len(w) - 1}, extra...) {
			if i >= len(w) {
				continue
			}
			const h = 1e-2
			old := w[i]
			w[i] = old + h
			up := loss()
			w[i] = old - h
			down := loss()
			w[i] = old
			num := (up - down) / (2 * h)
			if got := float64(tr.grad[k][i]); math.Abs(got-num) > 2e-5+1e-3*math.Abs(num) {
				t.Errorf("weights %d, %d: gradient %v, finite difference %v", k, i, got, num)
			}
			checks++
		}
	}
	return checks
}

// TestAnchor: with the anchor, steps that move the values of positions
// keep the differences between a roll's plays closer to the anchor's than
// steps without it.
func TestAnchor(t *testing.T) {
	t.Parallel()
	s, err := ReadPart("testdata/teacher-0001.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	batch := Select(s, ContactPhase)[:32]
	from := shipped(t)
	// the spread of the anchor's differences lost over a roll's plays
	drift := func(n *ai.Net) float64 {
		var g rules.Generator
		var ps pass
		total := 0.0
		for _, x := range batch {
			var eq, eq0 []float64
			for _, r := range g.Results(x.Pos, rules.Dice{3, 1}, rules.Standard) {
				q := r.Swap()
				if r.Won() || !ai.Contact(&q) {
					continue
				}
				ps.forward(n, &q)
				eq = append(eq, ps.rawEquity())
				ps.forward(from, &q)
				eq0 = append(eq0, ps.rawEquity())
			}
			for i := 1; i < len(eq); i++ {
				total += math.Abs((eq[i] - eq[0]) - (eq0[i] - eq0[0]))
			}
		}
		return total
	}
	fit := func(weight float64) float64 {
		n := from.Widen(from.Inputs)
		tr := NewTrainer(n, 3e-3)
		tr.Anchor, tr.AnchorWeight = from, weight
		for range 30 {
			if _, err := tr.Step(batch); err != nil {
				t.Fatal(err)
			}
		}
		return drift(n)
	}
	free, held := fit(0), fit(100)
	if !(held < free) || free == 0 {
		t.Errorf("drift from the anchor's differences: %v with it, %v without", held, free)
	}
}

// TestWidenHidden: the widened network has the hidden units asked for and
// evaluates every position as the original does, until it is trained.
func TestWidenHidden(t *testing.T) {
	s, err := ReadPart("testdata/teacher-0001.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	net := shipped(t)
	wide := WidenHidden(net, net.Hidden+32, 3)
	if wide.Hidden != net.Hidden+32 || len(wide.W1) != wide.Inputs*wide.Hidden || len(wide.W2) != ai.NumOutputs*wide.Hidden {
		t.Fatalf("widened to %d hidden, %d and %d weights", wide.Hidden, len(wide.W1), len(wide.W2))
	}
	before, after := Measure(net, s), Measure(wide, s)
	if math.Abs(before.CrossEntropy-after.CrossEntropy) > 1e-6 || math.Abs(before.EquityError-after.EquityError) > 1e-6 {
		t.Errorf("widened: %s, before: %s", after, before)
	}
	tr := NewTrainer(wide, 1e-3)
	if _, err := tr.Step(Select(s, ContactPhase)[:32]); err != nil {
		t.Fatal(err)
	}
	if slices.Equal(wide.W2[net.Hidden:wide.Hidden], make([]float32, 32)) {
		t.Error("a step left the new units without a part")
	}
}
