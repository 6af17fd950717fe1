package render

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"nardi/rules"
)

// goldenMistakes are the review pictures kept in testdata/golden.
var goldenMistakes = []struct {
	name string
	view MistakeView
}{
	{"mistake-opening", MistakeView{
		// 6-5 from the start: running 24/13 instead of 24/18 13/8? Both
		// start 24/18, drawn side by side.
		View:   View{Pos: rules.Start(), Dice: rules.Dice{6, 5}},
		Made:   *play(step(24, 18, false), step(13, 8, false)),
		Better: *play(step(24, 18, false), step(18, 13, false)),
	}},
	{"mistake-hit", MistakeView{
		// 4-2: the play made hits loose in the home board, the better play
		// makes the 4-point.
		View: View{
			Pos:        pos(map[int]int8{24: 2, 13: 4, 8: 3, 6: 5, 9: 1}, map[int]int8{24: 2, 13: 4, 8: 3, 6: 4, 21: 1, 20: 1}),
			Dice:       rules.Dice{4, 2},
			MoverColor: Black,
		},
		Made:   *play(step(9, 5, true), step(6, 4, true)),
		Better: *play(step(8, 4, true), step(6, 4, false)),
	}},
	{"mistake-bar-doubles", MistakeView{
		// 3-3 from the bar, seen by the opponent with the home on the left.
		View: View{
			Pos:      pos(map[int]int8{25: 1, 13: 5, 8: 3, 6: 5, 24: 1}, map[int]int8{16: 2, 13: 4, 8: 3, 6: 5, 23: 1}),
			Dice:     rules.Dice{3, 3},
			Viewer:   Opponent,
			HomeLeft: true,
		},
		Made:   *play(step(25, 22, false), step(13, 10, false), step(13, 10, false), step(10, 7, false)),
		Better: *play(step(25, 22, false), step(8, 5, false), step(8, 5, false), step(24, 21, false)),
	}},
	{"mistake-bear-off", MistakeView{
		View: View{
			Pos:      pos(map[int]int8{6: 2, 5: 3, 3: 2, 2: 1}, map[int]int8{24: 2, 1: 3, 18: 2}),
			Dice:     rules.Dice{6, 4},
			Portrait: true,
		},
		Made:   *play(step(6, 0, false), step(6, 2, false)),
		Better: *play(step(6, 0, false), step(5, 1, false)),
	}},
	{"mistake-long", MistakeView{
		// Long nardi: both sides go the same way round; the better play
		// makes a point in the mover's second quarter.
		View: View{
			Variant: rules.Long,
			Pos:     pos(map[int]int8{24: 9, 19: 2, 15: 2, 13: 2}, map[int]int8{24: 10, 20: 2, 16: 2, 11: 1}),
			Dice:    rules.Dice{5, 3},
		},
		Made:   *play(step(24, 19, false), step(24, 21, false)),
		Better: *play(step(13, 10, false), step(15, 10, false)),
	}},
	{"mistake-long-opponent", MistakeView{
		View: View{
			Variant:    rules.Long,
			Pos:        pos(map[int]int8{24: 9, 19: 2, 15: 2, 13: 2}, map[int]int8{24: 10, 20: 2, 16: 2, 11: 1}),
			Dice:       rules.Dice{5, 3},
			Viewer:     Opponent,
			MoverColor: Black,
			Portrait:   true,
		},
		Made:   *play(step(24, 19, false), step(24, 21, false)),
		Better: *play(step(13, 10, false), step(15, 10, false)),
	}},
}

// golden compares a PNG with its golden file, or rewrites it with -update.
func golden(t *testing.T, name string, b []byte) image.Image {
	t.Helper()
	img := decode(t, b)
	path := filepath.Join("testdata", "golden", name+".png")
	if *update {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return img
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./render -update writes it)", err)
	}
	if d := diff(img, decode(t, want)); d > 0.001 {
		t.Errorf("%.2f%% of the pixels differ from %s; look at the picture and rerun with -update if the change is meant", 100*d, path)
	}
	return img
}

func TestMistakeGolden(t *testing.T) {
	t.Parallel()
	for _, g := range goldenMistakes {
		t.Run(g.name, func(t *testing.T) {
			b, err := drawOnce(g.name, func() ([]byte, error) { return Mistake(g.view) })
			if err != nil {
				t.Fatal(err)
			}
			if len(b) > 120<<10 {
				t.Errorf("PNG of %d bytes, want at most 120 KB", len(b))
			}
			img := golden(t, g.name, b)
			w, h := Size(g.view.Portrait)
			if img.Bounds() != image.Rect(0, 0, w, h) {
				t.Errorf("size %v, want %dx%d", img.Bounds(), w, h)
			}
		})
	}
}

// TestMistakeColours checks that both plays show in their colours, and
// only the board where there are no plays.
func TestMistakeColours(t *testing.T) {
	t.Parallel()
	v := goldenMistakes[1].view
	count := func(img image.Image, c rgb) int {
		n := 0
		r := img.Bounds()
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if !far(img.At(x, y), colorOf(c), 6) {
					n++
				}
			}
		}
		return n
	}
	b, err := Mistake(v)
	if err != nil {
		t.Fatal(err)
	}
	img := decode(t, b)
	if n := count(img, madeCol); n < 1500 {
		t.Errorf("%d pixels of the play made's colour", n)
	}
	if n := count(img, betterCol); n < 3000 {
		t.Errorf("%d pixels of the better play's colour", n)
	}
	// Without plays the picture is the board.
	v.Made, v.Better = rules.Play{}, rules.Play{}
	b, err = Mistake(v)
	if err != nil {
		t.Fatal(err)
	}
	_, board := render(t, v.View)
	if d := diff(decode(t, b), board); d != 0 {
		t.Errorf("without plays %.3f%% of the pixels differ from the board", 100*d)
	}
}

func TestMistakeBadInput(t *testing.T) {
	start := View{Pos: rules.Start(), Dice: rules.Dice{6, 5}}
	bad := map[string]MistakeView{
		"backwards":         {View: start, Made: *play(step(8, 13, false))},
		"from 26":           {View: start, Made: *play(step(26, 20, false))},
		"to -1":             {View: start, Better: *play(step(6, -1, false))},
		"too many steps":    {View: start, Made: rules.Play{N: 5}},
		"negative steps":    {View: start, Better: rules.Play{N: -1}},
		"no checker there":  {View: start, Made: *play(step(20, 14, false))},
		"empty bar":         {View: start, Better: *play(step(25, 20, false))},
		"fourth from the 8": {View: start, Made: *play(step(8, 2, false), step(8, 2, false), step(8, 2, false), step(8, 2, false))},
		"a bad board":       {View: View{Pos: rules.Start(), Dice: rules.Dice{0, 7}}},
		"long nardi's bar":  {View: View{Variant: rules.Long, Pos: rules.Long.Start()}, Made: *play(step(25, 20, false))},
		"from off":          {View: start, Better: *play(step(0, 0, false))},
	}
	for name, v := range bad {
		if _, err := Mistake(v); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestMistakeConcurrent(t *testing.T) {
	t.Parallel()
	drawsTheSame(t, len(goldenMistakes), func(i int) string { return goldenMistakes[i].name },
		func(i int) ([]byte, error) { return Mistake(goldenMistakes[i].view) })
}

func BenchmarkMistake(b *testing.B) {
	if _, err := Mistake(goldenMistakes[0].view); err != nil { // warm the caches
		b.Fatal(err)
	}
	for _, g := range goldenMistakes {
		b.Run(g.name, func(b *testing.B) {
			Mistake(g.view) // this layout's background
			for b.Loop() {
				if _, err := Mistake(g.view); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
