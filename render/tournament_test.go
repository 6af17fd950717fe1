package render

import (
	"image"
	"image/color"
	"testing"
)

// goldenBrackets are the knockouts kept in testdata/golden.
var goldenBrackets = []struct {
	name string
	view BracketView
}{
	{"bracket-eight-begun", BracketView{Total: 3, Rounds: [][]BracketPair{{
		{A: "Alice", B: "Hovhannes Tumanyan-Grigoryan", Winner: 1},
		{A: "Дмитрий", B: "Bob", Winner: 2},
		{A: "Carol", B: "", Winner: 1},
		{A: "Dave", B: "Erin"},
	}}}},
	{"bracket-four-over", BracketView{Total: 2, Rounds: [][]BracketPair{
		{{A: "Alice", B: "Dave", Winner: 1}, {A: "Bob", B: "Carol", Winner: 1}},
		{{A: "Alice", B: "Bob", Winner: 2}},
	}}},
}

// goldenStandings are the tables kept in testdata/golden.
var goldenStandings = []struct {
	name string
	view StandingsView
}{
	{"standings-swiss", StandingsView{Rounds: 3, Rows: []StandingsRow{
		{Name: "Alice", Points: 2, Buchholz: 3, Results: []Outcome{OutcomeWon, OutcomeWon}},
		{Name: "Борис Пастернак", Points: 1, Buchholz: 4, Results: []Outcome{OutcomeBye, OutcomeLost}},
		{Name: "Carol", Points: 1, Buchholz: 2, Results: []Outcome{OutcomeLost, OutcomeWon}},
		{Name: "Dave", Points: 0, Buchholz: 3, Results: []Outcome{OutcomeLost, OutcomePending}},
	}}},
}

func TestTournamentBracketGolden(t *testing.T) {
	t.Parallel()
	for _, g := range goldenBrackets {
		t.Run(g.name, func(t *testing.T) {
			b, err := Bracket(g.view)
			if err != nil {
				t.Fatal(err)
			}
			if len(b) > 60<<10 {
				t.Errorf("PNG of %d bytes, want at most 60 KB", len(b))
			}
			img := golden(t, g.name, b)
			w, h := BracketSize(g.view)
			if img.Bounds() != image.Rect(0, 0, w, h) {
				t.Errorf("size %v, want %dx%d", img.Bounds(), w, h)
			}
		})
	}
}

func TestTournamentStandingsGolden(t *testing.T) {
	t.Parallel()
	for _, g := range goldenStandings {
		t.Run(g.name, func(t *testing.T) {
			b, err := Standings(g.view)
			if err != nil {
				t.Fatal(err)
			}
			if len(b) > 60<<10 {
				t.Errorf("PNG of %d bytes, want at most 60 KB", len(b))
			}
			img := golden(t, g.name, b)
			w, h := StandingsSize(g.view)
			if img.Bounds() != image.Rect(0, 0, w, h) {
				t.Errorf("size %v, want %dx%d", img.Bounds(), w, h)
			}
		})
	}
}

// near tells whether a pixel is within a few steps of an rgb colour.
func near(c color.Color, want rgb) bool {
	r, g, b, _ := c.RGBA()
	w := colorOf(want)
	d := func(a uint32, b uint8) int { return int(a>>8) - int(b) }
	for _, x := range []int{d(r, w.R), d(g, w.G), d(b, w.B)} {
		if x > 6 || x < -6 {
			return false
		}
	}
	return true
}

// TestTournamentBracketChampion: the champion's box in gold appears only
// once the final is decided, right of the final's box.
func TestTournamentBracketChampion(t *testing.T) {
	t.Parallel()
	over := goldenBrackets[1].view
	playing := BracketView{Total: 2, Rounds: [][]BracketPair{over.Rounds[0], {{A: "Alice", B: "Bob"}}}}
	w, h := BracketSize(over)
	if ww, hh := BracketSize(playing); ww != w || hh != h {
		t.Fatalf("sizes differ: %dx%d and %dx%d", w, h, ww, hh)
	}
	// Just inside the champion's box, left of its name.
	x, y := bMargin+2*bColW+6, bMargin+bSlotH
	for _, c := range []struct {
		v    BracketView
		gold bool
	}{{over, true}, {playing, false}} {
		img, err := BracketImage(c.v)
		if err != nil {
			t.Fatal(err)
		}
		if got := near(img.At(x, y), tGold); got != c.gold {
			t.Errorf("gold at the champion's place %v, want %v (%v)", got, c.gold, img.At(x, y))
		}
	}
}

// TestTournamentStandingsSquares: each round's square has its outcome's
// colour, and the leader's row is gold.
func TestTournamentStandingsSquares(t *testing.T) {
	t.Parallel()
	v := goldenStandings[0].view
	img, err := StandingsImage(v)
	if err != nil {
		t.Fatal(err)
	}
	x0 := bMargin + sPlaceW + sNameW + 2*sNumW + sSqGap + sSquare/2
	for i, r := range v.Rows {
		y := bMargin + i*sRowH + sRowH/2
		for k := range v.Rounds {
			o := OutcomePending
			if k < len(r.Results) {
				o = r.Results[k]
			}
			want := [...]rgb{OutcomePending: tBox, OutcomeWon: luckyCol, OutcomeLost: mistakeCol, OutcomeBye: tByeCol}[o]
			if c := img.At(x0+k*(sSquare+sSqGap), y); !near(c, want) {
				t.Errorf("row %d round %d: %v, want %v", i, k+1, c, colorOf(want))
			}
		}
	}
	if c := img.At(bMargin+4, bMargin+sRowH/2); !near(c, tGold) {
		t.Errorf("the leader's row is %v, not gold", c)
	}
	if c := img.At(bMargin+4, bMargin+sRowH+sRowH/2); near(c, tGold) {
		t.Error("the second row is gold")
	}
}

// TestTournamentBigBracket: 32 players fit in 60 KB.
func TestTournamentBigBracket(t *testing.T) {
	t.Parallel()
	first := make([]BracketPair, 16)
	for i := range first {
		first[i] = BracketPair{A: "Player number " + string(rune('A'+i%26)), B: "Опонент " + string(rune('a'+i%26)), Winner: 1 + i%2}
	}
	b, err := Bracket(BracketView{Total: 5, Rounds: [][]BracketPair{first}})
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > 60<<10 {
		t.Errorf("PNG of %d bytes, want at most 60 KB", len(b))
	}
}

func TestTournamentPictureBadInput(t *testing.T) {
	t.Parallel()
	for _, v := range []BracketView{
		{},
		{Total: 2, Rounds: [][]BracketPair{{{A: "a", B: "b"}}}},
		{Total: 1, Rounds: [][]BracketPair{{{A: "a", Winner: 2}}}},
		{Total: 6, Rounds: [][]BracketPair{make([]BracketPair, 32)}},
	} {
		if _, err := Bracket(v); err == nil {
			t.Errorf("Bracket(%+v) drew", v)
		}
	}
	for _, v := range []StandingsView{
		{Rounds: 1},
		{Rounds: 1, Rows: []StandingsRow{{Name: "a", Results: []Outcome{OutcomeWon, OutcomeWon}}}},
		{Rounds: 2, Rows: []StandingsRow{{Name: "a", Results: []Outcome{9}}}},
	} {
		if _, err := Standings(v); err == nil {
			t.Errorf("Standings(%+v) drew", v)
		}
	}
}

func TestTournamentPicturesConcurrent(t *testing.T) {
	t.Parallel()
	drawsTheSame(t, len(goldenBrackets), func(i int) string { return goldenBrackets[i].name },
		func(i int) ([]byte, error) { return Bracket(goldenBrackets[i].view) })
}
