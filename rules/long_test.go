package rules

import (
	"slices"
	"sort"
	"testing"
)

// longVector is one line of the long nardi test data in testdata/ (see
// testdata/long-README.md): a position on roll, whether it is
// the mover's first turn, the roll and every legal play's result.
type longVector struct {
	Pos   string `json:"pos"`
	First bool   `json:"first"`
	Dice  Dice   `json:"dice"`
	Plays []struct {
		Move   string `json:"move"`
		Result string `json:"result"`
	} `json:"plays"`
}

var longFiles = []string{"long-random.jsonl.gz", "long-blocks.jsonl.gz"}

func loadLongVectors(t testing.TB, name string) []longVector {
	t.Helper()
	vs := loadShared[longVector](t, name)
	if len(vs) < 1000 {
		t.Fatalf("%s: only %d vectors", name, len(vs))
	}
	return vs
}

func (v longVector) position(t testing.TB) Position {
	t.Helper()
	p, err := ParsePositionIDFor(Long, v.Pos)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (v longVector) wantResults() []string {
	var ids []string
	for _, p := range v.Plays {
		ids = append(ids, p.Result)
	}
	sort.Strings(ids)
	return ids
}

func resultIDs(results []Position) []string {
	ids := make([]string, len(results))
	for i, r := range results {
		ids[i] = r.PositionID()
	}
	sort.Strings(ids)
	return ids
}

func TestLongVariant(t *testing.T) {
	if v, err := ParseVariant("long"); err != nil || v != Long {
		t.Fatalf("ParseVariant(long) = %v, %v", v, err)
	}
	if vs := Variants(); len(vs) != 2 || vs[0] != Short || vs[1] != Long {
		t.Errorf("variants %v", vs)
	}
	start := Long.Start()
	if id := start.PositionID(); id != "AACA/z8AAID/Pw" {
		t.Errorf("start encodes to %s", id)
	}
	if p, err := ParsePositionIDFor(Long, "AACA/z8AAID/Pw"); err != nil || p != start {
		t.Errorf("start parses to %v, %v", p.PositionID(), err)
	}
	for i, want := range map[int]int{24: 12, 12: 24, 1: 13, 13: 1, 6: 18, 18: 6} {
		if got := Long.Facing(i); got != want {
			t.Errorf("Facing(%d) = %d, want %d", i, got, want)
		}
	}
	for i := 1; i <= Points; i++ {
		if Long.Facing(Long.Facing(i)) != i {
			t.Errorf("Facing is not its own inverse at %d", i)
		}
		// A point held by both sides, in long nardi's geometry.
		var p Position
		p.Mine[i], p.Theirs[Long.Facing(i)] = 1, 1
		p.Normalize()
		if ValidateFor(Long, p) == nil {
			t.Errorf("point %d held by both sides passes ValidateFor", i)
		}
		if ValidateFor(Short, p) != p.Validate() {
			t.Errorf("ValidateFor(Short) is not Validate at %d", i)
		}
		// Short nardi's facing point is no conflict in long nardi.
		if i != 12 && i != 24 {
			p = Position{}
			p.Mine[i], p.Theirs[25-i] = 1, 1
			p.Normalize()
			if err := ValidateFor(Long, p); err != nil {
				t.Errorf("mine %d, theirs %d: %v", i, 25-i, err)
			}
		}
	}
	p := start
	p.Mine[24], p.Mine[Bar] = 14, 1
	if ValidateFor(Long, p) == nil {
		t.Error("a checker on the bar passes ValidateFor(Long)")
	}
}

func TestLongValue(t *testing.T) {
	var p Position
	p.Mine[Off], p.Theirs[3] = 15, 15
	for _, s := range []Scoring{OinMars, WithKoks} {
		if v := Long.Value(p, s); v != Mars {
			t.Errorf("nothing off (%v): %d, want mars", s, v)
		}
	}
	p.Theirs[3], p.Theirs[24] = 0, 15 // all on its head: still no koks
	if v := Long.Value(p, WithKoks); v != Mars {
		t.Errorf("all on the head: %d, want mars", v)
	}
	p.Theirs[24], p.Theirs[1], p.Theirs[Off] = 0, 14, 1
	if v := Long.Value(p, WithKoks); v != Oin {
		t.Errorf("one off: %d, want oin", v)
	}
	p.Mine[Off], p.Mine[1] = 14, 1
	if v := Long.Value(p, OinMars); v != 0 {
		t.Errorf("not won: %d", v)
	}
}

// TestLongVectors: the results of every vector position's legal plays are
// exactly the vector's, under either rule set, and every play has Length
// steps that make its result.
func TestLongVectors(t *testing.T) {
	t.Parallel()
	var g LongGenerator
	for _, name := range longFiles {
		bad := 0
		for k, v := range loadLongVectors(t, name) {
			p := v.position(t)
			if v.First != (p.Mine[24] == Checkers) {
				t.Errorf("%s:%d: first %v with %d on the head", name, k+1, v.First, p.Mine[24])
			}
			want := v.wantResults()
			for _, rs := range []RuleSet{Nardi, Standard} {
				turn := Long.NewTurn(p, v.Dice, rs, v.First)
				got := resultIDs(turn.Results())
				if !slices.Equal(got, want) {
					bad++
					if bad <= 5 {
						t.Errorf("%s:%d %s %v first %v %s: got %d %v, want %d %v", name, k+1, v.Pos, v.Dice, v.First, rs, len(got), got, len(want), want)
					}
					continue
				}
				for i, pl := range turn.Plays() {
					if int(pl.N) != turn.Length() || turn.PositionAfter(pl.Steps[:pl.N]) != turn.Results()[i] {
						t.Fatalf("%s:%d: play %v does not make its result", name, k+1, pl)
					}
					for _, s := range pl.Steps[:pl.N] {
						if s.Hit {
							t.Fatalf("%s:%d: play %v hits", name, k+1, pl)
						}
					}
				}
			}
			if n := g.Count(p, v.Dice, v.First); n != max(len(want), 1) {
				t.Errorf("%s:%d: Count %d, want %d", name, k+1, n, max(len(want), 1))
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d differ", name, bad)
		}
	}
}

// walkLong follows every path of offered steps and returns the positions
// reached: the start itself when nothing can be played.
func walkLong(t *testing.T, turn *Turn) map[Position]bool {
	t.Helper()
	reached := map[Position]bool{}
	var walk func(made []Step)
	walk = func(made []Step) {
		next, complete, err := turn.Next(made)
		if err != nil {
			t.Fatalf("%s %v %v: %v", turn.Start.PositionID(), turn.Dice, made, err)
		}
		if complete {
			if len(next) != 0 {
				t.Fatalf("%s %v: complete turn offers %v", turn.Start.PositionID(), turn.Dice, next)
			}
			if len(made) == 0 {
				reached[turn.Start] = true
				return
			}
			pl, err := turn.Play(made)
			if err != nil {
				t.Fatalf("%s %v %v: %v", turn.Start.PositionID(), turn.Dice, made, err)
			}
			r := turn.PositionAfter(pl.Steps[:pl.N])
			if r != turn.PositionAfter(made) {
				t.Fatalf("%s %v %v: Play gives %v", turn.Start.PositionID(), turn.Dice, made, pl)
			}
			reached[r] = true
			return
		}
		if len(next) == 0 {
			t.Fatalf("%s %v %v: a dead end", turn.Start.PositionID(), turn.Dice, made)
		}
		if rest, ok := turn.Rest(made); ok {
			if _, err := turn.Play(append(slices.Clone(made), rest...)); err != nil {
				t.Fatalf("%s %v %v: Rest %v: %v", turn.Start.PositionID(), turn.Dice, made, rest, err)
			}
		}
		if len(turn.UnusedDice(made)) != len(turn.Dice.List())-len(made) {
			t.Fatalf("%s %v %v: unused dice %v", turn.Start.PositionID(), turn.Dice, made, turn.UnusedDice(made))
		}
		for _, s := range next {
			if s.Hit {
				t.Fatalf("%s %v: a hit offered: %v", turn.Start.PositionID(), turn.Dice, s)
			}
			walk(append(slices.Clone(made), s))
		}
	}
	walk(nil)
	return reached
}

// TestLongStepsReachExactlyTheLegalPlays walks every path of offered steps
// from vector positions (a fifth of them under -short or -race): the
// results reached must be exactly the vector's. The steps are listed
// apart from the generator, so this checks one against the other too.
func TestLongStepsReachExactlyTheLegalPlays(t *testing.T) {
	t.Parallel()
	step := 1
	if testing.Short() || raceEnabled {
		step = 5
	}
	for _, name := range longFiles {
		vs := loadLongVectors(t, name)
		for k := 0; k < len(vs); k += step {
			v := vs[k]
			p := v.position(t)
			turn := Long.NewTurn(p, v.Dice, Nardi, v.First)
			reached := walkLong(t, turn)
			var got []Position
			for r := range reached {
				got = append(got, r)
			}
			want := v.wantResults()
			if len(want) == 0 {
				want = []string{v.Pos} // nothing to play: the turn passes
			}
			if ids := resultIDs(got); !slices.Equal(ids, want) {
				t.Fatalf("%s:%d %s %v: steps reach %v, want %v", name, k+1, v.Pos, v.Dice, ids, want)
			}
		}
	}
}

func TestLongHeadRule(t *testing.T) {
	start := Long.Start()
	for _, c := range []struct {
		d     Dice
		first bool
		want  []string // the plays, as GNU Backgammon writes them
	}{
		{Dice{6, 6}, true, []string{"24/18(2)"}},
		{Dice{6, 6}, false, []string{"24/18"}}, // 18/12 meets the other head
		{Dice{4, 4}, true, []string{"24/16(2)"}},
		{Dice{4, 4}, false, []string{"24/16"}},
		{Dice{3, 3}, true, []string{"24/15 24/21", "24/18(2)"}},
		{Dice{3, 3}, false, []string{"24/15"}},
		{Dice{5, 5}, true, []string{"24/4"}}, // no exception for 5-5
		{Dice{2, 2}, true, []string{"24/16"}},
		{Dice{6, 5}, true, []string{"24/13"}},
	} {
		turn := Long.NewTurn(start, c.d, Nardi, c.first)
		var got []string
		for _, pl := range turn.Plays() {
			got = append(got, pl.String())
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%v first %v: %v, want %v", c.d, c.first, got, c.want)
		}
	}
	// Two head checkers with 6-6 on the first turn, step by step; a third
	// may not leave.
	turn := Long.NewTurn(start, Dice{6, 6}, Nardi, true)
	made := []Step{{From: 24, To: 18}, {From: 24, To: 18}}
	if next, complete, err := turn.Next(made); err != nil || !complete || len(next) != 0 || turn.Length() != 2 {
		t.Errorf("after 24/18(2): %v %v %v, length %d", next, complete, err, turn.Length())
	}
	if _, _, err := turn.Next([]Step{{From: 24, To: 18}, {From: 18, To: 12}}); err == nil {
		t.Error("18/12 onto the opponent's head was accepted")
	}
}

// TestLongBlockPerStep: the two positions where judging the six-block only
// after the whole play would allow more (long-README.md, open questions).
func TestLongBlockPerStep(t *testing.T) {
	for _, c := range []struct {
		id    string
		d     Dice
		steps []Step
	}{
		{"wAW1MjIgJauFKg", Dice{4, 4}, []Step{{22, 18, false}, {18, 14, false}, {21, 17, false}, {13, 9, false}}},
		{"AKQK8D9ACKrCPw", Dice{3, 1}, []Step{{24, 21, false}, {21, 20, false}}},
	} {
		p, err := ParsePositionIDFor(Long, c.id)
		if err != nil {
			t.Fatal(err)
		}
		turn := Long.NewTurn(p, c.d, Nardi, false)
		if len(turn.Plays()) == 0 {
			t.Fatalf("%s: no plays", c.id)
		}
		after := turn.PositionAfter(c.steps)
		for _, r := range turn.Results() {
			if r == after {
				t.Errorf("%s %v: %v, through a forbidden block, is listed", c.id, c.d, c.steps)
			}
		}
		if _, err := turn.Play(c.steps); err == nil {
			t.Errorf("%s %v: %v accepted", c.id, c.d, c.steps)
		}
	}
}

// TestLongBlock builds blocks by hand: six points in a row in front of
// every opposing checker are forbidden, also across the mover's 1/24 seam
// but not across its 13/12 seam, and allowed once an opposing checker is
// past them.
func TestLongBlock(t *testing.T) {
	mk := func(mine, theirs map[int]int8) Position {
		var p Position
		for i, n := range mine {
			p.Mine[i] = n
		}
		for i, n := range theirs {
			p.Theirs[i] = n
		}
		p.Normalize()
		if err := ValidateFor(Long, p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	can := func(p Position, d Dice, s Step) bool {
		_, _, err := Long.NewTurn(p, d, Nardi, false).Next([]Step{s})
		return err == nil
	}
	// The mover holds its 23..19, the opponent's 11..7; 24/18 adds the
	// opponent's 6. The opponent's checkers stand on its 24 and 20.
	wall := map[int]int8{24: 5, 23: 2, 22: 2, 21: 2, 20: 2, 19: 2}
	p := mk(wall, map[int]int8{24: 13, 20: 2})
	if can(p, Dice{6, 2}, Step{From: 24, To: 18}) {
		t.Error("a six-block in front of every opposing checker was allowed")
	}
	if !can(p, Dice{6, 2}, Step{From: 24, To: 22}) {
		t.Error("24/22 was refused")
	}
	// One opposing checker on its 3, past the six points: allowed.
	p = mk(wall, map[int]int8{24: 12, 20: 2, 3: 1})
	if !can(p, Dice{6, 2}, Step{From: 24, To: 18}) {
		t.Error("a six-block with an opposing checker past it was refused")
	}
	// Across the mover's 1/24 seam: its 24, 1, 2, 3, 4 and 5 are the
	// opponent's 12..17.
	p = mk(map[int]int8{24: 10, 1: 1, 2: 1, 3: 1, 4: 1, 10: 1}, map[int]int8{24: 15})
	if can(p, Dice{5, 1}, Step{From: 10, To: 5}) {
		t.Error("a block across the mover's 1/24 seam was allowed")
	}
	if !can(p, Dice{5, 1}, Step{From: 24, To: 19}) {
		t.Error("24/19 was refused")
	}
	// Across the mover's 13/12 seam: its 15..10 are the opponent's 3, 2,
	// 1 and 24, 23, 22, no run along the opponent's path.
	p = mk(map[int]int8{24: 9, 16: 1, 15: 1, 14: 1, 13: 1, 11: 1, 10: 1}, map[int]int8{21: 15})
	if !can(p, Dice{4, 1}, Step{From: 16, To: 12}) {
		t.Error("a run across the mover's 13/12 seam counted as a block")
	}
}

func TestLongPerft(t *testing.T) {
	want := []int64{1, 22, 484, 35387}
	if !testing.Short() && !raceEnabled {
		want = append(want, 2411418) // 0.4 s; BenchmarkLongPerft4 times it
	}
	for depth, n := range want {
		if got := LongPerft(Long.Start(), depth, true, true); got != n {
			t.Errorf("perft(%d) = %d, want %d", depth, got, n)
		}
	}
}

// BenchmarkLongPerft4 counts the 2,411,418 positions four half-turns from
// the start.
func BenchmarkLongPerft4(b *testing.B) {
	for b.Loop() {
		if got := LongPerft(Long.Start(), 4, true, true); got != 2411418 {
			b.Fatalf("perft(4) = %d", got)
		}
	}
}

// BenchmarkLongPlays generates the legal plays of every vector position in
// turn; ns/op is per position.
func BenchmarkLongPlays(b *testing.B) {
	var vs []longVector
	for _, name := range longFiles {
		vs = append(vs, loadLongVectors(b, name)...)
	}
	pos := make([]Position, len(vs))
	for i, v := range vs {
		pos[i] = v.position(b)
	}
	var g LongGenerator
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		g.Plays(pos[i], vs[i].Dice, vs[i].First)
		i++
		if i == len(vs) {
			i = 0
		}
	}
}
