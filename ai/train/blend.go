package train

import (
	"fmt"
	"io"
	"math"
	"path/filepath"

	"nardi/ai"
)

// BlendPart writes the part of plays at in (plays-KKKK.tsv.gz, drawn from
// the teacher's part at parent) again at out, each candidate's chances
// blended with those of our own search: (1 − weight) × the teacher's +
// weight × ev.SearchProbs, the chances two rolls ahead that the master
// level's 2-ply sees. gnubg's 2-ply and ours err apart (README, "Two
// teachers"), so their mean orders a roll's plays better than either. The
// part is read back before it is kept (nothing is written at out on a
// failure); BlendPart returns the candidates written.
func BlendPart(in, parent, out string, ev *ai.Evaluator, weight float64, source string) (int, error) {
	if weight < 0 || weight > 1 {
		return 0, fmt.Errorf("blend %s: the weight %v is not in [0, 1]", in, weight)
	}
	from, err := ReadPart(parent)
	if err != nil {
		return 0, err
	}
	cands, err := readGzip(in, func(r io.Reader) ([]Sample, error) { return readPlays(r, from) })
	if err != nil {
		return 0, fmt.Errorf("blend %s: %w", in, err)
	}
	for i := range cands {
		if weight == 0 {
			break // the teacher's chances as they are: no search needed
		}
		c := &cands[i]
		ours := ev.SearchProbs(c.Pos)
		for k := range c.Probs {
			c.Probs[k] = float32((1-weight)*float64(c.Probs[k]) + weight*float64(ours[k]))
		}
	}
	comment := fmt.Sprintf("plays of %s blended with %s two rolls ahead, weight %g: the chances as in the part (x1000)",
		filepath.Base(in), source, weight)
	// The chances are written in thousandths: read back, each is within
	// half of one of what was blended.
	near := func(back, c Sample) bool {
		for k := range c.Probs {
			if math.Abs(float64(back.Probs[k]-c.Probs[k])) > 0.0005+1e-6 {
				return false
			}
		}
		return true
	}
	if _, err := writePlaysPart(out, comment, from, cands, near); err != nil {
		return 0, fmt.Errorf("blend %s: %w", in, err)
	}
	return len(cands), nil
}
