package render

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"nardi/rules"
)

var update = flag.Bool("update", false, "rewrite the golden pictures in testdata/golden")

// pos builds a position from point counts (see positionOf).
var pos = positionOf

func step(from, to int8, hit bool) rules.Step { return rules.Step{From: from, To: to, Hit: hit} }

func play(s ...rules.Step) *rules.Play {
	p := &rules.Play{N: int8(len(s))}
	copy(p.Steps[:], s)
	return p
}

// goldenViews are the boards kept as pictures in testdata/golden.
var goldenViews = []struct {
	name string
	view View
}{
	{"start", View{Pos: rules.Start(), Dice: rules.Dice{3, 1}}},
	{"hit-in-turn", View{
		// The viewer on roll has played 8/5* with the 3 of a 6-3.
		Pos:        pos(map[int]int8{24: 2, 13: 5, 8: 2, 6: 5, 5: 1}, map[int]int8{24: 2, 13: 5, 8: 2, 6: 3, 3: 2, 25: 1}),
		Dice:       rules.Dice{6, 3},
		Used:       [4]bool{false, true},
		TurnSteps:  []rules.Step{step(8, 5, true)},
		LastPlay:   play(step(8, 3, false), step(6, 3, false)),
		LastBy:     Opponent,
		MoverColor: Black,
	}},
	{"bar", View{
		// The opponent has just hit two blots; the viewer, on roll, has
		// two checkers on the bar and owns the cube.
		Pos:       pos(map[int]int8{25: 2, 13: 4, 8: 3, 6: 5, 24: 1}, map[int]int8{21: 2, 13: 5, 8: 3, 6: 3, 4: 2}),
		Dice:      rules.Dice{5, 2},
		LastPlay:  play(step(24, 21, true), step(24, 21, false), step(7, 4, true), step(7, 4, false)),
		LastBy:    Opponent,
		Cube:      2,
		CubeOwner: CubeMover,
	}},
	{"bear-off", View{
		// The viewer watches; the opponent, on roll with 5-5, has borne
		// off two checkers this turn.
		Pos:        pos(map[int]int8{1: 2, 2: 3, 3: 2, 5: 1}, map[int]int8{1: 4, 2: 3, 4: 2, 6: 2}),
		Viewer:     Opponent,
		MoverColor: White,
		Dice:       rules.Dice{5, 5},
		Used:       [4]bool{true, true},
		TurnSteps:  []rules.Step{step(5, 0, false), step(5, 0, false)},
		LastPlay:   play(step(6, 2, false), step(5, 4, false)),
		LastBy:     Opponent,
		Cube:       4,
		CubeOwner:  CubeOpponent,
	}},
	{"fifteen", View{
		Pos:  pos(map[int]int8{6: 15}, map[int]int8{13: 13, 1: 2}),
		Dice: rules.Dice{4, 4},
		Cube: 1,
	}},
	{"portrait", View{
		Pos:       pos(map[int]int8{24: 1, 20: 2, 13: 3, 11: 1, 8: 2, 6: 4, 4: 2}, map[int]int8{23: 2, 18: 1, 13: 2, 11: 1, 9: 2, 7: 2, 6: 4, 25: 1}),
		Dice:      rules.Dice{6, 2},
		LastPlay:  play(step(24, 18, false), step(13, 11, false)),
		LastBy:    Opponent,
		TurnSteps: []rules.Step{step(13, 11, false)},
		Used:      [4]bool{false, true},
		Cube:      1,
		Portrait:  true,
	}},
	{"home-left", View{
		Pos:        pos(map[int]int8{24: 1, 20: 2, 13: 4, 8: 2, 6: 4, 4: 2}, map[int]int8{23: 2, 13: 3, 9: 2, 7: 2, 6: 4, 25: 1}),
		Viewer:     Opponent,
		MoverColor: Black,
		Dice:       rules.Dice{2, 1},
		LastPlay:   play(step(13, 9, false), step(13, 7, false)),
		LastBy:     Opponent,
		HomeLeft:   true,
	}},
	{"portrait-home-left", View{
		Pos:      pos(map[int]int8{24: 1, 20: 2, 13: 4, 8: 2, 6: 4, 4: 2}, map[int]int8{23: 2, 13: 3, 9: 2, 7: 2, 6: 4, 25: 1}),
		Dice:     rules.Dice{1, 1},
		Used:     [4]bool{true, true, true},
		Portrait: true,
		HomeLeft: true,
	}},
}

func decode(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("the PNG does not decode: %v", err)
	}
	return img
}

func render(t *testing.T, v View) ([]byte, image.Image) {
	t.Helper()
	b, err := Board(v)
	if err != nil {
		t.Fatal(err)
	}
	return b, decode(t, b)
}

// diff compares two pictures: the share of pixels differing by more than
// a small tolerance in some channel.
func diff(a, b image.Image) float64 {
	if a.Bounds() != b.Bounds() {
		return 1
	}
	r := a.Bounds()
	bad := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if far(a.At(x, y), b.At(x, y), 24) {
				bad++
			}
		}
	}
	return float64(bad) / float64(r.Dx()*r.Dy())
}

func far(a, b color.Color, tol int) bool {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	for _, d := range []int{int(ar>>8) - int(br>>8), int(ag>>8) - int(bg>>8), int(ab>>8) - int(bb>>8)} {
		if d > tol || d < -tol {
			return true
		}
	}
	return false
}

func TestGolden(t *testing.T) {
	t.Parallel()
	for _, g := range goldenViews {
		t.Run(g.name, func(t *testing.T) {
			b, img := render(t, g.view)
			w, h := Size(g.view.Portrait)
			if img.Bounds() != image.Rect(0, 0, w, h) {
				t.Errorf("size %v, want %dx%d", img.Bounds(), w, h)
			}
			if len(b) > 80<<10 {
				t.Errorf("PNG of %d bytes, want at most 80 KB", len(b))
			}
			path := filepath.Join("testdata", "golden", g.name+".png")
			if *update {
				if err := os.WriteFile(path, b, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test ./render -update writes it)", err)
			}
			if d := diff(img, decode(t, want)); d > 0.001 {
				t.Errorf("%.2f%% of the pixels differ from %s; look at the picture and rerun with -update if the change is meant", 100*d, path)
			}
		})
	}
}

// region tells whether two pictures differ in a rectangle.
func region(a, b image.Image, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if far(a.At(x, y), b.At(x, y), 8) {
				n++
			}
		}
	}
	return n
}

func TestBarCheckersShowOnTheBar(t *testing.T) {
	// The same position but for one of the viewer's checkers, on the bar
	// in one, on the viewer's 24-point in the other.
	onBar := pos(map[int]int8{25: 1, 13: 5, 8: 3, 6: 5, 24: 1}, map[int]int8{24: 2, 13: 5, 8: 3, 6: 5})
	off := onBar
	off.Mine[rules.Bar], off.Mine[24] = 0, 2
	for _, portrait := range []bool{false, true} {
		l := layoutFor(portrait, false)
		_, a := render(t, View{Pos: onBar, Portrait: portrait})
		_, b := render(t, View{Pos: off, Portrait: portrait})
		bar := l.rect(barX0, midY, barX1, fieldY1)       // the viewer's half of the bar
		quarter := l.rect(leftX0, midY, leftX1, fieldY1) // the viewer's outer board, untouched
		if n := region(a, b, bar); n < 2000 {
			t.Errorf("portrait %v: only %d pixels of the bar differ", portrait, n)
		}
		if n := region(a, b, quarter); n != 0 {
			t.Errorf("portrait %v: %d pixels of the outer board differ", portrait, n)
		}
		otherBar := l.rect(barX0+10, fieldY0+cubeSz+20, barX1-10, midY-10)
		if n := region(a, b, otherBar); n != 0 {
			t.Errorf("portrait %v: %d pixels of the other side's bar differ", portrait, n)
		}
	}
}

// TestViewerCorners checks where the viewer's ace point is drawn in every
// layout: at the bottom right, or at the bottom left with HomeLeft.
func TestViewerCorners(t *testing.T) {
	t.Parallel()
	p := pos(map[int]int8{1: 2}, map[int]int8{1: 2}) // one stack each on their own ace points
	white := checkerStyles[White].base
	black := checkerStyles[Black].base
	for _, c := range []struct {
		portrait, homeLeft bool
		x, y               float64 // of the viewer's ace point, as a fraction of the picture
	}{
		{false, false, 0.85, 0.95}, {false, true, 0.15, 0.95},
		{true, false, 0.95, 0.85}, {true, true, 0.05, 0.85},
	} {
		for _, viewer := range []Side{Mover, Opponent} {
			v := View{Pos: p, Portrait: c.portrait, HomeLeft: c.homeLeft, Viewer: viewer}
			_, img := render(t, v)
			w, h := Size(c.portrait)
			// The first checker of the ace point, found from the layout.
			l := layoutFor(c.portrait, c.homeLeft)
			fx, fy := l.pt(checkerAt(1, 0, 2))
			if fx/float64(w) < c.x-0.1 || fx/float64(w) > c.x+0.1 || fy/float64(h) < c.y-0.1 || fy/float64(h) > c.y+0.1 {
				t.Errorf("%+v: ace point at %.0f,%.0f", c, fx, fy)
			}
			want := white // the viewer's checkers are white when the viewer moves
			if viewer == Opponent {
				want = black
			}
			got := img.At(int(fx)+8, int(fy)+8)
			if far(got, colorOf(want), 30) {
				t.Errorf("%+v viewer %d: colour %v on the ace point, want %v", c, viewer, got, colorOf(want))
			}
			// The opponent's ace point faces it across the board.
			ox, oy := l.pt(checkerAt(24, 0, 2))
			other := black
			if viewer == Opponent {
				other = white
			}
			if got := img.At(int(ox)+8, int(oy)+8); far(got, colorOf(other), 30) {
				t.Errorf("%+v viewer %d: colour %v on the opponent's ace point, want %v", c, viewer, got, colorOf(other))
			}
		}
	}
}

func TestUsedDiceAreDimmed(t *testing.T) {
	v := View{Pos: rules.Start(), Dice: rules.Dice{6, 5}}
	_, a := render(t, v)
	v.Used[1] = true
	_, b := render(t, v)
	l := layoutFor(false, false)
	x := float64(rightX0+rightX1) / 2
	first := l.rect(x-dieSize-dieGap/2, midY-dieSize/2, x-dieGap/2, midY+dieSize/2)
	second := l.rect(x+dieGap/2, midY-dieSize/2, x+dieGap/2+dieSize, midY+dieSize/2)
	if n := region(a, b, first); n != 0 {
		t.Errorf("%d pixels of the unused die changed", n)
	}
	if n := region(a, b, second); n < dieSize*dieSize/2 {
		t.Errorf("only %d pixels of the used die changed", n)
	}
}

func TestDiceOnTheMoversSide(t *testing.T) {
	// The mover's dice lie on the mover's right-hand half: the viewer's
	// home half when the viewer moves, the other half otherwise.
	l := layoutFor(false, false)
	right := l.rect(rightX0+20, midY-30, rightX1-20, midY+30)
	left := l.rect(leftX0+20, midY-30, leftX1-20, midY+30)
	_, none := render(t, View{Pos: rules.Start()})
	_, mine := render(t, View{Pos: rules.Start(), Dice: rules.Dice{2, 1}})
	_, theirs := render(t, View{Pos: rules.Start(), Dice: rules.Dice{2, 1}, Viewer: Opponent})
	if region(none, mine, right) == 0 || region(none, mine, left) != 0 {
		t.Error("the viewer's dice are not on the right-hand half")
	}
	if region(none, theirs, left) == 0 || region(none, theirs, right) != 0 {
		t.Error("the opponent's dice are not on the left-hand half")
	}
}

func TestBadViews(t *testing.T) {
	bad := []View{
		{Pos: rules.Position{}},                                         // no checkers
		{Pos: rules.Start(), Dice: rules.Dice{7, 1}},                    // a die out of range
		{Pos: rules.Start(), Cube: 3},                                   // not a power of two
		{Pos: rules.Start(), TurnSteps: []rules.Step{{From: 3, To: 5}}}, // backwards
		{Pos: rules.Start(), LastPlay: &rules.Play{N: 5}},
		{Pos: rules.Start(), MoverColor: 2},
	}
	for i, v := range bad {
		if _, err := Board(v); err == nil {
			t.Errorf("view %d: no error", i)
		}
	}
}

// TestLongNardiPositions: a long nardi board is checked with long nardi's
// facing, not short nardi's. A side's point i and the opponent's 25 − i
// may both be held there (the board of a game whose computer ran 6-6 down
// to its ace point could not be drawn, and stayed behind its game); two
// sides on the points the variant faces may not.
func TestLongNardiPositions(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name         string
		mine, theirs map[int]int8
		held         bool // a point held by both sides in long nardi
		short        bool // in short nardi's geometry (Position.Validate)
	}{
		{"start", map[int]int8{24: 15}, map[int]int8{24: 15}, false, false},
		{"24 and the opponent's ace", map[int]int8{24: 13, 18: 2}, map[int]int8{24: 13, 18: 1, 1: 1}, false, true},
		{"middle game", map[int]int8{24: 8, 19: 2, 15: 2, 11: 2, 3: 1}, map[int]int8{24: 6, 22: 2, 14: 3, 10: 2, 6: 2}, false, true},
		{"bearing off", map[int]int8{6: 3, 4: 4, 1: 2}, map[int]int8{22: 1, 19: 3, 14: 4}, false, true},
		{"24 facing the opponent's 12", map[int]int8{24: 15}, map[int]int8{24: 14, 12: 1}, true, false},
		{"13 facing the opponent's ace", map[int]int8{24: 14, 13: 1}, map[int]int8{24: 14, 1: 1}, true, true},
	} {
		p := pos(c.mine, c.theirs)
		if err := rules.ValidateFor(rules.Long, p); (err != nil) != c.held {
			t.Fatalf("%s: the vector is wrong: ValidateFor(Long) = %v", c.name, err)
		}
		if err := p.Validate(); (err != nil) != c.short {
			t.Fatalf("%s: the vector is wrong: Validate = %v", c.name, err)
		}
		for _, viewer := range []Side{Mover, Opponent} {
			_, err := Board(View{Variant: rules.Long, Pos: p, Dice: rules.Dice{6, 6}, Viewer: viewer})
			if (err != nil) != c.held {
				t.Errorf("%s, viewer %d: Board = %v, want an error %v", c.name, viewer, err, c.held)
			}
		}
	}
}

// TestConcurrent draws 24 boards once, then again from four goroutines at
// once, and fails when a board drawn concurrently differs from the first.
func TestConcurrent(t *testing.T) {
	t.Parallel()
	views := benchViews(t, 24)
	want := make([][]byte, len(views))
	for i, v := range views {
		b, err := Board(v)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = b
	}
	// Four goroutines at once, each drawing half of the boards, so that
	// every board is drawn twice concurrently.
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range len(views) / 2 {
				j := (i + g*len(views)/4) % len(views)
				b, err := Board(views[j])
				if err != nil {
					t.Error(err)
					return
				}
				if !bytes.Equal(b, want[j]) {
					t.Errorf("board %d differs when drawn concurrently", j)
				}
			}
		}()
	}
	wg.Wait()
}
