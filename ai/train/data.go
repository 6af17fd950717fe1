// Package train is the lab of supervised training: it reads the teacher's
// dataset (positions labelled by GNU Backgammon with its cubeless outcome
// chances, see data/README.md), splits it into training and validation by
// part, and fits the player's networks (package ai) to it by minibatch Adam
// on the cross-entropy of the five outputs. Package ai plays; this package
// only teaches, and the player reads nothing from it.
package train

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"nardi/ai"
	"nardi/rules"
)

// Sample is one labelled position: the player on roll, before rolling, and
// the teacher's chances for that player, indexed as the network's outputs
// (ai.OutWin ... ai.OutLoseKoks).
type Sample struct {
	Pos   rules.Position
	Probs [ai.NumOutputs]float32
	// Group is the roll's group of a candidate (see Candidates), unique
	// across parts once read by ReadPart (part K's group G is K·groupsPerPart +
	// G, beyond an int32 from part 21475 on); −1 for a teacher's position.
	Group int64
}

// Equity is the sample's cubeless money equity for the player on roll,
// backgammons counted: 2w − 1 + wg − lg + wbg − lbg.
func (s *Sample) Equity() float64 {
	return ai.Probs(s.Probs).Equity(rules.WithKoks)
}

// labelScale is the stored value of a chance of 1, unless a part's
// comment names another as "(xN)": the candidates store thousandths.
const labelScale = 65535

// ReadPart reads one part of the dataset, a gzip-ed file of lines
// "POSID<TAB>w<TAB>wg<TAB>wbg<TAB>lg<TAB>lbg" (chances ×65535; lines
// starting with # are comments). Long nardi's parts (long-, longcand-)
// hold long nardi positions; a part of plays (plays-KKKK.tsv.gz) is read
// with the teacher's part it was drawn from.
func ReadPart(path string) ([]Sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read part: %w", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("read part %s: %w", path, err)
	}
	name := filepath.Base(path)
	v := rules.Short
	if strings.HasPrefix(name, longPrefix) || strings.HasPrefix(name, longCandidatePrefix) {
		v = rules.Long
	}
	var out []Sample
	if k, ok := partNumber(name, playsPrefix); ok {
		out, err = readPlaysPart(zr, path, k)
	} else {
		out, err = readSamples(zr, v)
	}
	if err != nil {
		return nil, fmt.Errorf("read part %s: %w", path, err)
	}
	k, ok := partNumber(name, playsPrefix)
	for _, prefix := range []string{candidatePrefix, longCandidatePrefix} {
		if !ok {
			k, ok = partNumber(name, prefix)
		}
	}
	if ok {
		for i := range out {
			if out[i].Group >= 0 {
				out[i].Group += int64(k) * groupsPerPart
			}
		}
	}
	return out, nil
}

// readSamples reads the lines of a part of the variant, uncompressed.
func readSamples(r io.Reader, v rules.Variant) ([]Sample, error) {
	var out []Sample
	scale := float32(labelScale)
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if c, ok := strings.CutPrefix(text, "#"); ok {
			if s, ok := commentScale(c); ok {
				scale = s
			}
			continue
		}
		if text == "" {
			continue
		}
		s, err := parseSample(text, scale, v)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// groupsPerPart bounds the groups of a part of candidates: part K's group
// G is read as K·groupsPerPart + G.
const groupsPerPart = 100000

// parseSample reads one line of a part: a teacher's position, or a
// candidate with its group after the chances, each chance stored as
// round(p × scale).
func parseSample(line string, scale float32, v rules.Variant) (Sample, error) {
	s := Sample{Group: -1}
	fields := strings.Split(line, "\t")
	switch len(fields) {
	case 1 + ai.NumOutputs:
	case 2 + ai.NumOutputs:
		g, err := strconv.ParseUint(fields[1+ai.NumOutputs], 10, 31)
		if err != nil || g >= groupsPerPart {
			return s, fmt.Errorf("group %q", fields[1+ai.NumOutputs])
		}
		s.Group = int64(g)
	default:
		return s, fmt.Errorf("%d fields, want %d or %d", len(fields), 1+ai.NumOutputs, 2+ai.NumOutputs)
	}
	p, err := rules.ParsePositionIDFor(v, fields[0])
	if err != nil {
		return s, err
	}
	s.Pos = p
	for k := range ai.NumOutputs {
		v, err := strconv.ParseUint(fields[1+k], 10, 16)
		if err != nil {
			return s, fmt.Errorf("chance %d: %w", k, err)
		}
		if float32(v) > scale {
			return s, fmt.Errorf("chance %d: %d above %v", k, v, scale)
		}
		s.Probs[k] = float32(v) / scale
	}
	return s, nil
}

// Part is one file of the dataset.
type Part struct {
	Number int // K of teacher-KKKK.tsv.gz
	Path   string
}

// The names of the parts: teacher-KKKK.tsv.gz holds the teacher's
// positions, cand-KKKK.tsv.gz the candidates of part K's rolls.
const (
	teacherPrefix   = "teacher-"
	candidatePrefix = "cand-"
)

// partNumber returns K of a file named PREFIX-K.tsv.gz.
func partNumber(name, prefix string) (int, bool) {
	k, ok := strings.CutPrefix(name, prefix)
	if !ok {
		return 0, false
	}
	if k, ok = strings.CutSuffix(k, ".tsv.gz"); !ok {
		return 0, false
	}
	n, err := strconv.Atoi(k)
	return n, err == nil && n >= 0
}

// ListParts returns the dataset's parts in dir, by number. Files being
// written (the labeller writes a part under another name and renames it
// when whole) are not parts.
func ListParts(dir string) ([]Part, error) { return listParts(dir, teacherPrefix) }

// ListCandidates returns the parts of candidates in dir, by number: parts
// of candidates (cand-KKKK.tsv.gz) and of plays (plays-KKKK.tsv.gz, the
// same told more briefly), the plays where a number has both.
func ListCandidates(dir string) ([]Part, error) {
	cands, err := listParts(dir, candidatePrefix)
	if err != nil {
		return nil, err
	}
	plays, err := listParts(dir, playsPrefix)
	if err != nil {
		return nil, err
	}
	out := plays
	for _, c := range cands {
		if !slices.ContainsFunc(plays, func(p Part) bool { return p.Number == c.Number }) {
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(a, b Part) int { return a.Number - b.Number })
	return out, nil
}

// listParts lists the parts in dir whose names start with prefix.
func listParts(dir, prefix string) ([]Part, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("list parts: %w", err)
	}
	var out []Part
	for _, e := range entries {
		if n, ok := partNumber(e.Name(), prefix); ok && e.Type().IsRegular() {
			out = append(out, Part{n, filepath.Join(dir, e.Name())})
		}
	}
	slices.SortFunc(out, func(a, b Part) int { return a.Number - b.Number })
	return out, nil
}

// Split says which parts are held back for validation: those whose number
// is Rem modulo Mod (parts 10, 20, 30, ... with Mod 10 and Rem 0). Whole
// parts are held back, not positions, as positions of one game are alike.
type Split struct {
	Mod, Rem int
}

// DefaultSplit holds back every part whose number ends in 0: a tenth.
var DefaultSplit = Split{Mod: 10, Rem: 0}

// Validation tells whether the part is held back.
func (s Split) Validation(part int) bool {
	return s.Mod > 0 && part%s.Mod == s.Rem
}

// Divide separates parts into those to train on and those held back.
func (s Split) Divide(parts []Part) (train, val []Part) {
	for _, p := range parts {
		if s.Validation(p.Number) {
			val = append(val, p)
		} else {
			train = append(train, p)
		}
	}
	return train, val
}

// ReadParts reads the parts, one after the other, into one slice.
func ReadParts(parts []Part) ([]Sample, error) {
	var out []Sample
	for _, p := range parts {
		s, err := ReadPart(p.Path)
		if err != nil {
			return nil, err
		}
		out = append(out, s...)
	}
	return out, nil
}

// Phase is a kind of position judged by one network of the player's
// evaluator: the main network judges positions with contact, the race
// network (when the player has one) those without.
type Phase int

// The phases.
const (
	// ContactPhase: some checker still has to pass one of the other side.
	ContactPhase Phase = iota
	// RacePhase: contact is broken.
	RacePhase
	// LongPhase: a long nardi position, which one network judges.
	LongPhase
)

// String names the phase.
func (ph Phase) String() string {
	switch ph {
	case RacePhase:
		return "race"
	case LongPhase:
		return "long nardi"
	}
	return "contact"
}

// Select returns the samples whose positions the phase's network judges:
// positions of the phase, less those the evaluator reads exactly from the
// bear-off database, which no network sees. The samples are filtered in
// place (the slice's array is reused).
func Select(samples []Sample, ph Phase) []Sample {
	ev := ai.NewEvaluator(nil, rules.Standard, rules.WithKoks) // only its bear-off database is used
	long := ai.NewLongEvaluator(nil)
	out := samples[:0]
	for _, s := range samples {
		if ph == LongPhase {
			if !long.Exact(&s.Pos) {
				out = append(out, s)
			}
			continue
		}
		if ai.Contact(&s.Pos) != (ph == ContactPhase) {
			continue
		}
		if _, exact := ev.Bearoff(&s.Pos); exact {
			continue
		}
		out = append(out, s)
	}
	return out
}
