package ai

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"nardi/rules"
)

// Sample is a short nardi position, its player on roll, with the chances
// a network is taught for it.
type Sample struct {
	Pos    rules.Position
	Rules  rules.RuleSet
	Target Probs
}

// sampleSize is a Sample's size on disk: both sides' 26 counts, the rule
// set and the five chances as float32.
const sampleSize = 26*2 + 1 + NumOutputs*4

// SampleGames plays self-play games first..first+games-1 of the seed
// with the network (at 0-ply, one play in ten the second best, so that
// the games wander as people's do; even games under the nardi rules, odd
// ones under the standard rules) and returns every position met before a
// roll, apart from exact bear-offs, with its chances one roll ahead: each
// of the 21 rolls answered with its best play at 0-ply, the chances read
// after it. Those are the targets of "TD with lookahead": fitted to them,
// a network's static estimate learns what the one-roll search sees.
func SampleGames(net *Net, first, games int64, seed uint64, workers int) []Sample {
	var (
		next atomic.Int64
		mu   sync.Mutex
		out  = make([][]Sample, games)
		wg   sync.WaitGroup
	)
	for range max(1, workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			evs := [2]*Evaluator{NewEvaluator(net, rules.Nardi, rules.WithKoks), NewEvaluator(net, rules.Standard, rules.WithKoks)}
			for {
				k := next.Add(1) - 1
				if k >= games {
					return
				}
				g := first + k
				samples := sampleGame(evs[g%2], seed, g)
				mu.Lock()
				out[k] = samples
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	var all []Sample
	for _, s := range out {
		all = append(all, s...)
	}
	return all
}

// sampleGame plays game g of the seed and returns its samples.
func sampleGame(e *Evaluator, seed uint64, g int64) []Sample {
	rng := rand.New(rand.NewPCG(seed, uint64(g)^0x6669740a))
	die := func() int { return rng.IntN(6) + 1 }
	var s scratch
	var samples []Sample
	p := rules.Start()
	_, d := rules.OpeningRoll(die)
	for ply := 0; ply < 1000; ply++ {
		if ply > 0 { // the opening roll is not chosen like the others
			if _, exact := e.exact(&p); !exact {
				q := p.Swap()
				samples = append(samples, Sample{Pos: p, Rules: e.Rules, Target: e.probs1(&q, &s).flip()})
			}
		}
		_, results := s.gen.Plays(p, d, e.Rules)
		next := p
		if len(results) > 0 {
			s.eqs = e.ply0(&p, results, &s, s.eqs)
			i := argmax(s.eqs)
			if len(results) > 1 && rng.IntN(10) == 0 {
				second := -1
				for j, eq := range s.eqs {
					if j != i && (second < 0 || eq > s.eqs[second]) {
						second = j
					}
				}
				i = second
			}
			if results[i].Won() {
				return samples
			}
			next = results[i]
		}
		p = next.Swap()
		d = rules.Dice{die(), die()}
	}
	return samples
}

// Fit trains the network on the samples by gradient descent on the
// squared error: epochs passes in an order shuffled by seed, the rate
// falling linearly from alpha to a tenth of it. It returns the mean
// squared error of the last pass, before each update.
func Fit(net *Net, samples []Sample, epochs int, alpha float32, seed uint64) float64 {
	rng := rand.New(rand.NewPCG(seed, 0x666974))
	order := make([]int, len(samples))
	for i := range order {
		order[i] = i
	}
	var s scratch
	grad := make([]float32, net.Hidden)
	var mse float64
	total := float32(epochs * len(samples))
	step := 0
	for range epochs {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		mse = 0
		for _, i := range order {
			sm := &samples[i]
			net.encode(&s.f, &sm.Pos)
			net.forward(&s.f, &s.a)
			for k := range NumOutputs {
				d := float64(sm.Target[k] - s.a.out[k])
				mse += d * d
			}
			t := [NumOutputs]float32(sm.Target)
			rate := alpha * (1 - 0.9*float32(step)/total)
			net.backward(&s.f, &s.a, &t, rate, grad)
			step++
		}
		mse /= float64(len(samples) * NumOutputs)
	}
	return mse
}

// WriteSamples writes samples in a fixed binary form.
func WriteSamples(w io.Writer, samples []Sample) error {
	var b bytes.Buffer
	for _, sm := range samples {
		for _, side := range [][26]int8{sm.Pos.Mine, sm.Pos.Theirs} {
			for _, c := range side {
				b.WriteByte(byte(c))
			}
		}
		b.WriteByte(byte(sm.Rules))
		if err := binary.Write(&b, binary.LittleEndian, [NumOutputs]float32(sm.Target)); err != nil {
			return err
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// ReadSamples reads what WriteSamples wrote.
func ReadSamples(data []byte) ([]Sample, error) {
	if len(data)%sampleSize != 0 {
		return nil, errors.New("ai: samples file of a broken length")
	}
	samples := make([]Sample, len(data)/sampleSize)
	for i := range samples {
		rec := data[i*sampleSize : (i+1)*sampleSize]
		sm := &samples[i]
		for j := range 26 {
			sm.Pos.Mine[j], sm.Pos.Theirs[j] = int8(rec[j]), int8(rec[26+j])
		}
		sm.Rules = rules.RuleSet(rec[52])
		if err := binary.Read(bytes.NewReader(rec[53:]), binary.LittleEndian, (*[NumOutputs]float32)(&sm.Target)); err != nil {
			return nil, err
		}
	}
	return samples, nil
}

// SampleDir makes the samples of games 0..games-1 in chunks of chunk
// games, each chunk written to dir as samples-K.bin through a temporary
// file (an interrupted run goes on from the chunks already written, and
// gives the same samples), and returns them all.
func SampleDir(net *Net, dir string, games, chunk int64, seed uint64, workers int, log io.Writer) ([]Sample, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("samples dir: %w", err)
	}
	var all []Sample
	for k := int64(0); k*chunk < games; k++ {
		name := filepath.Join(dir, fmt.Sprintf("samples-%d.bin", k))
		data, err := os.ReadFile(name)
		if errors.Is(err, fs.ErrNotExist) {
			samples := SampleGames(net, k*chunk, min(chunk, games-k*chunk), seed, workers)
			var b bytes.Buffer
			if err := WriteSamples(&b, samples); err != nil {
				return nil, fmt.Errorf("samples: %w", err)
			}
			if err := os.WriteFile(name+".tmp", b.Bytes(), 0o644); err != nil {
				return nil, fmt.Errorf("samples: %w", err)
			}
			if err := os.Rename(name+".tmp", name); err != nil {
				return nil, fmt.Errorf("samples: %w", err)
			}
			data = b.Bytes()
			fmt.Fprintf(log, "samples: chunk %d, %d positions\n", k, len(samples))
		} else if err != nil {
			return nil, fmt.Errorf("samples: %w", err)
		}
		samples, err := ReadSamples(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		all = append(all, samples...)
	}
	return all, nil
}
