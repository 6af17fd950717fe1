package train

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

	"nardi/ai"
	"nardi/ai/internal/nn"
	"nardi/rules"
)

// TDConfig sets up self-play training by temporal differences.
type TDConfig struct {
	Long       bool    // train a long nardi network (else short nardi's)
	Inputs     int     // inputs of a new short nardi network: ai.NumInputs, or ai.NumInputs+ai.ExtInputs
	From       *ai.Net // start from this network (widened to Inputs) instead of random weights
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
	// ai.Net.SetRace): From, unchanged, plays each game at 0-ply until contact
	// is broken, and the network, starting as a copy of From, learns from
	// there to the end (short nardi only).
	Race bool
	// Late trains a network for the late positions with contact (see
	// ai.Net.SetLate) as Race does for races: From plays until the game is
	// late (or a race), and the copy learns from there; with RaceNet the
	// races are left to it.
	Late bool
	// RaceNet, when set, judges the positions without contact for a short
	// nardi network that learns only the others: a game's learning ends
	// where contact is broken, toward RaceNet's value there.
	RaceNet *ai.Net
	Dir     string // where checkpoints go; training resumes from Dir/latest.bin
	Log     io.Writer
	// Judge, when set, is called at each checkpoint and its figure logged.
	Judge func(*ai.Net) (float64, error)
}

// TD trains a network by self-play TD(0), resuming from the latest
// checkpoint in cfg.Dir when there is one, and returns it once it has
// played cfg.Games games or ctx ends (after writing a checkpoint).
func TD(ctx context.Context, cfg TDConfig) (*ai.Net, error) {
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
	inputs := cmp.Or(cfg.Inputs, ai.NumInputs)
	if cfg.Long {
		inputs = ai.LongInputs
	}
	if (cfg.Race || cfg.Late) && (cfg.From == nil || cfg.Long || cfg.Race && cfg.Late) {
		return nil, errors.New("a race or a late network is trained from a short nardi network")
	}
	net := ai.NewNet(inputs, cfg.Hidden, cfg.Seed)
	if cfg.From != nil {
		// A short nardi network may gain the extra inputs; nothing else
		// changes its inputs' meaning.
		if in := cfg.From.Inputs; in != inputs && (cfg.Long || in < ai.NumInputs || in > inputs) {
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
			return nil, fmt.Errorf("train beside a race network: %w", err)
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
				tr := newTDTrainer(net, cfg.Lookahead)
				tr.raceNet = cfg.RaceNet != nil
				if cfg.Race || cfg.Late {
					tr.contact = [2]*ai.Teacher{teacher(cfg.From, rules.Nardi), teacher(cfg.From, rules.Standard)}
					tr.phase = func(p *rules.Position) bool { return !ai.Contact(p) }
					if cfg.Late {
						tr.phase = func(p *rules.Position) bool { return !ai.Contact(p) || ai.Late(p) }
					}
				}
				var t interface{ play(uint64, int64, float32) } = tr
				if cfg.Long {
					t = newTDLongTrainer(net)
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
func saveCheckpoint(net *ai.Net, dir string) error {
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

// learner moves a network's outputs toward targets, one position at a
// time, by the arithmetic the player evaluates with.
type learner struct {
	net    *ai.Net
	rows   []int32
	vals   []float32
	hidden []float32
	out    [ai.NumOutputs]float32
	grad   []float32
}

func newLearner(net *ai.Net) *learner {
	return &learner{net: net, hidden: make([]float32, net.Hidden), grad: make([]float32, net.Hidden)}
}

// forward evaluates p, the player on roll, and returns the network's raw
// outputs.
func (l *learner) forward(p *rules.Position) *[ai.NumOutputs]float32 {
	n := l.net
	l.rows, l.vals = n.Features(p, l.rows[:0], l.vals[:0])
	w := nn.Layers{Hidden: n.Hidden, W1: n.W1, B1: n.B1, W2: n.W2, B2: n.B2}
	w.Forward(l.rows, l.vals, l.hidden, &l.out)
	return &l.out
}

// backward moves the outputs of the last forward pass toward target by
// gradient descent on the squared error, with learning rate alpha.
func (l *learner) backward(target *[ai.NumOutputs]float32, alpha float32) {
	n := l.net
	w := nn.Layers{Hidden: n.Hidden, W1: n.W1, B1: n.B1, W2: n.W2, B2: n.B2}
	w.Backward(l.rows, l.vals, l.hidden, &l.out, target, alpha, l.grad)
}

// teacher returns a teacher of net's judgement under the rule set, with
// koks counted.
func teacher(net *ai.Net, rs rules.RuleSet) *ai.Teacher {
	return ai.NewTeacher(ai.NewEvaluator(net, rs, rules.WithKoks))
}

// tdTrainer plays self-play games and learns from them.
type tdTrainer struct {
	net   *ai.Net
	ev    [2]*ai.Teacher // by rule set
	state *learner       // the position being learnt
	// lookahead: targets averaged over every roll (TDConfig.Lookahead)
	lookahead bool
	// raceNet: the network has a race network, which judges the races
	// (TDConfig.RaceNet).
	raceNet bool
	// contact, when set, plays each game until contact is broken, by rule
	// set: the network learns races only (TDConfig.Race).
	contact [2]*ai.Teacher
	phase   func(*rules.Position) bool // where contact hands the game over
}

func newTDTrainer(net *ai.Net, lookahead bool) *tdTrainer {
	return &tdTrainer{
		net:       net,
		ev:        [2]*ai.Teacher{teacher(net, rules.Nardi), teacher(net, rules.Standard)},
		state:     newLearner(net),
		lookahead: lookahead,
	}
}

// outcome is the target of a won game, for the winner.
func outcome(value int) [ai.NumOutputs]float32 {
	t := [ai.NumOutputs]float32{ai.OutWin: 1}
	if value >= rules.Mars {
		t[ai.OutWinMars] = 1
	}
	if value >= rules.Koks {
		t[ai.OutWinKoks] = 1
	}
	return t
}

// play plays game number g of the seed to its end, moving each position's
// evaluation toward that of the position after the greedy play.
func (t *tdTrainer) play(seed uint64, g int64, alpha float32) {
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
		if t.raceNet && !ai.Contact(&p) {
			return // the race network judges from here (TDConfig.RaceNet)
		}
		t.state.forward(&p)
		var target [ai.NumOutputs]float32
		if t.lookahead {
			target = expected(ev, &p)
		}
		results := ev.Results(p, d)
		var next rules.Position
		if len(results) == 0 {
			next = p.Swap()
		} else {
			r := results[ev.Best0(&p, results)]
			if r.Won() {
				if !t.lookahead {
					target = outcome(r.Value(rules.WithKoks))
				}
				t.state.backward(&target, alpha)
				return
			}
			next = r.Swap()
		}
		if !t.lookahead {
			target = ev.Probs(&next).Flip()
		}
		t.state.backward(&target, alpha)
		p = next
		d = rules.Dice{die(), die()}
	}
}

// until plays from p with roll d by c's best plays at 0-ply until the
// position is in t.phase, and returns that position and its roll; ok is
// false when the game ends first.
func (t *tdTrainer) until(c *ai.Teacher, p rules.Position, d rules.Dice, die func() int) (rules.Position, rules.Dice, bool) {
	for ply := 0; ply < 1000 && !t.phase(&p); ply++ {
		next := p.Swap()
		if results := c.Results(p, d); len(results) > 0 {
			r := results[c.Best0(&p, results)]
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
// the 21 rolls, each roll played at its best at 0-ply by e: the target of
// a lookahead step.
func expected(e *ai.Teacher, p *rules.Position) [ai.NumOutputs]float32 {
	var sum [ai.NumOutputs]float32
	for _, roll := range rules.Rolls {
		results := e.Results(*p, roll.Dice)
		var pr [ai.NumOutputs]float32
		if len(results) == 0 {
			o := p.Swap()
			pr = e.Probs(&o).Flip()
		} else {
			r := results[e.Best0(p, results)]
			if r.Won() {
				pr = outcome(r.Value(rules.WithKoks))
			} else {
				o := r.Swap()
				pr = e.Probs(&o).Flip()
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
