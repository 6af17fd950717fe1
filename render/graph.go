package render

import (
	"fmt"
	"image"
	"math"
	"sync"

	"github.com/fogleman/gg"
)

// GraphView describes the story of a game: side A's chance of winning
// after every turn, with marks at the turns worth a word.
//
// The picture is a band across the turns split in two by the chance: side
// A's share at the bottom in A's checker colour, side B's at the top in
// the other, with a dashed line at 50%. The left axis reads 0, 50 and
// 100% (A's chance); the bottom axis numbers the turns; a checker of each
// colour at the right says which band is whose. Marks sit on the border
// between the bands: a mistake is a vermillion (#D55E00) disc, a lucky
// roll a bluish green (#009E73) triangle pointing up, an unlucky roll a
// dark grey triangle pointing down, each ringed in white. The picture
// holds no words: the caption should name the sides and the marks.
type GraphView struct {
	// Chances are side A's chances of winning, each in 0..1: Chances[0]
	// before the first turn, Chances[i] after turn i. Side B's are
	// 1 − Chances[i]. At least two, at most MaxGraphTurns+1.
	Chances []float64

	// A is the colour of side A's checkers; side B has the other.
	A Color

	// Marks are drawn at their turns, in order; a turn may have several.
	Marks []GraphMark
}

// MaxGraphTurns is the most turns a graph shows.
const MaxGraphTurns = 1000

// GraphMark marks one turn of a graph: Turn in 1..len(Chances)−1, drawn
// at Chances[Turn].
type GraphMark struct {
	Turn int
	Kind MarkKind
}

// MarkKind is what a graph's mark says about its turn.
type MarkKind uint8

// The kinds of marks.
const (
	MarkMistake MarkKind = iota // a play that gave equity away: a vermillion disc
	MarkLucky                   // a roll far better than the average: a bluish green triangle up
	MarkUnlucky                 // a roll far worse than the average: a dark grey triangle down
)

// GraphSize returns the width and height in pixels of a graph: the board's
// width, for a phone's screen.
func GraphSize() (w, h int) { return graphW, graphH }

const (
	graphW = 1200
	graphH = 720

	plotX0 = 104 // the plot area, inside margins for the labels
	plotX1 = graphW - 92
	plotY0 = 34
	plotY1 = graphH - 70
)

// Graph colours.
var (
	mistakeCol = hex("#d55e00") // Okabe–Ito vermillion
	luckyCol   = hex("#009e73") // Okabe–Ito bluish green
	unluckyCol = hex("#3a3a3a")
	halfCol    = hex("#a8977f") // the 50% line
	gridCol    = hex("#8c7a66")
	markRing   = hex("#ffffff")
	markEdge   = hex("#161210")
)

// checkGraph rejects graphs that cannot be drawn.
func checkGraph(g *GraphView) error {
	n := len(g.Chances)
	if n < 2 || n > MaxGraphTurns+1 {
		return fmt.Errorf("render: a graph of %d chances, want 2..%d", n, MaxGraphTurns+1)
	}
	for i, p := range g.Chances {
		if !(p >= 0 && p <= 1) { // NaN fails both
			return fmt.Errorf("render: chance %d is %v, not in 0..1", i, p)
		}
	}
	if g.A > Black {
		return fmt.Errorf("render: bad colour %d", g.A)
	}
	for _, m := range g.Marks {
		if m.Turn < 1 || m.Turn >= n {
			return fmt.Errorf("render: a mark at turn %d of %d", m.Turn, n-1)
		}
		if m.Kind > MarkUnlucky {
			return fmt.Errorf("render: bad mark kind %d", m.Kind)
		}
	}
	return nil
}

// Graph draws the story of a game and returns it encoded as a PNG of
// GraphSize. It is safe for concurrent use by many goroutines.
func Graph(g GraphView) ([]byte, error) {
	img, err := GraphImage(g)
	if err != nil {
		return nil, err
	}
	return encodePNG(img)
}

// GraphImage is Graph without the encoding: the picture, new and belonging
// to the caller.
func GraphImage(g GraphView) (*image.Paletted, error) {
	if err := checkGraph(&g); err != nil {
		return nil, err
	}
	a := theAssets()
	gf := theGraphFonts()
	img := image.NewRGBA(image.Rect(0, 0, graphW, graphH))
	dc := gg.NewContextForRGBA(img)
	dc.SetColor(colorOf(frameCol))
	dc.Clear()

	n := len(g.Chances)
	xAt := func(i int) float64 { return plotX0 + (plotX1-plotX0)*float64(i)/float64(n-1) }
	yAt := func(p float64) float64 { return plotY1 - (plotY1-plotY0)*p }
	colA, colB := checkerStyles[g.A].base, checkerStyles[g.A.Other()].base

	// The plot's sunken frame, B's band, then A's over it.
	dc.SetColor(colorOf(frameCol.scale(0.55)))
	dc.DrawRectangle(plotX0-3, plotY0-3, plotX1-plotX0+6, plotY1-plotY0+6)
	dc.Fill()
	dc.SetColor(colorOf(colB))
	dc.DrawRectangle(plotX0, plotY0, plotX1-plotX0, plotY1-plotY0)
	dc.Fill()
	dc.SetColor(colorOf(colA))
	dc.MoveTo(plotX0, plotY1)
	for i, p := range g.Chances {
		dc.LineTo(xAt(i), yAt(p))
	}
	dc.LineTo(plotX1, plotY1)
	dc.ClosePath()
	dc.Fill()

	// Turn ticks and grid lines, the 50% line.
	step := tickStep(n - 1)
	c := &rgbaCanvas{img}
	dc.SetLineWidth(1.5)
	dc.SetColor(colorOf(gridCol))
	for t := step; t <= n-1; t += step {
		x := math.Round(xAt(t)) + 0.5
		dc.DrawLine(x, plotY0, x, plotY1)
	}
	dc.Stroke()
	dc.SetColor(colorOf(numberCol))
	dc.SetLineWidth(3)
	for t := 0; t <= n-1; t += step {
		x := math.Round(xAt(t)) + 0.5
		dc.DrawLine(x, plotY1+3, x, plotY1+12)
		number(c, gf.digits, t, x, plotY1+32, numberCol.nrgba(1))
	}
	for _, p := range []float64{0, 0.5, 1} {
		y := math.Round(yAt(p)) + 0.5
		dc.DrawLine(plotX0-12, y, plotX0-3, y)
	}
	dc.Stroke()
	dc.SetColor(colorOf(halfCol))
	dc.SetLineWidth(3)
	dc.SetDash(14, 10)
	dc.DrawLine(plotX0, yAt(0.5), plotX1, yAt(0.5))
	dc.Stroke()
	dc.SetDash()
	for _, v := range []int{0, 50, 100} {
		percent(c, gf, v, plotX0-18, yAt(float64(v)/100), numberCol.nrgba(1))
	}

	// Which band is whose: a checker of each colour beside it.
	cx := float64(plotX1+graphW)/2 + 2
	put(c, &layouts[0], a.checker[g.A.Other()], cx, plotY0+checkerR+8, 255)
	put(c, &layouts[0], a.checker[g.A], cx, plotY1-checkerR-8, 255)

	// The marks; several at one turn one above the other.
	seen := map[int]int{}
	for _, m := range g.Marks {
		k := seen[m.Turn]
		seen[m.Turn]++
		d := float64((k+1)/2) * (2*markR + 12)
		if k%2 == 1 {
			d = -d
		}
		drawMark(dc, m.Kind, xAt(m.Turn), yAt(g.Chances[m.Turn])+d)
	}
	return quantizeGraph(img), nil
}

// tickStep returns the distance between numbered turns: at most about a
// dozen numbers.
func tickStep(turns int) int {
	for _, s := range []int{1, 2, 5, 10, 20, 25, 50, 100, 200, 250} {
		if turns/s <= 12 {
			return s
		}
	}
	return 500
}

const markR = 13

// drawMark draws a mark centred on (x, y): a disc for a mistake, a
// triangle up or down for luck, ringed in white and outlined in dark.
func drawMark(dc *gg.Context, k MarkKind, x, y float64) {
	shape := func(grow float64) {
		switch k {
		case MarkMistake:
			dc.DrawCircle(x, y, markR+grow)
		case MarkLucky, MarkUnlucky:
			dir := -1.0 // up
			if k == MarkUnlucky {
				dir = 1
			}
			r := markR*1.3 + grow*2
			dc.NewSubPath()
			dc.MoveTo(x, y+dir*r)
			dc.LineTo(x+r*0.866, y-dir*r*0.5)
			dc.LineTo(x-r*0.866, y-dir*r*0.5)
			dc.ClosePath()
		}
	}
	col := [...]rgb{MarkMistake: mistakeCol, MarkLucky: luckyCol, MarkUnlucky: unluckyCol}[k]
	dc.SetColor(colorOf(markEdge))
	shape(5)
	dc.Fill()
	dc.SetColor(colorOf(markRing))
	shape(3.5)
	dc.Fill()
	dc.SetColor(colorOf(col))
	shape(0)
	dc.Fill()
}

// graphFonts are the digits and the per cent sign of a graph's labels.
type graphFonts struct {
	digits *digitFont
	pct    mask
	pctAdv int
}

var (
	graphFontsOnce sync.Once
	graphFontsV    *graphFonts
)

func theGraphFonts() *graphFonts {
	graphFontsOnce.Do(func() {
		const size = 24
		gf := &graphFonts{digits: newDigitFont(size)}
		face := newFace(size)
		defer face.Close()
		gf.pct, _, gf.pctAdv = glyphMask(face, '%')
		graphFontsV = gf
	})
	return graphFontsV
}

// percent draws v followed by a per cent sign, its right end at x and
// centred on y.
func percent(c canvas, gf *graphFonts, v int, x, y float64, col [4]uint8) {
	s := fmt.Sprint(v)
	w := gf.pctAdv
	for _, ch := range s {
		w += gf.digits.adv[ch-'0']
	}
	px := int(math.Round(x)) - w
	py := int(math.Round(y - float64(gf.digits.top+gf.digits.bottom)/2))
	for _, ch := range s {
		c.fill(&gf.digits.glyph[ch-'0'], px, py, col)
		px += gf.digits.adv[ch-'0']
	}
	c.fill(&gf.pct, px, py, col)
}

// quantizeGraph maps a graph onto a palette chosen for it: its large flat
// areas exactly, the edges and the checkers' shading by median cut.
func quantizeGraph(img *image.RGBA) *image.Paletted { return quantizeTo(img, 256) }

// quantizeTo is quantizeGraph onto a palette of at most n colours.
func quantizeTo(img *image.RGBA, n int) *image.Paletted {
	hist := map[uint32]int{}
	total := histogram(hist, img)
	pal := medianCut(hist, total, n)
	rgbs := make([][3]int, len(pal))
	for i, c := range pal {
		r, g, b, _ := c.RGBA()
		rgbs[i] = [3]int{int(r >> 8), int(g >> 8), int(b >> 8)}
	}
	nearest := func(k uint32) uint8 {
		r, g, b := int(k>>16), int(k>>8&255), int(k&255)
		best, bestD := 0, math.MaxInt
		for i, p := range rgbs {
			dr, dg, db := p[0]-r, p[1]-g, p[2]-b
			if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bestD {
				best, bestD = i, d
			}
		}
		return uint8(best)
	}
	out := image.NewPaletted(img.Rect, pal)
	memo := make(map[uint32]uint8, len(hist))
	last, lastI := uint32(1<<31), uint8(0)
	for i := range out.Pix {
		q := img.Pix[4*i : 4*i+3]
		k := uint32(q[0])<<16 | uint32(q[1])<<8 | uint32(q[2])
		if k != last {
			idx, ok := memo[k]
			if !ok {
				idx = nearest(k)
				memo[k] = idx
			}
			last, lastI = k, idx
		}
		out.Pix[i] = lastI
	}
	return out
}
