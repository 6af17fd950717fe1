package train

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"

	"nardi/ai"
	"nardi/rules"
)

// A play's group: the teacher's labels of one roll's plays from one
// position, which the network must put in the teacher's order. The
// positions of the teacher's parts are what the games met; the candidates
// are the results of the plays a roll offers there, the good and the bad,
// so that the network sees the differences it has to rank.

// CandidateConfig says which plays of a roll become candidates.
type CandidateConfig struct {
	// Top: the network's best plays, by its 0-ply equity, always taken
	// (where it errs is among its favourites).
	Top int
	// Others: how many of the remaining plays, drawn at random, join them.
	Others int
}

// DefaultCandidates takes the network's 6 best plays and 3 others.
var DefaultCandidates = CandidateConfig{Top: 6, Others: 3}

// Candidates returns, for the player on roll at p and dice d, the results
// of the candidate plays, each seen by the opponent (on roll next, as the
// teacher's parts hold positions), without repeats, under the standard
// rules. Results the bear-off database knows exactly are left out (no
// network judges them), and a roll with fewer than two candidates left has
// none (nothing to rank).
func Candidates(ev *ai.Evaluator, p rules.Position, d rules.Dice, cfg CandidateConfig, rng *rand.Rand) []rules.Position {
	_, results := rules.LegalPlays(p, d, rules.Standard)
	if len(results) < 2 {
		return nil
	}
	_, eqs := ev.Best0(p, results)
	order := make([]int, len(results))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(eqs[b], eqs[a]) })
	take := order[:min(cfg.Top, len(order))]
	rest := slices.Clone(order[len(take):])
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	take = append(slices.Clone(take), rest[:min(cfg.Others, len(rest))]...)
	var out []rules.Position
	seen := map[string]bool{}
	for _, i := range take {
		q := results[i].Swap()
		if _, exact := ev.Bearoff(&q); exact {
			continue
		}
		if id := q.PositionID(); !seen[id] {
			seen[id] = true
			out = append(out, q)
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// roll draws a roll of two dice.
func roll(rng *rand.Rand) rules.Dice {
	return rules.Dice{1 + rng.IntN(6), 1 + rng.IntN(6)}
}

// WriteCandidates writes the candidates of one part, to be labelled by the
// teacher: for each of the part's positions, one roll drawn from a
// generator seeded with the part's number, and the candidates of that roll
// (Candidates) as lines "POSID<TAB>G", G the group's number in the part.
// It returns the number of groups and of lines.
func WriteCandidates(w io.Writer, part int, samples []Sample, ev *ai.Evaluator, cfg CandidateConfig) (groups, lines int, err error) {
	rng := rand.New(rand.NewPCG(uint64(part), 0x63616e64))
	bw := bufio.NewWriter(w)
	for _, s := range samples {
		cands := Candidates(ev, s.Pos, roll(rng), cfg, rng)
		if cands == nil {
			continue
		}
		for _, q := range cands {
			fmt.Fprintf(bw, "%s\t%d\n", q.PositionID(), groups)
			lines++
		}
		groups++
	}
	if err := bw.Flush(); err != nil {
		return 0, 0, fmt.Errorf("write candidates of part %d: %w", part, err)
	}
	return groups, lines, nil
}
