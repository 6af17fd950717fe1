package train

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"nardi/ai"
)

// Config sets up a run of Fit.
type Config struct {
	Epochs int // passes over the training samples
	Batch  int // samples a step
	// Rate is Adam's step size at the first step; it falls linearly, step
	// by step, to RateEnd at the end of the last epoch.
	Rate, RateEnd float64
	// Decay is the decoupled weight decay of the first layer (0: none).
	Decay float64
	// OutputOnly fits only the output layer (see Trainer.OutputOnly).
	OutputOnly bool
	// SGD steps by plain gradient descent instead of Adam (Trainer.SGD).
	SGD bool
	// Anchor and AnchorWeight keep the order of the plays as the anchor
	// network has it (Trainer.Anchor); Fit's starting network, say.
	Anchor       *ai.Net
	AnchorWeight float64
	Seed         uint64 // seeds the order of the samples, epoch by epoch
	// Dir receives the checkpoints: epoch-E.bin after epoch E, latest.bin
	// (the last epoch) and best.bin (the lowest rank error on Deep so far,
	// or without Deep on Rank, or without either the lowest validation
	// cross-entropy, the starting network counted as epoch 0). Empty: none.
	Dir string
	Log io.Writer
	// Judge, when set, is logged after each epoch beside the figures: the
	// PR of 0-ply play on a judged set, say.
	Judge func(*ai.Net) (float64, error)
	// More, when set, is called before each epoch but the first and its
	// samples join the training samples (the dataset grows while a run
	// goes on); the validation samples stay as they were.
	More func() ([]Sample, error)
	// ListWeight and ListTemp set the list loss of the groups of
	// candidates (Trainer.ListWeight).
	ListWeight, ListTemp float64
	// CandidateCE weighs the candidates' cross-entropy
	// (Trainer.CandidateCE).
	CandidateCE *float64
	// Rank, when set, are groups of candidates held back, whose RankError
	// is logged after each epoch.
	Rank []Sample
	// Deep, when set, are groups of candidates held back that the teacher
	// labelled more deeply than the training groups (2 plies against 1):
	// their RankError is logged after each epoch and, being the truer
	// measure, chooses the best network.
	Deep []Sample
}

// Result is what a run of Fit ends with.
type Result struct {
	Last *ai.Net // the network after the last epoch done
	Best *ai.Net // the best network (see Config.Dir)
	// BestEpoch is Best's epoch (0: the starting network), Start the
	// starting network's figures on the validation samples and BestMetrics
	// Best's.
	BestEpoch          int
	Start, BestMetrics Metrics
	// BestRank and BestDeep are Best's rank errors on Config.Rank and
	// Config.Deep (0 without).
	BestRank, BestDeep float64
}

// Fit trains a copy of from on the training samples by minibatch Adam,
// epoch by epoch, logging the training and validation figures after each
// and writing checkpoints to cfg.Dir. It stops early, with what it has,
// when ctx ends (between steps); the result then comes with ctx's error.
func Fit(ctx context.Context, from *ai.Net, train, val []Sample, cfg Config) (Result, error) {
	if len(train) == 0 || len(val) == 0 {
		return Result{}, fmt.Errorf("fit: %d training and %d validation samples: want some of each", len(train), len(val))
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	cfg.Batch = max(cfg.Batch, 1)
	if cfg.Dir != "" {
		if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
			return Result{}, fmt.Errorf("fit: checkpoint dir: %w", err)
		}
	}
	net := from.Widen(from.Inputs) // a copy, without the networks beside it
	res := Result{Last: net, Best: net.Widen(net.Inputs), Start: Measure(net, val)}
	res.BestMetrics = res.Start
	rank, groups := RankError(net, cfg.Rank)
	deep, deepGroups := RankError(net, cfg.Deep)
	res.BestRank, res.BestDeep = rank, deep
	fmt.Fprintf(cfg.Log, "fit: %d training and %d validation positions, %d inputs, %d hidden\n", len(train), len(val), net.Inputs, net.Hidden)
	fmt.Fprintf(cfg.Log, "epoch 0 (start)  %s%s%s%s\n", res.Start, ranked("rank", rank, groups), ranked("deep", deep, deepGroups), judged(cfg.Judge, net))
	if err := checkpoint(cfg.Dir, "best.bin", net); err != nil {
		return res, err
	}
	t := NewTrainer(net, cfg.Rate)
	t.Decay, t.OutputOnly, t.SGD = cfg.Decay, cfg.OutputOnly, cfg.SGD
	t.Anchor, t.AnchorWeight = cfg.Anchor, cfg.AnchorWeight
	t.ListWeight, t.ListTemp, t.CandidateCE = cfg.ListWeight, cfg.ListTemp, cfg.CandidateCE
	batch := make([]Sample, 0, cfg.Batch)
	var order []int
	for e := 1; e <= cfg.Epochs; e++ {
		if cfg.More != nil && e > 1 {
			more, err := cfg.More()
			if err != nil {
				return res, fmt.Errorf("fit: more samples: %w", err)
			}
			train = append(train, more...)
		}
		start := time.Now()
		rng := rand.New(rand.NewPCG(cfg.Seed, uint64(e)))
		order = units(train, order[:0])
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		lossSum, seen, k := 0.0, 0, 0
		for u := 0; u < len(order); k++ {
			if err := ctx.Err(); err != nil {
				fmt.Fprintf(cfg.Log, "fit: stopped in epoch %d after %d steps (%d of %d positions); best epoch %d\n", e, k, seen, len(train), res.BestEpoch)
				return res, err
			}
			done := (float64(e-1) + float64(seen)/float64(len(train))) / float64(cfg.Epochs)
			t.Rate = cfg.Rate + (cfg.RateEnd-cfg.Rate)*done
			batch = batch[:0]
			for ; u < len(order) && len(batch) < cfg.Batch; u++ {
				i := order[u]
				batch = append(batch, train[i:unitEnd(train, i)]...)
			}
			l, err := t.Step(batch)
			if err != nil {
				return res, err
			}
			lossSum += l * float64(len(batch))
			seen += len(batch)
		}
		took := time.Since(start)
		m := Measure(net, val)
		mark := ""
		rank, groups := RankError(net, cfg.Rank)
		deep, deepGroups := RankError(net, cfg.Deep)
		var better bool
		switch {
		case deepGroups > 0:
			better = deep < res.BestDeep
		case groups > 0:
			better = rank < res.BestRank
		default:
			better = m.CrossEntropy < res.BestMetrics.CrossEntropy
		}
		if better {
			res.Best, res.BestEpoch, res.BestMetrics, res.BestRank, res.BestDeep = net.Widen(net.Inputs), e, m, rank, deep
			mark = "  best"
			if err := checkpoint(cfg.Dir, "best.bin", net); err != nil {
				return res, err
			}
		}
		fmt.Fprintf(cfg.Log, "epoch %d/%d  rate %.2g  train CE %.5f  %s%s%s%s  [%d positions, %s]%s\n",
			e, cfg.Epochs, t.Rate, lossSum/float64(max(seen, 1)), m, ranked("rank", rank, groups), ranked("deep", deep, deepGroups),
			judged(cfg.Judge, net), len(train), took.Round(100*time.Millisecond), mark)
		if err := checkpoint(cfg.Dir, fmt.Sprintf("epoch-%d.bin", e), net); err != nil {
			return res, err
		}
		if err := checkpoint(cfg.Dir, "latest.bin", net); err != nil {
			return res, err
		}
	}
	return res, nil
}

// units returns, appended to out, the index of the first sample of each
// unit of training: a teacher's position alone, or a group of candidates
// whole (one after the other in the samples), which a step takes together.
func units(samples []Sample, out []int) []int {
	for i := 0; i < len(samples); i = unitEnd(samples, i) {
		out = append(out, i)
	}
	return out
}

// unitEnd returns the end of the unit that starts at samples[i]: i+1 for
// a teacher's position, past the last of its group for a candidate.
func unitEnd(samples []Sample, i int) int {
	j := i + 1
	if samples[i].Group >= 0 {
		for j < len(samples) && samples[j].Group == samples[i].Group {
			j++
		}
	}
	return j
}

// String gives the validation figures as Fit logs them.
func (m Metrics) String() string {
	return fmt.Sprintf("val CE %.5f (floor %.5f)  val |Δequity| %.4f", m.CrossEntropy, m.Floor, m.EquityError)
}

// ranked is a rank error on held-back groups for the log line, named,
// empty without them.
func ranked(name string, rank float64, groups int) string {
	if groups == 0 {
		return ""
	}
	return fmt.Sprintf("  %s %.3f (%d rolls)", name, rank, groups)
}

// judged is the judge's figure for the log line, empty without a judge.
func judged(judge func(*ai.Net) (float64, error), n *ai.Net) string {
	if judge == nil {
		return ""
	}
	pr, err := judge(n)
	if err != nil {
		return fmt.Sprintf("  PR: %v", err)
	}
	return fmt.Sprintf("  PR(0-ply) %.3f", pr)
}

// checkpoint writes the network to name in dir, when dir is not empty.
func checkpoint(dir, name string, n *ai.Net) error {
	if dir == "" {
		return nil
	}
	return WriteNet(filepath.Join(dir, name), n)
}

// WriteNet writes the network to path whole or not at all: to a temporary
// file first, renamed when complete, so that a run stopped while writing
// leaves the previous checkpoint.
func WriteNet(path string, n *ai.Net) error {
	data, err := n.MarshalBinary()
	if err != nil {
		return fmt.Errorf("write network %s: %w", path, err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return fmt.Errorf("write network: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("write network: %w", err)
	}
	return nil
}

// ReadNet reads a network file (the player's format, ai.Net.MarshalBinary).
func ReadNet(path string) (*ai.Net, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read network: %w", err)
	}
	n := new(ai.Net)
	if err := n.UnmarshalBinary(data); err != nil {
		return nil, fmt.Errorf("read network %s: %w", path, err)
	}
	return n, nil
}

// WidenHidden returns a copy of the network with hidden units (at least
// its own): the new units take small random weights from their inputs
// and none to the outputs, so the copy evaluates every position as the
// original does until training gives them a part.
func WidenHidden(n *ai.Net, hidden int, seed uint64) *ai.Net {
	hidden = max(hidden, n.Hidden)
	w := ai.NewNet(n.Inputs, hidden, seed)
	w.Games = n.Games
	for i := range n.Inputs {
		row := w.W1[i*hidden : (i+1)*hidden]
		copy(row, n.W1[i*n.Hidden:(i+1)*n.Hidden])
		for j := n.Hidden; j < hidden; j++ {
			row[j] *= 0.1
		}
	}
	clear(w.B1)
	copy(w.B1, n.B1)
	clear(w.W2)
	for o := range ai.NumOutputs {
		copy(w.W2[o*hidden:], n.W2[o*n.Hidden:(o+1)*n.Hidden])
	}
	copy(w.B2, n.B2)
	return w
}
