package train

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
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

// DistillConfig sets up training toward deeper targets: a teacher network
// plays self-play games, each position met is given its value two rolls
// ahead (RollProbs: every roll of the player on roll, then every roll of
// the opponent, each played at its best at 0-ply), and a student, starting as
// the teacher, is fitted to those values. A target costs about 9,000
// evaluations, against one for a TD step, and the student learns what the
// teacher sees two rolls on.
type DistillConfig struct {
	Teacher *ai.Net // plays the games, gives the targets and is the student's start
	Seed    uint64  // seeds every game's dice and the fit's order
	Games   int     // self-play games whose positions are taken
	Workers int     // blocks of games worked on at once; the result does not depend on it
	Epochs  int     // passes of the fit over all targets
	// Candidates, when above 0, makes the targets the results of each
	// decision's best Candidates plays at 0-ply (within candidateWindow of
	// the best), seen from the opponent on roll, instead of the positions
	// met: the student learns to rank the plays a search looks at. Their
	// values two rolls on are then found with the teacher's pruner, when it
	// has one (ai.Net.SetPruner), as the searches find them.
	Candidates int
	// Alpha is the fit's learning rate in the first epoch; it falls
	// linearly to AlphaEnd in the last.
	Alpha, AlphaEnd float32
	Dir             string // targets (targets-B.bin) and epochs (fit-E.bin) go here; a run resumes from them
	Log             io.Writer
	Judge           func(*ai.Net) (float64, error) // when set, logged after each epoch
}

// distillBlock is the number of games whose targets go in one file.
const distillBlock = 50

// explore is the chance that a game's player takes a random play instead
// of its best, so that the positions met are not only the teacher's own.
const explore = 0.05

// target is one fitted position: the player on roll, and its chances two
// rolls ahead.
type target struct {
	pos   rules.Position
	probs [ai.NumOutputs]float32
}

// targetSize is the size of a target on disk: 52 counts and 5 float32s.
const targetSize = 2*26 + 4*ai.NumOutputs

// Distill makes the targets of cfg.Games games (skipping blocks already on
// disk), then fits the student epoch by epoch (resuming after the last
// epoch on disk), and returns it.
func Distill(ctx context.Context, cfg DistillConfig) (*ai.Net, error) {
	if cfg.Teacher == nil || !cfg.Teacher.Short() {
		return nil, errors.New("distill: the teacher must be a short nardi network")
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	cfg.Workers = max(cfg.Workers, 1)
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("distill dir: %w", err)
	}
	if err := makeTargets(ctx, cfg); err != nil {
		return nil, err
	}
	return fitStudent(ctx, cfg)
}

// blocks is the number of target files of cfg's games.
func (cfg DistillConfig) blocks() int { return (cfg.Games + distillBlock - 1) / distillBlock }

func (cfg DistillConfig) blockPath(b int) string {
	return filepath.Join(cfg.Dir, fmt.Sprintf("targets-%d.bin", b))
}

// makeTargets writes the target files still missing, on cfg.Workers
// goroutines, each file whole or not at all.
func makeTargets(ctx context.Context, cfg DistillConfig) error {
	var todo []int
	for b := range cfg.blocks() {
		if _, err := os.Stat(cfg.blockPath(b)); errors.Is(err, fs.ErrNotExist) {
			todo = append(todo, b)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	fmt.Fprintf(cfg.Log, "targets: %d blocks of %d games to make\n", len(todo), distillBlock)
	start := time.Now()
	var next, done atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, cfg.Workers)
	for w := range cfg.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tm := newTargetMaker(cfg.Teacher)
			tm.candidates = cfg.Candidates
			for {
				k := int(next.Add(1) - 1)
				if k >= len(todo) || ctx.Err() != nil {
					return
				}
				b := todo[k]
				var buf bytes.Buffer
				for g := b * distillBlock; g < min(cfg.Games, (b+1)*distillBlock); g++ {
					for _, t := range tm.game(ctx, cfg.Seed, int64(g)) {
						t.write(&buf)
					}
				}
				if ctx.Err() != nil {
					return // a block is written whole or not at all
				}
				if err := writeWhole(cfg.blockPath(b), buf.Bytes()); err != nil {
					errs[w] = fmt.Errorf("write targets: %w", err)
					return
				}
				fmt.Fprintf(cfg.Log, "targets: block %d done (%d of %d)  elapsed %s\n", b, done.Add(1), len(todo), time.Since(start).Round(time.Second))
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	return ctx.Err()
}

// targetMaker plays the teacher's games and works out their targets.
type targetMaker struct {
	ev         [2]*ai.Teacher // by rule set
	results    []rules.Position
	candidates int // see DistillConfig.Candidates
	top        []int
	inner      [2]*ai.Teacher // the candidates' targets' (ev holds the decision's)
}

// candidateWindow bounds the candidates' loss at 0-ply against the best.
const candidateWindow = 0.30

func newTargetMaker(net *ai.Net) *targetMaker {
	return &targetMaker{
		ev:    [2]*ai.Teacher{teacher(net, rules.Nardi), teacher(net, rules.Standard)},
		inner: [2]*ai.Teacher{teacher(net, rules.Nardi), teacher(net, rules.Standard)},
	}
}

// game plays game g of the seed, in the rule set of g's parity, and
// returns the targets of its positions the network decides (those the
// bear-off database knows exactly are left out); none once ctx ends.
func (tm *targetMaker) game(ctx context.Context, seed uint64, g int64) []target {
	rng := rand.New(rand.NewPCG(seed, uint64(g)^0x64697374))
	die := func() int { return rng.IntN(6) + 1 }
	ev, inner := tm.ev[g%2], tm.inner[g%2]
	var out []target
	p := rules.Start()
	_, d := rules.OpeningRoll(die)
	for ply := 0; ply < 1000; ply++ {
		if ctx.Err() != nil {
			return nil
		}
		if _, exact := ev.Bearoff(&p); !exact && tm.candidates == 0 {
			out = append(out, target{p, [ai.NumOutputs]float32(ev.RollProbs(p))})
		}
		tm.results = append(tm.results[:0], ev.Results(p, d)...)
		next := p.Swap()
		if len(tm.results) > 0 {
			i := rng.IntN(len(tm.results))
			best := rng.Float64() >= explore
			fitted := tm.candidates > 0 && len(tm.results) > 1
			var eqs []float64
			if best || fitted {
				eqs = ev.Ply0(&p, tm.results)
			}
			if fitted {
				out = tm.candidateTargets(inner, eqs, out)
			}
			if best {
				i = nn.Argmax(eqs)
			}
			r := tm.results[i]
			if r.Won() {
				return out
			}
			next = r.Swap()
		}
		p = next
		d = rules.Dice{die(), die()}
	}
	return out
}

// candidateTargets appends the targets of the best candidates among
// tm.results, whose 0-ply equities are eqs: each result from the
// opponent's side, with its chances two rolls on as ev's searches find
// them.
func (tm *targetMaker) candidateTargets(ev *ai.Teacher, eqs []float64, out []target) []target {
	tm.top = nn.TopIndices(eqs, tm.candidates, tm.top)
	best := eqs[tm.top[0]]
	for _, i := range tm.top {
		r := tm.results[i]
		if eqs[i] < best-candidateWindow || r.Won() {
			continue
		}
		opp := r.Swap()
		if _, exact := ev.Bearoff(&opp); exact {
			continue
		}
		out = append(out, target{opp, [ai.NumOutputs]float32(ev.SearchProbs(&opp))})
	}
	return out
}

func (t *target) write(w *bytes.Buffer) {
	for _, side := range [2]*[26]int8{&t.pos.Mine, &t.pos.Theirs} {
		for _, n := range side {
			w.WriteByte(byte(n))
		}
	}
	for _, v := range t.probs {
		w.Write(binary.LittleEndian.AppendUint32(nil, math.Float32bits(v)))
	}
}

// readTargets reads a target file.
func readTargets(path string) ([]target, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read targets: %w", err)
	}
	if len(data)%targetSize != 0 {
		return nil, fmt.Errorf("read targets: %s: %d bytes, not whole targets", path, len(data))
	}
	out := make([]target, len(data)/targetSize)
	for i := range out {
		rec := data[i*targetSize : (i+1)*targetSize]
		for j := range 26 {
			out[i].pos.Mine[j], out[i].pos.Theirs[j] = int8(rec[j]), int8(rec[26+j])
		}
		for k := range ai.NumOutputs {
			out[i].probs[k] = math.Float32frombits(binary.LittleEndian.Uint32(rec[52+4*k:]))
		}
	}
	return out, nil
}

// fitStudent trains the student on every target, one shuffled pass an
// epoch, resuming after the last epoch written. When ctx ends it returns
// the student of the last epoch written, and ctx's error.
func fitStudent(ctx context.Context, cfg DistillConfig) (*ai.Net, error) {
	var all []target
	for b := range cfg.blocks() {
		ts, err := readTargets(cfg.blockPath(b))
		if err != nil {
			return nil, err
		}
		all = append(all, ts...)
	}
	student := cfg.Teacher.Widen(cfg.Teacher.Inputs)
	first := 0
	for e := cfg.Epochs; e > 0; e-- {
		data, err := os.ReadFile(filepath.Join(cfg.Dir, fmt.Sprintf("fit-%d.bin", e)))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err == nil {
			err = student.UnmarshalBinary(data)
		}
		if err != nil {
			return nil, fmt.Errorf("resume the fit: %w", err)
		}
		first = e
		fmt.Fprintf(cfg.Log, "fit: resuming after epoch %d\n", e)
		break
	}
	l := newLearner(student)
	order := make([]int, len(all))
	for e := first; e < cfg.Epochs; e++ {
		if err := ctx.Err(); err != nil {
			return student, err
		}
		alpha := cfg.Alpha
		if cfg.Epochs > 1 {
			alpha += (cfg.AlphaEnd - cfg.Alpha) * float32(e) / float32(cfg.Epochs-1)
		}
		rng := rand.New(rand.NewPCG(cfg.Seed, uint64(e)))
		for i := range order {
			order[i] = i
		}
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		loss := 0.0
		done := student.Widen(student.Inputs) // the last epoch written
		for n, i := range order {
			if n%1024 == 0 && ctx.Err() != nil {
				return done, ctx.Err()
			}
			t := &all[i]
			out := l.forward(&t.pos)
			for k := range ai.NumOutputs {
				d := float64(out[k] - t.probs[k])
				loss += d * d
			}
			l.backward(&t.probs, alpha)
		}
		data, err := student.MarshalBinary()
		if err == nil {
			err = writeWhole(filepath.Join(cfg.Dir, fmt.Sprintf("fit-%d.bin", e+1)), data)
		}
		if err != nil {
			return nil, fmt.Errorf("write the fit: %w", err)
		}
		msg := fmt.Sprintf("fit: epoch %d of %d on %d targets  rate %.4f  mean squared error %.5f", e+1, cfg.Epochs, len(all), alpha, loss/float64(max(1, len(all))))
		if cfg.Judge != nil {
			if pr, err := cfg.Judge(student); err == nil {
				msg += fmt.Sprintf("  PR(0-ply) %.2f", pr)
			}
		}
		fmt.Fprintln(cfg.Log, msg)
	}
	return student, nil
}
