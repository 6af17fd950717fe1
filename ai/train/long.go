package train

import (
	"bufio"
	"cmp"
	"compress/gzip"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"

	"nardi/ai"
	"nardi/rules"
)

// Long nardi has no outside teacher: its network is taught by its own
// search. Games of the network at 0-ply, with some random plays for
// variety, give the positions; each is labelled with its chances two rolls
// ahead (ai.LongEvaluator.RollProbs), and for one roll drawn at each, the
// network's best plays and a few others become a group of candidates,
// each labelled one roll ahead, as the master level judges them. The parts
// are long-KKKK.tsv.gz and longcand-KKKK.tsv.gz, in the format of the
// teacher's, made from the part's number alone.

// LongConfig sets up the making of long nardi's parts.
type LongConfig struct {
	Positions int     // positions a part
	Depth     int     // rolls ahead of the positions' labels
	CandDepth int     // rolls ahead of the candidates' labels
	Explore   float64 // chance of a random play in the games
	Keep      float64 // chance that a position met is taken
	Cands     CandidateConfig
}

// DefaultLong makes parts of 500 positions labelled two rolls ahead, and
// for each a roll's 5 best plays and 2 others labelled one roll ahead.
var DefaultLong = LongConfig{Positions: 500, Depth: 2, CandDepth: 1, Explore: 0.1, Keep: 0.25,
	Cands: CandidateConfig{Top: 5, Others: 2}}

// LongPart makes part number part: its positions with their labels, and
// its groups of candidates (numbered from 0 in the part).
func LongPart(ev *ai.LongEvaluator, part int, cfg LongConfig) (positions, cands []Sample) {
	rng := rand.New(rand.NewPCG(uint64(part), 0x6c6f6e67))
	for game := 0; len(positions) < cfg.Positions; game++ {
		for _, p := range longGame(ev, rng, cfg) {
			if len(positions) == cfg.Positions {
				break
			}
			positions = append(positions, Sample{Pos: p, Probs: ev.RollProbs(p, cfg.Depth), Group: -1})
			group := int64(len(positions) - 1)
			for _, q := range LongCandidates(ev, p, roll(rng), cfg.Cands, rng) {
				cands = append(cands, Sample{Pos: q, Probs: ev.RollProbs(q, cfg.CandDepth), Group: group})
			}
		}
	}
	return positions, cands
}

// longGame plays one game of the network at 0-ply, a random play instead
// with chance cfg.Explore, and returns the positions met that it keeps
// (each with chance cfg.Keep), the player on roll, none that the
// evaluator reads exactly.
func longGame(ev *ai.LongEvaluator, rng *rand.Rand, cfg LongConfig) []rules.Position {
	var out []rules.Position
	p := rules.Long.Start()
	_, d := rules.OpeningRoll(func() int { return 1 + rng.IntN(6) })
	for ply := 0; ply < 2000; ply++ {
		if rng.Float64() < cfg.Keep && !ev.Exact(&p) {
			out = append(out, p)
		}
		first := p.Mine[24] == rules.Checkers
		t := rules.Long.NewTurn(p, d, rules.Standard, first)
		results := t.Results()
		next := p
		switch {
		case len(results) == 0:
		case rng.Float64() < cfg.Explore:
			next = results[rng.IntN(len(results))]
		default:
			_, next, _ = ev.Choose(p, d, first, ai.NetAlone, 0)
		}
		if next.Won() || ev.Exact(&next) {
			break
		}
		p = next.Swap()
		d = roll(rng)
	}
	return out
}

// LongCandidates is Candidates for long nardi: the results of the
// network's cfg.Top best plays of roll d at p and cfg.Others more at
// random, each seen by the opponent on roll, without repeats, less those
// won or read exactly; none when fewer than two are left.
func LongCandidates(ev *ai.LongEvaluator, p rules.Position, d rules.Dice, cfg CandidateConfig, rng *rand.Rand) []rules.Position {
	first := p.Mine[24] == rules.Checkers
	results := rules.Long.NewTurn(p, d, rules.Standard, first).Results()
	if len(results) < 2 {
		return nil
	}
	eqs := make([]float64, len(results))
	for i, r := range results {
		if r.Won() {
			eqs[i] = 3 // no network judges it; it is left out below
			continue
		}
		eqs[i] = -ev.Evaluate(r.Swap()).Equity(rules.OinMars)
	}
	order := make([]int, len(results))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(eqs[b], eqs[a]) })
	take := slices.Clone(order[:min(cfg.Top, len(order))])
	rest := slices.Clone(order[len(take):])
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	take = append(take, rest[:min(cfg.Others, len(rest))]...)
	var out []rules.Position
	for _, i := range take {
		if results[i].Won() {
			continue
		}
		q := results[i].Swap()
		if !ev.Exact(&q) && !slices.Contains(out, q) {
			out = append(out, q)
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// The names of long nardi's parts.
const (
	longPrefix          = "long-"
	longCandidatePrefix = "longcand-"
)

// ListLongParts returns long nardi's parts of positions in dir, by number.
func ListLongParts(dir string) ([]Part, error) { return listParts(dir, longPrefix) }

// ListLongCandidates returns long nardi's parts of candidates in dir.
func ListLongCandidates(dir string) ([]Part, error) { return listParts(dir, longCandidatePrefix) }

// WriteLongPart makes part number part (LongPart) and writes its two
// files into dir, each under a temporary name renamed when whole, the
// positions last: a part whose positions are on disk is complete. (The
// candidates' draws come from the part's generator too, so a part depends
// on cfg.Cands as well as on its number and the network.)
func WriteLongPart(dir string, ev *ai.LongEvaluator, part int, cfg LongConfig) error {
	positions, cands := LongPart(ev, part, cfg)
	head := fmt.Sprintf("long nardi, part %d: candidates of %d positions' rolls (%d best, %d others), labelled %d roll(s) ahead",
		part, len(positions), cfg.Cands.Top, cfg.Cands.Others, cfg.CandDepth)
	if err := writeLongFile(dir, fmt.Sprintf("%s%04d.tsv.gz", longCandidatePrefix, part), head, cands); err != nil {
		return err
	}
	head = fmt.Sprintf("long nardi, part %d: %d positions, labelled %d rolls ahead by the network (candidates: %d best, %d others)",
		part, len(positions), cfg.Depth, cfg.Cands.Top, cfg.Cands.Others)
	return writeLongFile(dir, fmt.Sprintf("%s%04d.tsv.gz", longPrefix, part), head, positions)
}

// longScale is the stored value of a chance of 1 in long nardi's parts.
const longScale = 1000

// writeLongFile writes samples as a gzip-ed part named name in dir.
func writeLongFile(dir, name, head string, samples []Sample) error {
	tmp, err := os.CreateTemp(dir, name+".*")
	if err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	defer os.Remove(tmp.Name())
	zw := gzip.NewWriter(tmp)
	if err := writeSamples(zw, head, samples); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", name, err)
	}
	if err := zw.Close(); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", name, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	if err := os.Rename(tmp.Name(), filepath.Join(dir, name)); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	return nil
}

// writeSamples writes a comment line, then one line a sample: its
// Position ID, its chances ×longScale and, for a candidate, its group.
func writeSamples(w io.Writer, head string, samples []Sample) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# %s (x%d)\n", head, longScale)
	for _, s := range samples {
		bw.WriteString(s.Pos.PositionID())
		for _, c := range s.Probs {
			fmt.Fprintf(bw, "\t%d", int(c*longScale+0.5))
		}
		if s.Group >= 0 {
			fmt.Fprintf(bw, "\t%d", s.Group)
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}
