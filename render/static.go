package render

import (
	"image"
	"math"
	"sync"

	"github.com/fogleman/gg"
)

// Board colours.
var (
	frameCol  = hex("#5e3b22") // walnut
	fieldCol  = hex("#e9d5aa") // maple
	trayCol   = hex("#3b281b")
	pointCols = [2]rgb{hex("#a63f2a"), hex("#cf9a52")} // odd, even points
	numberCol = hex("#ecd9b2")
)

// board is the static part of the pictures in one layout.
type board struct {
	img  *image.Paletted
	raw  []byte     // img's rows as PNG scanlines, each after its filter byte 0
	sums *adlerBase // of raw
	tri  [2]*mask   // highlight of the first point of the bottom and top rows

	blended blendedCache // sprites as drawn over it
}

var (
	boardOnce [4]sync.Once
	boards    [4]*board
)

// background returns the cached static board of layout l.
func background(l *layout) *board {
	boardOnce[l.id].Do(func() {
		a := theAssets()
		src := bg0
		if l.id != 0 {
			src = drawStatic(l)
		}
		img := a.quantize(src)
		w, h := img.Rect.Dx(), img.Rect.Dy()
		raw := make([]byte, (1+w)*h)
		for y := range h {
			copy(raw[y*(1+w)+1:(y+1)*(1+w)], img.Pix[y*img.Stride:])
		}
		boards[l.id] = &board{img: img, raw: raw, sums: newAdlerBase(raw), tri: triMasks(l)}
	})
	return boards[l.id]
}

// triMasks returns the highlight masks of points 1 and 13, the other
// points of a row being the same shape moved along the row.
func triMasks(l *layout) [2]*mask {
	var m [2]*mask
	for i, k := range []int{1, 13} {
		x := pointX(k)
		base, dir := pointBase(k)
		m[i] = rasterMask(l, l.rect(x-pointW/2, base, x+pointW/2, base+dir*pointLen), inTriangle(k, 1))
	}
	return m
}

// grain returns a brightness factor around 1 for straight-grained wood
// whose fibres run along the other coordinate: constant along the fibres,
// which keeps the picture cheap to compress.
func grain(across, seed, fineAmp float64) float64 {
	w := across + 6*math.Sin(across*0.031+seed) + 2.5*math.Sin(across*0.11+seed*2.1)
	ring := math.Sin(w*0.42 + 2.2*math.Sin(w*0.061+seed))
	fine := math.Sin(w*1.9 + seed*5)
	return 1 + 0.055*ring + fineAmp*fine
}

// fieldGrain is the grain of the playing field at distance u from its
// left edge: periodic with the width of a point, so that every point's
// edges meet the same wood, which keeps the picture small.
func fieldGrain(u float64) float64 {
	t := 2 * math.Pi * u / pointW
	w := 3*t + 1.3*math.Sin(t+0.7) + 0.5*math.Sin(2*t+2)
	return 1 + 0.022*math.Sin(w) + 0.008*math.Sin(4*w+1)
}

// rectDist returns the distance from (u, v) to the rectangle, 0 inside, and
// the distance to its edge from inside, 0 outside.
func rectDist(u, v, x0, y0, x1, y1 float64) (out, in float64) {
	dx := math.Max(math.Max(x0-u, u-x1), 0)
	dy := math.Max(math.Max(y0-v, v-y1), 0)
	out = math.Hypot(dx, dy)
	if out == 0 {
		in = math.Min(math.Min(u-x0, x1-u), math.Min(v-y0, y1-v))
	}
	return out, in
}

// woodAt returns the colour of the bare board at canonical (u, v).
func woodAt(u, v float64) rgb {
	rects := [3][4]float64{
		{leftX0, fieldY0, leftX1, fieldY1},
		{rightX0, fieldY0, rightX1, fieldY1},
		{trayX0, fieldY0, trayX1, fieldY1},
	}
	near := math.Inf(1)
	for i, r := range rects {
		out, in := rectDist(u, v, r[0], r[1], r[2], r[3])
		if out == 0 {
			if i == 2 {
				c := trayCol.scale(grain(u, 7, 0.018))
				return c.scale(1 - 0.45*math.Exp(-in/5))
			}
			c := fieldCol.scale(fieldGrain(u - r[0]))
			return c.scale(1 - 0.30*math.Exp(-in/3.5))
		}
		near = math.Min(near, out)
	}
	var g float64
	if v < fieldY0 || v > fieldY1 {
		g = grain(v, 1, 0.018)
	} else {
		g = grain(u, 5, 0.018)
	}
	c := frameCol.scale(g)
	switch {
	case near < 1.5:
		c = c.scale(0.55)
	case near < 4:
		c = mix(c, hex("#b98a5e"), 0.35*(4-near)/2.5)
	}
	if u > barX0 && u < barX1 && math.Abs(u-barX) < 1 && v > fieldY0 && v < fieldY1 {
		c = c.scale(0.6) // the hinge of the folding board
	}
	edge := math.Min(math.Min(u, canonW-u), math.Min(v, canonH-v))
	if edge < 3 {
		c = c.scale(0.55 + 0.15*edge)
	}
	return c
}

// drawStatic draws the bare board of layout l in true colour: wood, points
// and point numbers.
func drawStatic(l *layout) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, l.w, l.h))
	for y := 0; y < l.h; y++ {
		for x := 0; x < l.w; x++ {
			c := woodAt(l.inv(float64(x)+0.5, float64(y)+0.5))
			o := img.PixOffset(x, y)
			img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = to8(c.r), to8(c.g), to8(c.b), 255
		}
	}
	dc := gg.NewContextForRGBA(img)
	for k := 1; k <= 24; k++ {
		x := pointX(k)
		base, dir := pointBase(k)
		const hw = pointW/2 - 1
		ax, ay := l.pt(x-hw, base)
		bx, by := l.pt(x+hw, base)
		tx, ty := l.pt(x, base+dir*pointLen)
		col := pointCols[(k+1)%2]
		dc.MoveTo(ax, ay)
		dc.LineTo(tx, ty)
		dc.LineTo(bx, by)
		dc.ClosePath()
		dc.SetColor(colorOf(col))
		dc.Fill()
	}
	c := &rgbaCanvas{img}
	f := theFonts().small
	for k := 1; k <= 24; k++ {
		y := float64(fieldY1 + frameY/2)
		if k > 12 {
			y = frameY / 2
		}
		fx, fy := l.pt(pointX(k), y)
		number(c, f, k, fx, fy, numberCol.nrgba(1))
	}
	return img
}
