package rules

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"sync"
	"testing"
)

// vector is one line of the GNU Backgammon test data in testdata/.
type vector struct {
	Pos   string `json:"pos"`
	Dice  Dice   `json:"dice"`
	Plays []struct {
		Move   string  `json:"move"`
		Result string  `json:"result"`
		Pips   int     `json:"pips"`
		Equity float64 `json:"equity"`
	} `json:"plays"`
}

func loadVectors(t testing.TB, name string) []vector {
	t.Helper()
	return loadShared[vector](t, name)
}

// loaded holds the files loadShared read, by name.
var loaded sync.Map

// loadShared reads a gzip-compressed JSON Lines file of testdata/ once for
// all the tests: they must not change what it returns.
func loadShared[T any](t testing.TB, name string) []T {
	t.Helper()
	type file struct {
		once sync.Once
		vs   []T
		err  error
	}
	f, _ := loaded.LoadOrStore(fmt.Sprintf("%s as %T", name, []T(nil)), new(file))
	lf := f.(*file)
	lf.once.Do(func() { lf.vs, lf.err = readJSONLines[T](name) })
	if lf.err != nil {
		t.Fatal(lf.err)
	}
	return lf.vs
}

// readJSONLines reads a gzip-compressed JSON Lines file of testdata/.
func readJSONLines[T any](name string) ([]T, error) {
	f, err := os.Open("testdata/" + name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	var out []T
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out = append(out, v)
	}
	return out, sc.Err()
}

// wantResults is the set of result IDs gnubg lists, filtered to the plays
// of most pips under the nardi rule set.
func (v vector) wantResults(rs RuleSet) []string {
	most := 0
	for _, p := range v.Plays {
		most = max(most, p.Pips)
	}
	var ids []string
	for _, p := range v.Plays {
		if rs == Nardi && p.Pips < most {
			continue
		}
		ids = append(ids, p.Result)
	}
	sort.Strings(ids)
	return ids
}

func TestVectorsMatchGnubg(t *testing.T) {
	t.Parallel()
	vs := loadVectors(t, "rules-random.jsonl.gz")
	if len(vs) < 4000 {
		t.Fatalf("only %d vectors", len(vs))
	}
	var g Generator
	for _, rs := range []RuleSet{Standard, Nardi} {
		bad := 0
		for _, v := range vs {
			p, err := ParsePositionID(v.Pos)
			if err != nil {
				t.Fatal(err)
			}
			plays, results := g.Plays(p, v.Dice, rs)
			for _, pl := range plays {
				if slices.ContainsFunc(pl.Steps[pl.N:], func(s Step) bool { return s != Step{} }) {
					t.Errorf("%s %s %v: play %v has steps past its %d", rs, v.Pos, v.Dice, pl, pl.N)
				}
			}
			results = slices.Clone(results)
			// Results lists the same positions in the same order, here
			// from the position the generator holds already.
			if only := g.Results(p, v.Dice, rs); !slices.Equal(only, results) {
				t.Errorf("%s %s %v: Results %v, Plays' results %v", rs, v.Pos, v.Dice, only, results)
			}
			got := make([]string, len(results))
			for i, r := range results {
				got[i] = r.PositionID()
			}
			sort.Strings(got)
			want := v.wantResults(rs)
			if !equalStrings(got, want) {
				bad++
				if bad <= 5 {
					t.Errorf("%s %s %v: got %d plays %v, want %d %v", rs, v.Pos, v.Dice, len(got), got, len(want), want)
				}
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d of %d positions differ from gnubg", rs, bad, len(vs))
		}
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// BenchmarkPlays generates the legal plays of every vector position in turn;
// ns/op is per position.
func BenchmarkPlays(b *testing.B) {
	benchmarkVectors(b, func(g *Generator, p Position, d Dice) { g.Plays(p, d, Nardi) })
}

// BenchmarkResults is BenchmarkPlays building only the results.
func BenchmarkResults(b *testing.B) {
	benchmarkVectors(b, func(g *Generator, p Position, d Dice) { g.Results(p, d, Nardi) })
}

// benchmarkVectors calls gen on every vector position and roll in turn.
func benchmarkVectors(b *testing.B, gen func(*Generator, Position, Dice)) {
	vs := loadVectors(b, "rules-random.jsonl.gz")
	pos := make([]Position, len(vs))
	for i, v := range vs {
		pos[i], _ = ParsePositionID(v.Pos)
	}
	var g Generator
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		gen(&g, pos[i], vs[i].Dice)
		i++
		if i == len(vs) {
			i = 0
		}
	}
}
