package train

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"nardi/ai"
	"nardi/ai/internal/nn"
	"nardi/rules"
)

// TestDistill makes the targets of a few games and fits a small network
// to them: the fit must come closer to the targets than the teacher, and
// a run stopped after some epochs and resumed must end where an unbroken
// run does.
func TestDistill(t *testing.T) {
	t.Parallel()
	teacher := ai.NewNet(ai.NumInputs, 8, 4)
	cfg := DistillConfig{Teacher: teacher, Seed: 2, Games: 3, Workers: 2, Epochs: 3, Alpha: 0.5, AlphaEnd: 0.2, Dir: t.TempDir()}
	whole, err := Distill(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := readTargets(cfg.blockPath(0))
	if err != nil {
		t.Fatal(err)
	}
	if len(ts) < 3*20 {
		t.Fatalf("%d targets from 3 games", len(ts))
	}
	if !slices.ContainsFunc(ts, func(x target) bool { return x.pos == rules.Start() }) {
		t.Error("the games' first position is not among the targets")
	}
	ev := ai.NewEvaluator(teacher, rules.Nardi, rules.WithKoks) // game 0's rules
	for _, x := range ts[:5] {
		if want := ev.RollProbs(x.pos); x.probs != [ai.NumOutputs]float32(want) {
			t.Errorf("%s: target %v, two rolls ahead %v", x.pos.PositionID(), x.probs, want)
		}
	}
	mse := func(n *ai.Net) float64 {
		l := newLearner(n)
		sum := 0.0
		for _, x := range ts {
			for _, v := range x.probs {
				if v < 0 || v > 1 {
					t.Fatalf("target %v out of [0, 1]", x.probs)
				}
			}
			out := l.forward(&x.pos)
			for k := range ai.NumOutputs {
				d := float64(out[k] - x.probs[k])
				sum += d * d
			}
		}
		return sum / float64(len(ts))
	}
	if before, after := mse(teacher), mse(whole); after > 0.85*before {
		t.Errorf("the fit's squared error %.4f against the teacher's %.4f", after, before)
	}

	// Stopped after one epoch, then resumed; the targets, already made,
	// are read again rather than made anew.
	part := cfg
	part.Dir, part.Epochs, part.Workers = t.TempDir(), 1, 1
	made, err := os.ReadFile(cfg.blockPath(0))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(part.blockPath(0), made, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Distill(context.Background(), part); err != nil {
		t.Fatal(err)
	}
	part.Epochs = 3
	var log strings.Builder
	part.Log = &log
	resumed, err := Distill(context.Background(), part)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(resumed.W1, whole.W1) || !slices.Equal(resumed.W2, whole.W2) {
		t.Error("a resumed run differs from an unbroken one")
	}
	if !strings.Contains(log.String(), "resuming after epoch 1") || strings.Contains(log.String(), "targets:") {
		t.Errorf("the second run did not resume from the first's files:\n%s", log.String())
	}
}

// TestDistillStops: once its context ends, Distill stops within the game
// it is playing, writes no block of targets that is not whole, and the
// fit stops within its epoch.
func TestDistillStops(t *testing.T) {
	t.Parallel()
	cfg := DistillConfig{Teacher: ai.NewNet(ai.NumInputs, 8, 4), Seed: 2, Games: 1, Epochs: 1, Alpha: 0.5, AlphaEnd: 0.5, Dir: t.TempDir()}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if ts := newTargetMaker(cfg.Teacher).game(ctx, cfg.Seed, 0); len(ts) != 0 {
		t.Errorf("a game went on after its context ended: %d targets", len(ts))
	}
	if _, err := Distill(ctx, cfg); !errors.Is(err, context.Canceled) {
		t.Errorf("Distill after its context ended: %v", err)
	}
	if _, err := os.Stat(cfg.blockPath(0)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a block of targets was written after the context ended: %v", err)
	}
	// The targets made (a few written here), the fit ends before its
	// first epoch is written.
	var block bytes.Buffer
	for _, p := range []rules.Position{rules.Start(), rules.Start().Swap()} {
		x := target{p, [ai.NumOutputs]float32{0.5, 0.1, 0.01, 0.1, 0.01}}
		x.write(&block)
	}
	if err := writeWhole(cfg.blockPath(0), block.Bytes()); err != nil {
		t.Fatal(err)
	}
	student, err := fitStudent(ctx, cfg)
	if !errors.Is(err, context.Canceled) || student == nil || !slices.Equal(student.W1, cfg.Teacher.W1) {
		t.Errorf("the fit after its context ended: %v", err)
	}
	if _, err := os.Stat(filepath.Join(cfg.Dir, "fit-1.bin")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("an epoch was written after the context ended: %v", err)
	}
}

// TestDistillCandidates makes candidates' targets: each game's first
// targets are the best results of its opening roll, seen from the opponent,
// and every target holds its chances two rolls on, found through the
// pruner; without a pruner these are RollProbs'.
func TestDistillCandidates(t *testing.T) {
	t.Parallel()
	teacher := ai.NewNet(ai.NumInputs, 8, 4)
	ev := ai.NewEvaluator(teacher, rules.Nardi, rules.WithKoks) // game 0's rules
	for _, p := range []rules.Position{rules.Start(), judgedSet(t)[100].Pos} {
		if got, want := ev.SearchProbs(p), ev.RollProbs(p); got != want {
			t.Errorf("%s: without a pruner, two rolls on %v, RollProbs %v", p.PositionID(), got, want)
		}
	}
	if err := teacher.SetPruner(ai.NewNet(ai.NumInputs, 4, 5)); err != nil {
		t.Fatal(err)
	}
	cfg := DistillConfig{Teacher: teacher, Seed: 3, Games: 1, Epochs: 1, Alpha: 0.1, AlphaEnd: 0.1, Dir: t.TempDir(), Candidates: 2}
	if _, err := Distill(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	ts, err := readTargets(cfg.blockPath(0))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0^0x64697374))
	_, d := rules.OpeningRoll(func() int { return rng.IntN(6) + 1 })
	_, results := rules.LegalPlays(rules.Start(), d, rules.Nardi)
	p := rules.Start()
	eqs := ai.NewTeacher(ev).Ply0(&p, results)
	top := nn.TopIndices(eqs, cfg.Candidates, nil)
	if len(ts) < 3*20 || len(top) != cfg.Candidates {
		t.Fatalf("%d targets from a game, %d candidates of the opening", len(ts), len(top))
	}
	for k, i := range top {
		if want := results[i].Swap(); ts[k].pos != want {
			t.Errorf("target %d: %s, want the opening's candidate %s", k, ts[k].pos.PositionID(), want.PositionID())
		}
	}
	for _, x := range ts[:10] {
		if want := ev.SearchProbs(x.pos); x.probs != [ai.NumOutputs]float32(want) {
			t.Errorf("%s: target %v, two rolls on %v", x.pos.PositionID(), x.probs, want)
		}
	}
}
