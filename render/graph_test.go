package render

import (
	"image"
	"math"
	"testing"
)

// story returns a made-up game of n turns: chances wandering around 50%
// until the end.
func story(n int, won bool) []float64 {
	p := make([]float64, n+1)
	p[0] = 0.5
	for i := 1; i < n; i++ {
		p[i] = clamp01(0.5 + 0.38*math.Sin(float64(i)*0.23)*math.Min(1, float64(i)/10) + 0.08*math.Sin(float64(i)*1.7))
	}
	if won {
		p[n] = 1
	}
	return p
}

// goldenGraphs are the game stories kept in testdata/golden.
var goldenGraphs = []struct {
	name string
	view GraphView
}{
	{"graph-short", GraphView{
		Chances: []float64{0.5, 0.52, 0.47, 0.61, 0.66, 0.58, 0.31, 0.36, 0.44, 0.71, 0.69, 0.83, 0.9, 0.97, 1},
		Marks: []GraphMark{
			{Turn: 6, Kind: MarkMistake},
			{Turn: 9, Kind: MarkLucky},
			{Turn: 5, Kind: MarkUnlucky},
			{Turn: 9, Kind: MarkMistake},
		},
	}},
	{"graph-long", GraphView{
		Chances: story(63, false),
		A:       Black,
		Marks: []GraphMark{
			{Turn: 12, Kind: MarkMistake}, {Turn: 30, Kind: MarkMistake}, {Turn: 47, Kind: MarkMistake},
			{Turn: 8, Kind: MarkLucky}, {Turn: 40, Kind: MarkUnlucky}, {Turn: 55, Kind: MarkLucky},
		},
	}},
	{"graph-two", GraphView{Chances: []float64{0.5, 0}}},
}

func TestGraphGolden(t *testing.T) {
	t.Parallel()
	for _, g := range goldenGraphs {
		t.Run(g.name, func(t *testing.T) {
			b, err := drawOnce(g.name, func() ([]byte, error) { return Graph(g.view) })
			if err != nil {
				t.Fatal(err)
			}
			if len(b) > 80<<10 {
				t.Errorf("PNG of %d bytes, want at most 80 KB", len(b))
			}
			img := golden(t, g.name, b)
			w, h := GraphSize()
			if img.Bounds() != image.Rect(0, 0, w, h) {
				t.Errorf("size %v, want %dx%d", img.Bounds(), w, h)
			}
		})
	}
}

// TestGraphBands checks that side A's band is as high as its chance, in
// A's colour, and the marks are in their colours.
func TestGraphBands(t *testing.T) {
	t.Parallel()
	for _, a := range []Color{White, Black} {
		g := GraphView{Chances: []float64{0.25, 0.25, 0.25, 0.25}, A: a, Marks: []GraphMark{{Turn: 1, Kind: MarkMistake}, {Turn: 2, Kind: MarkLucky}}}
		b, err := Graph(g)
		if err != nil {
			t.Fatal(err)
		}
		img := decode(t, b)
		x := (plotX0 + plotX1) / 2
		x += (plotX1 - plotX0) / 12 // between the marks
		y25 := plotY1 - (plotY1-plotY0)/4
		if got := img.At(x, y25+10); far(got, colorOf(checkerStyles[a].base), 6) {
			t.Errorf("A %d: below 25%% the colour is %v", a, got)
		}
		if got := img.At(x, y25-10); far(got, colorOf(checkerStyles[a.Other()].base), 6) {
			t.Errorf("A %d: above 25%% the colour is %v", a, got)
		}
		for i, col := range []rgb{mistakeCol, luckyCol} {
			mx := plotX0 + (plotX1-plotX0)*(i+1)/3
			if got := img.At(mx, y25); far(got, colorOf(col), 8) {
				t.Errorf("A %d: mark %d is %v", a, i, got)
			}
		}
	}
}

func TestGraphBadInput(t *testing.T) {
	ok := []float64{0.5, 0.6, 1}
	bad := map[string]GraphView{
		"no chances":    {},
		"one chance":    {Chances: []float64{0.5}},
		"NaN":           {Chances: []float64{0.5, math.NaN(), 1}},
		"infinite":      {Chances: []float64{0.5, math.Inf(1), 1}},
		"above 1":       {Chances: []float64{0.5, 1.01, 1}},
		"below 0":       {Chances: []float64{0.5, -0.01, 1}},
		"mark at 0":     {Chances: ok, Marks: []GraphMark{{Turn: 0}}},
		"mark too late": {Chances: ok, Marks: []GraphMark{{Turn: 3}}},
		"bad kind":      {Chances: ok, Marks: []GraphMark{{Turn: 1, Kind: 3}}},
		"bad colour":    {Chances: ok, A: 2},
		"too long":      {Chances: make([]float64, MaxGraphTurns+2)},
	}
	for name, g := range bad {
		if _, err := Graph(g); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := Graph(GraphView{Chances: make([]float64, MaxGraphTurns+1)}); err != nil {
		t.Errorf("the longest graph: %v", err)
	}
}

func TestGraphConcurrent(t *testing.T) {
	t.Parallel()
	drawsTheSame(t, len(goldenGraphs), func(i int) string { return goldenGraphs[i].name },
		func(i int) ([]byte, error) { return Graph(goldenGraphs[i].view) })
}

func BenchmarkGraph(b *testing.B) {
	for _, g := range goldenGraphs[:2] {
		b.Run(g.name, func(b *testing.B) {
			if _, err := Graph(g.view); err != nil { // warm the caches
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := Graph(g.view); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
