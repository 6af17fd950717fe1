package train

import (
	"bufio"
	"cmp"
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

// A part of plays (plays-KKKK.tsv.gz) holds the same labelled candidates as
// a part of candidates (cand-KKKK.tsv.gz), told by the play instead of by
// the position it makes: a candidate's Position ID is most of its line, and
// the teacher's part already holds the position the play starts from. So a
// roll's group opens with a line
//
//	@ <TAB> I <TAB> D1D2
//
// (the roll D1-D2 of the I-th position of teacher part K mod 10000, lines
// counted from 0, comments not counted), followed by one line a candidate
//
//	J <TAB> w <TAB> wg <TAB> wbg <TAB> lg <TAB> lbg
//
// where J numbers the candidate among the roll's results (seen by the
// opponent, as candidates are, without repeats) ordered by Position ID, and
// the chances are stored as in a part of candidates (round(p × scale), the
// scale named "(xN)" in the first line's comment). About half the bytes of
// a part of candidates; ReadPart rebuilds the same samples.

// playsPrefix names the parts of plays.
const playsPrefix = "plays-"

// rollResults returns the results of the roll d at p, each seen by the
// opponent, without repeats, ordered by Position ID: the list a part of
// plays counts its candidates in.
func rollResults(p rules.Position, d rules.Dice) []keyed {
	_, results := rules.LegalPlays(p, d, rules.Standard)
	ks := make([]keyed, len(results))
	for i, r := range results {
		q := r.Swap()
		ks[i] = keyed{q.PositionID(), q}
	}
	slices.SortFunc(ks, func(a, b keyed) int { return cmp.Compare(a.id, b.id) })
	return slices.CompactFunc(ks, func(a, b keyed) bool { return a.id == b.id })
}

// keyed is a position with its Position ID.
type keyed struct {
	id  string
	pos rules.Position
}

// allRolls are the 21 rolls, the larger die first.
var allRolls = func() []rules.Dice {
	var out []rules.Dice
	for a := 1; a <= 6; a++ {
		for b := 1; b <= a; b++ {
			out = append(out, rules.Dice{a, b})
		}
	}
	return out
}()

// WritePlays writes the candidates cands (one part's, in its order, groups
// numbered as in the part: Group relative to the part) as a part of plays
// whose first line is the comment, which must name the scale of
// thousandths, "(x1000)", as the chances are written so; it finds each group's position among
// parent (the teacher's part the candidates were drawn from) and its roll.
// It fails when a group is not the results of one roll of a position of
// parent, in order.
func WritePlays(w io.Writer, comment string, parent, cands []Sample) error {
	if s, ok := commentScale(comment); !ok || s != 1000 {
		return fmt.Errorf("write plays: the comment %q does not name thousandths, (x1000)", comment)
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# %s\n", comment)
	next := 0 // the parent's first position not yet used
	for start := 0; start < len(cands); {
		end := start + 1
		for end < len(cands) && cands[end].Group == cands[start].Group {
			end++
		}
		group := cands[start:end]
		at, d, index, err := findRoll(parent, next, group)
		if err != nil {
			return fmt.Errorf("write plays: group %d: %w", cands[start].Group, err)
		}
		fmt.Fprintf(bw, "@\t%d\t%d%d\n", at, d[0], d[1])
		for i, c := range group {
			fmt.Fprintf(bw, "%d", index[i])
			for _, p := range c.Probs[:ai.NumOutputs] {
				fmt.Fprintf(bw, "\t%d", scaled(p, 1000))
			}
			bw.WriteByte('\n')
		}
		next, start = at+1, end
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write plays: %w", err)
	}
	return nil
}

// scaled returns round(p × scale).
func scaled(p float32, scale float32) int { return int(p*scale + 0.5) }

// findRoll returns the first position of parent from index next and the
// roll whose results hold every candidate of the group, with each
// candidate's index among those results.
func findRoll(parent []Sample, next int, group []Sample) (int, rules.Dice, []int, error) {
	ids := make([]string, len(group))
	for i, c := range group {
		ids[i] = c.Pos.PositionID()
	}
	for at := next; at < len(parent); at++ {
		for _, d := range allRolls {
			results := rollResults(parent[at].Pos, d)
			index := make([]int, 0, len(group))
			for _, id := range ids {
				j, ok := slices.BinarySearchFunc(results, id, func(r keyed, id string) int {
					return cmp.Compare(r.id, id)
				})
				if !ok {
					break
				}
				index = append(index, j)
			}
			if len(index) == len(group) {
				return at, d, index, nil
			}
		}
	}
	return 0, rules.Dice{}, nil, fmt.Errorf("no position from %d and roll make its %d candidates", next, len(group))
}

// readPlays reads a part of plays, uncompressed, drawn from the teacher's
// part parent: its candidates, groups numbered from 0 in the part.
func readPlays(r io.Reader, parent []Sample) ([]Sample, error) {
	var out []Sample
	scale := float32(labelScale)
	var results []keyed
	group := int64(-1)
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
		fields := strings.Split(text, "\t")
		if fields[0] == "@" {
			if len(fields) != 3 || len(fields[2]) != 2 {
				return nil, fmt.Errorf("line %d: a roll's line %q", line, text)
			}
			at, err := strconv.Atoi(fields[1])
			if err != nil || at < 0 || at >= len(parent) {
				return nil, fmt.Errorf("line %d: position %q of %d", line, fields[1], len(parent))
			}
			d := rules.Dice{int(fields[2][0] - '0'), int(fields[2][1] - '0')}
			if d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > 6 {
				return nil, fmt.Errorf("line %d: roll %q", line, fields[2])
			}
			results = rollResults(parent[at].Pos, d)
			group++
			continue
		}
		if group < 0 || len(fields) != 1+ai.NumOutputs {
			return nil, fmt.Errorf("line %d: a candidate's line %q", line, text)
		}
		j, err := strconv.Atoi(fields[0])
		if err != nil || j < 0 || j >= len(results) {
			return nil, fmt.Errorf("line %d: play %q of %d", line, fields[0], len(results))
		}
		s := Sample{Pos: results[j].pos, Group: group}
		for k := range ai.NumOutputs {
			v, err := strconv.ParseUint(fields[1+k], 10, 16)
			if err != nil || float32(v) > scale {
				return nil, fmt.Errorf("line %d: chance %d %q", line, k, fields[1+k])
			}
			s.Probs[k] = float32(v) / scale
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// readPlaysPart reads the part of plays K at path, uncompressed from r,
// with its teacher's part.
func readPlaysPart(r io.Reader, path string, k int) ([]Sample, error) {
	parent, err := playsParent(path, k)
	if err != nil {
		return nil, err
	}
	samples, err := ReadPart(parent)
	if err != nil {
		return nil, err
	}
	return readPlays(r, samples)
}

// commentScale reads the scale "(xN)" of a part's comment.
func commentScale(comment string) (float32, bool) {
	_, n, ok := strings.Cut(comment, "(x")
	if !ok {
		return 0, false
	}
	if n, _, ok = strings.Cut(n, ")"); !ok {
		return 0, false
	}
	v, err := strconv.Atoi(n)
	if err != nil || v <= 0 || v > labelScale {
		return 0, false
	}
	return float32(v), true
}

// playsParent returns the path of the teacher's part a part of plays was
// drawn from: teacher part K mod 10000 (later rounds number their parts
// K + 10000·(R−1)), in the folder of the part of plays or the one above.
func playsParent(path string, k int) (string, error) {
	name := fmt.Sprintf("%s%04d.tsv.gz", teacherPrefix, k%10000)
	dir := filepath.Dir(path)
	for _, d := range []string{dir, filepath.Dir(dir)} {
		p := filepath.Join(d, name)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s: its teacher's part %s is in neither %s nor the folder above", path, name, dir)
}

// CompactPart writes the part of candidates at in (cand-KKKK.tsv.gz, its
// chances in thousandths) as the part of plays at out
// (plays-KKKK.tsv.gz), drawn from the teacher's part at parent, and reads
// it back: it fails, writing nothing at out, unless the part of plays
// gives the same samples. It returns the bytes written.
func CompactPart(in, parent, out string) (int64, error) {
	cands, err := ReadPart(in)
	if err != nil {
		return 0, err
	}
	from, err := ReadPart(parent)
	if err != nil {
		return 0, err
	}
	first, err := firstComment(in)
	if err != nil {
		return 0, err
	}
	_, source, _ := strings.Cut(first, ": ")
	source, _, _ = strings.Cut(source, ";")
	comment := fmt.Sprintf("plays of the rolls of teacher part %s (%s): %s; \"@ I D1D2\", the roll's position I "+
		"of the teacher's part and its dice, then for each candidate \"J w wg wbg lg lbg\" (x1000), J its number "+
		"among the roll's results by Position ID, the chances for the player on roll after the play, before rolling",
		strings.TrimPrefix(strings.TrimSuffix(filepath.Base(parent), ".tsv.gz"), teacherPrefix), filepath.Base(in), source)
	size, err := writePlaysPart(out, comment, from, cands, func(back, c Sample) bool { return back.Probs == c.Probs })
	if err != nil {
		return 0, fmt.Errorf("compact %s: %w", in, err)
	}
	return size, nil
}

// writePlaysPart writes cands as the part of plays at out (WritePlays,
// gzip-ed), drawn from the teacher's part parent, and reads it back: it
// fails, writing nothing at out, unless each sample read back has the
// candidate's position and group and its chances are as same says. It
// returns the bytes written.
func writePlaysPart(out, comment string, parent, cands []Sample, same func(back, c Sample) bool) (int64, error) {
	tmp := out + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return 0, err
	}
	defer os.Remove(tmp)
	zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	err = WritePlays(zw, comment, parent, cands)
	if cerr := zw.Close(); err == nil {
		err = cerr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return 0, err
	}
	back, err := readGzip(tmp, func(r io.Reader) ([]Sample, error) { return readPlays(r, parent) })
	if err != nil {
		return 0, fmt.Errorf("read back: %w", err)
	}
	if len(back) != len(cands) {
		return 0, fmt.Errorf("%d samples read back of %d", len(back), len(cands))
	}
	for i := range back {
		c := cands[i] // its group numbered across parts, K·groupsPerPart + G
		if back[i].Pos != c.Pos || back[i].Group != c.Group%groupsPerPart || !same(back[i], c) {
			return 0, fmt.Errorf("sample %d read back as %s, not %s", i, back[i].Pos.PositionID(), c.Pos.PositionID())
		}
	}
	st, err := os.Stat(tmp)
	if err != nil {
		return 0, err
	}
	if err := os.Rename(tmp, out); err != nil {
		return 0, err
	}
	return st.Size(), nil
}

// readGzip reads the gzip-ed file at path with read.
func readGzip(path string, read func(io.Reader) ([]Sample, error)) ([]Sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	return read(zr)
}

// firstComment returns the first line of the gzip-ed part at path without
// its "# ".
func firstComment(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("read part: %w", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return "", fmt.Errorf("read part %s: %w", path, err)
	}
	line, err := bufio.NewReader(zr).ReadString('\n')
	if err != nil {
		return "", fmt.Errorf("read part %s: %w", path, err)
	}
	return strings.TrimPrefix(strings.TrimSpace(line), "# "), nil
}
