package ai

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"nardi/ai/internal/nn"
	"nardi/rules"
)

// TrainConfig sets up self-play training by temporal differences.
type TrainConfig struct {
	Long       bool    // train a long nardi network (else short nardi's)
	Inputs     int     // inputs of a new short nardi network: NumInputs, or NumInputs+ExtInputs
	From       *Net    // start from this network (widened to Inputs) instead of random weights
	Hidden     int     // hidden units of a new network
	Seed       uint64  // seeds the initial weights and every game's dice
	Games      int64   // train until the network has played this many games
	Alpha      float32 // learning rate at the start
	AlphaEnd   float32 // learning rate reached at Decay games and kept after
	Decay      int64   // games over which the rate falls; independent of Games so a run can be extended
	Workers    int     // games played at once on shared weights; 1 is reproducible
	Checkpoint int64   // games between checkpoints
	// Lookahead moves each position toward its value averaged over all
	// 21 rolls, each played at its best, instead of toward the value after
	// the roll the game happened to throw (short nardi only).
	Lookahead bool
	// Race trains a network for the positions without contact (see
	// Net.SetRace): From, unchanged, plays each game at 0-ply until contact
	// is broken, and the network, starting as a copy of From, learns from
	// there to the end (short nardi only).
	Race bool
	// Late trains a network for the late positions with contact (see
	// Net.SetLate) as Race does for races: From plays until the game is
	// late (or a race), and the copy learns from there; with RaceNet the
	// races are left to it.
	Late bool
	// RaceNet, when set, judges the positions without contact for a short
	// nardi network that learns only the others: a game's learning ends
	// where contact is broken, toward RaceNet's value there.
	RaceNet *Net
	Dir     string // where checkpoints go; training resumes from Dir/latest.bin
	Log     io.Writer
	// Judge, when set, is called at each checkpoint and its figure logged.
	Judge func(*Net) (float64, error)
}

// Train trains a network by self-play TD(0), resuming from the latest
// checkpoint in cfg.Dir when there is one, and returns it once it has
// played cfg.Games games or ctx ends (after writing a checkpoint).
func Train(ctx context.Context, cfg TrainConfig) (*Net, error) {
	if cfg.Workers < 1 {
		cfg.Workers = 1
	}
	if cfg.Checkpoint < 1 {
		cfg.Checkpoint = 10000
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("checkpoint dir: %w", err)
	}
	latest := filepath.Join(cfg.Dir, "latest.bin")
	inputs := cmp.Or(cfg.Inputs, NumInputs)
	if cfg.Long {
		inputs = LongInputs
	}
	if (cfg.Race || cfg.Late) && (cfg.From == nil || cfg.Long || cfg.Race && cfg.Late) {
		return nil, errors.New("a race or a late network is trained from a short nardi network")
	}
	net := NewNet(inputs, cfg.Hidden, cfg.Seed)
	if cfg.From != nil {
		// A short nardi network may gain the extra inputs; nothing else
		// changes its inputs' meaning.
		if in := cfg.From.Inputs; in != inputs && (cfg.Long || in < NumInputs || in > inputs) {
			return nil, fmt.Errorf("start from a network of %d inputs: want %d", in, inputs)
		}
		net = cfg.From.Widen(inputs)
		if cfg.Race || cfg.Late {
			net.Games = 0 // its own games, those of its phase
		}
	}
	if data, err := os.ReadFile(latest); err == nil {
		if err := net.UnmarshalBinary(data); err != nil {
			return nil, fmt.Errorf("resume from %s: %w", latest, err)
		}
		if net.Inputs != inputs {
			return nil, fmt.Errorf("resume from %s: %d inputs, want %d", latest, net.Inputs, inputs)
		}
		fmt.Fprintf(cfg.Log, "resuming at %d games\n", net.Games)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("read checkpoint: %w", err)
	}
	if cfg.RaceNet != nil {
		if cfg.Race || cfg.Long {
			return nil, errors.New("a race network judges races for a short nardi network learning the rest")
		}
		if err := net.SetRace(cfg.RaceNet); err != nil {
			return nil, err
		}
	}
	start := time.Now()
	for net.Games < cfg.Games {
		batchEnd := min(cfg.Games, (net.Games/cfg.Checkpoint+1)*cfg.Checkpoint)
		var next atomic.Int64
		next.Store(net.Games)
		var wg sync.WaitGroup
		for w := 0; w < cfg.Workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				tr := newTrainer(net, cfg.Lookahead)
				if cfg.Race || cfg.Late {
					tr.contact = [2]*Evaluator{NewEvaluator(cfg.From, rules.Nardi, rules.WithKoks), NewEvaluator(cfg.From, rules.Standard, rules.WithKoks)}
					tr.phase = func(p *rules.Position) bool { return !contact(p) }
					if cfg.Late {
						tr.phase = func(p *rules.Position) bool { return !contact(p) || isLate(p) }
					}
				}
				var t interface{ play(uint64, int64, float32) } = tr
				if cfg.Long {
					t = newLongTrainer(net)
				}
				for {
					g := next.Add(1) - 1
					if g >= batchEnd || ctx.Err() != nil {
						return
					}
					frac := min(1, float32(g)/float32(max(1, cfg.Decay)))
					t.play(cfg.Seed, g, cfg.Alpha+(cfg.AlphaEnd-cfg.Alpha)*frac)
				}
			}()
		}
		wg.Wait()
		net.Games = min(next.Load(), batchEnd)
		if err := saveCheckpoint(net, cfg.Dir); err != nil {
			return nil, err
		}
		msg := fmt.Sprintf("games %d  elapsed %s", net.Games, time.Since(start).Round(time.Second))
		if cfg.Judge != nil && net.Games%cfg.Checkpoint == 0 {
			if pr, err := cfg.Judge(net); err == nil {
				msg += fmt.Sprintf("  PR(0-ply) %.2f", pr)
			} else {
				msg += "  judge: " + err.Error()
			}
		}
		fmt.Fprintln(cfg.Log, msg)
		if ctx.Err() != nil {
			return net, ctx.Err()
		}
	}
	return net, nil
}

// saveCheckpoint writes the network as latest.bin and as net-GAMES.bin,
// each through a temporary file so a crash never leaves half a file.
func saveCheckpoint(net *Net, dir string) error {
	data, err := net.MarshalBinary()
	if err != nil {
		return fmt.Errorf("encode checkpoint: %w", err)
	}
	for _, name := range []string{fmt.Sprintf("net-%d.bin", net.Games), "latest.bin"} {
		if err := writeWhole(filepath.Join(dir, name), data); err != nil {
			return fmt.Errorf("write checkpoint: %w", err)
		}
	}
	return nil
}

// writeWhole writes a file through a temporary one, so that a crash
// never leaves half a file under its name.
func writeWhole(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// backward moves the outputs of the last forward pass toward target by
// gradient descent on the squared error, with learning rate alpha.
func (n *Net) backward(f *features, a *activations, target *[NumOutputs]float32, alpha float32, grad []float32) {
	l := nn.Layers{Hidden: n.Hidden, W1: n.W1, B1: n.B1, W2: n.W2, B2: n.B2}
	l.Backward(f.rows[:f.n], f.vals[:f.n], a.hidden, &a.out, target, alpha, grad)
}

// trainer plays self-play games and learns from them.
type trainer struct {
	net   *Net
	ev    [2]*Evaluator // by rule set
	s     scratch
	state scratch // the position being learnt
	grad  []float32
	// lookahead: targets averaged over every roll (TrainConfig.Lookahead)
	lookahead bool
	// contact, when set, plays each game until contact is broken, by rule
	// set: the network learns races only (TrainConfig.Race).
	contact [2]*Evaluator
	phase   func(*rules.Position) bool // where contact hands the game over
}

func newTrainer(net *Net, lookahead bool) *trainer {
	return &trainer{
		net:       net,
		ev:        [2]*Evaluator{NewEvaluator(net, rules.Nardi, rules.WithKoks), NewEvaluator(net, rules.Standard, rules.WithKoks)},
		grad:      make([]float32, net.Hidden),
		lookahead: lookahead,
	}
}

// outcome is the target of a won game, for the winner.
func outcome(value int) [NumOutputs]float32 {
	t := [NumOutputs]float32{OutWin: 1}
	if value >= rules.Mars {
		t[OutWinMars] = 1
	}
	if value >= rules.Koks {
		t[OutWinKoks] = 1
	}
	return t
}

// play plays game number g of the seed to its end, moving each position's
// evaluation toward that of the position after the greedy play.
func (t *trainer) play(seed uint64, g int64, alpha float32) {
	rng := rand.New(rand.NewPCG(seed, uint64(g)))
	die := func() int { return rng.IntN(6) + 1 }
	rs := rules.RuleSet(g % 2)
	ev := t.ev[rs]
	p := rules.Start()
	_, d := rules.OpeningRoll(die)
	if c := t.contact[rs]; c != nil {
		var ok bool
		if p, d, ok = t.until(c, p, d, die); !ok {
			return
		}
	}
	for ply := 0; ply < 1000; ply++ {
		if t.net.race != nil && !contact(&p) {
			return // the race network judges from here (TrainConfig.RaceNet)
		}
		t.net.encode(&t.state.f, &p)
		t.net.forward(&t.state.f, &t.state.a)
		var target [NumOutputs]float32
		if t.lookahead {
			target = ev.expected(&p, &t.s)
		}
		results := t.s.gen.Results(p, d, rs)
		var next rules.Position
		if len(results) == 0 {
			next = p.Swap()
		} else {
			eqs := ev.ply0(&p, results, &t.s, t.s.eqs)
			t.s.eqs = eqs
			best := argmax(eqs)
			r := results[best]
			if r.Won() {
				if !t.lookahead {
					target = outcome(r.Value(rules.WithKoks))
				}
				t.net.backward(&t.state.f, &t.state.a, &target, alpha, t.grad)
				return
			}
			next = r.Swap()
		}
		if !t.lookahead {
			target = ev.probs(&next, &t.s).flip()
		}
		t.net.backward(&t.state.f, &t.state.a, &target, alpha, t.grad)
		p = next
		d = rules.Dice{die(), die()}
	}
}

// until plays from p with roll d by c's best plays at 0-ply until the
// position is in t.phase, and returns that position and its roll; ok is
// false when the game ends first.
func (t *trainer) until(c *Evaluator, p rules.Position, d rules.Dice, die func() int) (rules.Position, rules.Dice, bool) {
	for ply := 0; ply < 1000 && !t.phase(&p); ply++ {
		next := p.Swap()
		if results := t.s.gen.Results(p, d, c.Rules); len(results) > 0 {
			t.s.eqs = c.ply0(&p, results, &t.s, t.s.eqs)
			r := results[argmax(t.s.eqs)]
			if r.Won() {
				return p, d, false
			}
			next = r.Swap()
		}
		p = next
		d = rules.Dice{die(), die()}
	}
	return p, d, t.phase(&p)
}

// expected returns the chances of the player on roll in p averaged over
// the 21 rolls, each roll played at its best at 0-ply: the target of a
// lookahead step.
func (e *Evaluator) expected(p *rules.Position, s *scratch) [NumOutputs]float32 {
	var sum [NumOutputs]float32
	for _, roll := range rules.Rolls {
		results := s.gen.Results(*p, roll.Dice, e.Rules)
		var pr [NumOutputs]float32
		if len(results) == 0 {
			o := p.Swap()
			pr = e.probs(&o, s).flip()
		} else {
			s.eqs = e.ply0(p, results, s, s.eqs)
			r := results[argmax(s.eqs)]
			if r.Won() {
				pr = outcome(r.Value(rules.WithKoks))
			} else {
				o := r.Swap()
				pr = e.probs(&o, s).flip()
			}
		}
		for k := range sum {
			sum[k] += float32(roll.Weight) * pr[k]
		}
	}
	for k := range sum {
		sum[k] /= 36
	}
	return sum
}
