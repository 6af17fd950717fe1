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
	// (the last epoch) and best.bin (the lowest validation cross-entropy
	// so far, the starting network counted as epoch 0). Empty: none.
	Dir string
	Log io.Writer
	// Judge, when set, is logged after each epoch beside the figures: the
	// PR of 0-ply play on a judged set, say.
	Judge func(*ai.Net) (float64, error)
	// More, when set, is called before each epoch but the first and its
	// samples join the training samples (the dataset grows while a run
	// goes on); the validation samples stay as they were.
	More func() ([]Sample, error)
}

// Result is what a run of Fit ends with.
type Result struct {
	Last *ai.Net // the network after the last epoch done
	Best *ai.Net // the network of the lowest validation cross-entropy
	// BestEpoch is Best's epoch (0: the starting network), Start the
	// starting network's figures on the validation samples and BestMetrics
	// Best's.
	BestEpoch          int
	Start, BestMetrics Metrics
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
	fmt.Fprintf(cfg.Log, "fit: %d training and %d validation positions, %d inputs, %d hidden\n", len(train), len(val), net.Inputs, net.Hidden)
	fmt.Fprintf(cfg.Log, "epoch 0 (start)  %s%s\n", res.Start, judged(cfg.Judge, net))
	if err := checkpoint(cfg.Dir, "best.bin", net); err != nil {
		return res, err
	}
	t := NewTrainer(net, cfg.Rate)
	t.Decay, t.OutputOnly, t.SGD = cfg.Decay, cfg.OutputOnly, cfg.SGD
	t.Anchor, t.AnchorWeight = cfg.Anchor, cfg.AnchorWeight
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
		order = order[:0]
		for i := range train {
			order = append(order, i)
		}
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		steps := (len(order) + cfg.Batch - 1) / cfg.Batch
		lossSum, seen := 0.0, 0
		for k := range steps {
			if err := ctx.Err(); err != nil {
				fmt.Fprintf(cfg.Log, "fit: stopped in epoch %d after %d of %d steps; best epoch %d\n", e, k, steps, res.BestEpoch)
				return res, err
			}
			done := (float64(e-1) + float64(k)/float64(steps)) / float64(cfg.Epochs)
			t.Rate = cfg.Rate + (cfg.RateEnd-cfg.Rate)*done
			batch = batch[:0]
			for _, i := range order[k*cfg.Batch : min(len(order), (k+1)*cfg.Batch)] {
				batch = append(batch, train[i])
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
		if m.CrossEntropy < res.BestMetrics.CrossEntropy {
			res.Best, res.BestEpoch, res.BestMetrics = net.Widen(net.Inputs), e, m
			mark = "  best"
			if err := checkpoint(cfg.Dir, "best.bin", net); err != nil {
				return res, err
			}
		}
		fmt.Fprintf(cfg.Log, "epoch %d/%d  rate %.2g  train CE %.5f  %s%s  [%d positions, %s]%s\n",
			e, cfg.Epochs, t.Rate, lossSum/float64(max(seen, 1)), m, judged(cfg.Judge, net), len(train), took.Round(100*time.Millisecond), mark)
		if err := checkpoint(cfg.Dir, fmt.Sprintf("epoch-%d.bin", e), net); err != nil {
			return res, err
		}
		if err := checkpoint(cfg.Dir, "latest.bin", net); err != nil {
			return res, err
		}
	}
	return res, nil
}

// String gives the validation figures as Fit logs them.
func (m Metrics) String() string {
	return fmt.Sprintf("val CE %.5f (floor %.5f)  val |Δequity| %.4f", m.CrossEntropy, m.Floor, m.EquityError)
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
