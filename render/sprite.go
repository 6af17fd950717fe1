package render

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// rgb is a colour with components in 0..1.
type rgb struct{ r, g, b float64 }

func hex(s string) rgb {
	var v [3]float64
	for i := range v {
		v[i] = float64(unhex(s[1+2*i])<<4|unhex(s[2+2*i])) / 255
	}
	return rgb{v[0], v[1], v[2]}
}

func unhex(c byte) int {
	switch {
	case c >= 'a':
		return int(c-'a') + 10
	case c >= 'A':
		return int(c-'A') + 10
	}
	return int(c - '0')
}

func (c rgb) scale(f float64) rgb { return rgb{c.r * f, c.g * f, c.b * f} }

func mix(a, b rgb, t float64) rgb {
	t = clamp01(t)
	return rgb{a.r + (b.r-a.r)*t, a.g + (b.g-a.g)*t, a.b + (b.b-a.b)*t}
}

func clamp01(t float64) float64 { return math.Max(0, math.Min(1, t)) }

// nrgba returns c as 8-bit components with alpha a in 0..1.
func (c rgb) nrgba(a float64) [4]uint8 {
	return [4]uint8{to8(c.r), to8(c.g), to8(c.b), to8(a)}
}

func to8(v float64) uint8 { return uint8(clamp01(v)*255 + 0.5) }

// sprite is a small picture composited onto boards: premultiplied RGBA,
// and for each opaque pixel its index in the board palette.
type sprite struct {
	w, h int
	pix  []uint8
	idx  []uint8
	runs [][]run // by row: the runs of pixels not fully transparent
}

// run is a stretch of a sprite's row, [x0, x1), whose pixels are all
// opaque or all partly transparent.
type run struct {
	x0, x1 int
	opaque bool
}

// findRuns sets s.runs from s.pix.
func (s *sprite) findRuns() {
	s.runs = make([][]run, s.h)
	for y := range s.h {
		var rs []run
		for x := 0; x < s.w; {
			a := s.pix[4*(y*s.w+x)+3]
			if a == 0 {
				x++
				continue
			}
			r := run{x0: x, opaque: a == 255}
			for x < s.w {
				a := s.pix[4*(y*s.w+x)+3]
				if a == 0 || (a == 255) != r.opaque {
					break
				}
				x++
			}
			r.x1 = x
			rs = append(rs, r)
		}
		s.runs[y] = rs
	}
}

// shader gives the colour and coverage (0..1) of a sprite at a point
// measured from the sprite's centre.
type shader func(x, y float64) (rgb, float64)

const ss = 4 // supersampling per axis

// newSprite renders a w×h sprite from f with 4×4 supersampling.
func newSprite(w, h int, f shader) *sprite {
	s := &sprite{w: w, h: h, pix: make([]uint8, 4*w*h)}
	cx, cy := float64(w)/2, float64(h)/2
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var r, g, b, a float64
			for j := 0; j < ss; j++ {
				for i := 0; i < ss; i++ {
					px := float64(x) + (float64(i)+0.5)/ss - cx
					py := float64(y) + (float64(j)+0.5)/ss - cy
					c, al := f(px, py)
					r += c.r * al
					g += c.g * al
					b += c.b * al
					a += al
				}
			}
			const n = ss * ss
			o := 4 * (y*w + x)
			s.pix[o], s.pix[o+1], s.pix[o+2], s.pix[o+3] = to8(r/n), to8(g/n), to8(b/n), to8(a/n)
		}
	}
	return s
}

// transposed returns the sprite mirrored about its main diagonal.
func (s *sprite) transposed() *sprite {
	t := &sprite{w: s.h, h: s.w, pix: make([]uint8, len(s.pix))}
	for y := 0; y < s.h; y++ {
		for x := 0; x < s.w; x++ {
			copy(t.pix[4*(x*t.w+y):4*(x*t.w+y)+4], s.pix[4*(y*s.w+x):4*(y*s.w+x)+4])
		}
	}
	return t
}

// roundRectDist returns the signed distance from a point to the edge of a
// rounded rectangle of half sizes hw, hh and corner radius r centred at the
// origin: negative inside.
func roundRectDist(x, y, hw, hh, r float64) float64 {
	qx := math.Abs(x) - hw + r
	qy := math.Abs(y) - hh + r
	out := math.Hypot(math.Max(qx, 0), math.Max(qy, 0))
	return out + math.Min(math.Max(qx, qy), 0) - r
}

// shadowAlpha is the coverage of a soft drop shadow whose shape has signed
// distance d.
func shadowAlpha(d, soft, strength float64) float64 {
	return strength * clamp01(0.5-d/soft)
}

type checkerStyle struct {
	base, edge, hi, groove rgb
}

var checkerStyles = [2]checkerStyle{
	White: {base: hex("#f3ecdc"), edge: hex("#7d6a4f"), hi: hex("#ffffff"), groove: hex("#cbbb9c")},
	Black: {base: hex("#2f2826"), edge: hex("#0b0909"), hi: hex("#7a6b64"), groove: hex("#1a1514")},
}

// checkerShader draws a checker of radius checkerR lit from the top left,
// with a bevelled rim, a groove and a soft shadow.
func checkerShader(st checkerStyle) shader {
	const R = checkerR
	return func(x, y float64) (rgb, float64) {
		d := math.Hypot(x, y)
		if d > R {
			return rgb{}, shadowAlpha(math.Hypot(x-1.5, y-2.5)-R, 4, 0.45)
		}
		l := -(x + y) / (R * math.Sqrt2) // 1 at the lit top left
		c := st.base
		if d > R-8 { // the raised rim
			c = mix(c, st.groove, 0.7)
			if l > 0.3 && d > R-6.5 && d < R-4 {
				c = mix(c, st.hi, 0.7)
			}
		}
		if d > R-1.6 {
			c = mix(c, st.edge, 0.85)
		}
		return c, 1
	}
}

// slabShader draws a borne-off checker seen edge on.
func slabShader(st checkerStyle) shader {
	const hw, hh = slabW / 2, slabT / 2
	return func(x, y float64) (rgb, float64) {
		d := roundRectDist(x, y, hw, hh, 4)
		if d > 0 {
			return rgb{}, shadowAlpha(roundRectDist(x-1, y-1.5, hw, hh, 4), 3, 0.4)
		}
		t := (y + hh) / (2 * hh) // 0 top .. 1 bottom
		c := mix(st.base, st.hi, 0.35*(1-2*t))
		c = mix(c, st.edge, 0.5*(2*t-1))
		if math.Abs(y) < 0.8 {
			c = mix(c, st.groove, 0.6)
		}
		if d > -1.3 {
			c = mix(c, st.edge, 0.85)
		}
		return c, 1
	}
}

type dieStyle struct{ body, pip, edge rgb }

var dieStyles = [2]dieStyle{
	White: {body: hex("#fbf8f1"), pip: hex("#241d1a"), edge: hex("#6f5e48")},
	Black: {body: hex("#2a2321"), pip: hex("#f6efdf"), edge: hex("#050404")},
}

var pipSpots = [7][][2]float64{
	1: {{0, 0}},
	2: {{-1, -1}, {1, 1}},
	3: {{-1, -1}, {0, 0}, {1, 1}},
	4: {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}},
	5: {{-1, -1}, {1, -1}, {0, 0}, {-1, 1}, {1, 1}},
	6: {{-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {1, 1}},
}

// dieShader draws a die showing n.
func dieShader(st dieStyle, n int) shader {
	const h = dieSize / 2
	const q = 13.5
	return func(x, y float64) (rgb, float64) {
		d := roundRectDist(x, y, h, h, 10)
		if d > 0 {
			return rgb{}, shadowAlpha(roundRectDist(x-2, y-3, h, h, 10), 4, 0.5)
		}
		l := -(x + y) / (2 * h)
		c := mix(st.body, rgb{1, 1, 1}, 0.12*l)
		c = mix(c, st.edge, -0.2*l)
		if d > -4 {
			c = mix(c, st.edge, 0.25*(d+4)/4)
		}
		for _, p := range pipSpots[n] {
			if math.Hypot(x-p[0]*q, y-p[1]*q) < 5.6 {
				c = st.pip
			}
		}
		if d > -1.4 {
			c = mix(c, st.edge, 0.8)
		}
		return c, 1
	}
}

// cubeShader draws the blank doubling cube; its value is drawn on it.
func cubeShader() shader {
	const h = cubeSz / 2
	body, edge := hex("#f7f1e3"), hex("#5a4632")
	return func(x, y float64) (rgb, float64) {
		d := roundRectDist(x, y, h, h, 9)
		if d > 0 {
			return rgb{}, shadowAlpha(roundRectDist(x-2, y-3, h, h, 9), 4, 0.5)
		}
		l := -(x + y) / (2 * h)
		c := mix(body, rgb{1, 1, 1}, 0.3*l)
		c = mix(c, edge, -0.15*l)
		if ir := roundRectDist(x, y, h-6, h-6, 5); math.Abs(ir) < 0.8 {
			c = mix(c, edge, 0.35)
		}
		if d > -1.5 {
			c = mix(c, edge, 0.9)
		}
		return c, 1
	}
}

// ringShader draws a ring in colour col with dark edges, from radius r0
// to r1, the edges drawn with opacity edge: around a checker that moved,
// or (thinner) where a checker was.
func ringShader(col rgb, r0, r1, edge float64) shader {
	dark := hex("#1b1208")
	return func(x, y float64) (rgb, float64) {
		d := math.Hypot(x, y)
		switch {
		case d < r0-1 || d > r1+1:
			return rgb{}, 0
		case d < r0 || d > r1:
			return dark, edge
		}
		return col, 1
	}
}

// badgeShader draws the mark of a hit: a red disc with a white cross.
func badgeShader() shader {
	const r = 12
	red, white, dark := hex("#d8281e"), hex("#ffffff"), hex("#3a0805")
	return func(x, y float64) (rgb, float64) {
		d := math.Hypot(x, y)
		if d > r {
			return rgb{}, shadowAlpha(math.Hypot(x-1, y-1.5)-r, 3, 0.5)
		}
		c := red
		if (math.Abs(x-y) < 2.4 || math.Abs(x+y) < 2.4) && math.Abs(x) < 5.5 && math.Abs(y) < 5.5 {
			c = white
		}
		if d > r-1.4 {
			c = dark
		}
		return c, 1
	}
}

// pillShader draws the plate of a pip count in a side's colour.
func pillShader(st checkerStyle, rim rgb) shader {
	const hw, hh = pillW / 2, pillH / 2
	return func(x, y float64) (rgb, float64) {
		d := roundRectDist(x, y, hw, hh, hh)
		if d > 0 {
			return rgb{}, shadowAlpha(roundRectDist(x-1, y-2, hw, hh, hh), 3, 0.45)
		}
		t := (y + hh) / (2 * hh)
		c := mix(st.base, st.hi, 0.25*(1-2*t))
		if d > -2 {
			c = rim
		}
		return c, 1
	}
}

// glowShader draws the golden halo around the plate of the player on turn.
func glowShader(col rgb) shader {
	const hw, hh = pillW / 2, pillH / 2
	return func(x, y float64) (rgb, float64) {
		d := roundRectDist(x, y, hw, hh, hh)
		switch {
		case d < 0:
			return rgb{}, 0
		case d < 4:
			return col, 1
		}
		return col, 0.55 * math.Exp(-(d-4)/3)
	}
}

// mask is a coverage map placed at (x, y) of the picture (for glyphs: of
// the pen position).
type mask struct {
	x, y, w, h int
	a          []uint8
}

// rasterMask renders the coverage of a canonical shape over the picture
// rectangle r of layout l, with 4×4 supersampling.
func rasterMask(l *layout, r image.Rectangle, inside func(u, v float64) bool) *mask {
	m := &mask{x: r.Min.X, y: r.Min.Y, w: r.Dx(), h: r.Dy(), a: make([]uint8, r.Dx()*r.Dy())}
	for y := 0; y < m.h; y++ {
		for x := 0; x < m.w; x++ {
			n := 0
			for j := 0; j < ss; j++ {
				for i := 0; i < ss; i++ {
					u, v := l.inv(float64(m.x+x)+(float64(i)+0.5)/ss, float64(m.y+y)+(float64(j)+0.5)/ss)
					if inside(u, v) {
						n++
					}
				}
			}
			m.a[y*m.w+x] = uint8((n*255 + ss*ss/2) / (ss * ss))
		}
	}
	return m
}

// inTriangle tells whether (u, v) is inside the canonical triangle of the
// viewer's point k, shrunk by inset pixels at its base corners.
func inTriangle(k int, inset float64) func(u, v float64) bool {
	x := pointX(k)
	base, dir := pointBase(k)
	hw := pointW/2 - inset
	return func(u, v float64) bool {
		t := (v - base) * dir / pointLen // 0 at the base, 1 at the tip
		return t >= 0 && t <= 1 && math.Abs(u-x) <= hw*(1-t)
	}
}

// digitFont holds the glyph masks of the ten digits at one size.
type digitFont struct {
	glyph  [10]mask // x, y relative to the pen on the baseline
	adv    [10]int
	top    int // top of the digits above the baseline (a negative y)
	bottom int
}

// goBold is the Go Bold typeface, parsed once; faces are made from it
// where glyphs are drawn (see glyphMask).
var goBold = func() *opentype.Font {
	f, err := opentype.Parse(gobold.TTF)
	if err != nil {
		panic(err)
	}
	return f
}()

// newFace makes a Go Bold face of size pixels. A font.Face is not safe
// for concurrent use: each caller makes its own, draws its glyphs into
// masks (which are) and closes it.
func newFace(size float64) font.Face {
	face, err := opentype.NewFace(goBold, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic(fmt.Sprintf("render: a face of Go Bold at %g px: %v", size, err))
	}
	return face
}

// glyphMask draws r of face into a mask relative to the pen on the
// baseline, and returns it with its bounds and its advance in pixels.
func glyphMask(face font.Face, r rune) (mask, image.Rectangle, int) {
	dr, m, mp, adv, ok := face.Glyph(fixed.Point26_6{}, r)
	if !ok {
		panic(fmt.Sprintf("render: no glyph for %q", r))
	}
	g := mask{x: dr.Min.X, y: dr.Min.Y, w: dr.Dx(), h: dr.Dy(), a: make([]uint8, dr.Dx()*dr.Dy())}
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			_, _, _, a := m.At(mp.X+x, mp.Y+y).RGBA()
			g.a[y*g.w+x] = uint8(a >> 8)
		}
	}
	return g, dr, adv.Round()
}

// newDigitFont renders the digits of Go Bold at size pixels.
func newDigitFont(size float64) *digitFont {
	face := newFace(size)
	defer face.Close()
	f := &digitFont{}
	for d := 0; d < 10; d++ {
		g, dr, adv := glyphMask(face, rune('0'+d))
		f.glyph[d], f.adv[d] = g, adv
		if d == 0 {
			f.top, f.bottom = dr.Min.Y, dr.Max.Y
		}
	}
	return f
}

// colorOf converts c to a standard opaque colour.
func colorOf(c rgb) color.NRGBA {
	return color.NRGBA{to8(c.r), to8(c.g), to8(c.b), 255}
}

// slabRingShader outlines a borne-off checker in colour col.
func slabRingShader(col rgb) shader {
	const hw, hh = slabW / 2, slabT / 2
	dark := hex("#1b1208")
	return func(x, y float64) (rgb, float64) {
		d := roundRectDist(x, y, hw, hh, 4)
		switch {
		case d < -1 || d > 3:
			return rgb{}, 0
		case d < 0 || d > 2:
			return dark, 0.8
		}
		return col, 1
	}
}
