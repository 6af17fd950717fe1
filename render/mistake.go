package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"

	"nardi/rules"
)

// MistakeView describes the picture of a reviewed play: the board before
// the play with two plays drawn on it as arrows, the play made and the
// better play.
//
// The play made is drawn in orange (Okabe–Ito #E69F00), thin and dashed,
// the better play in blue (#0072B2), thick and solid, so that they differ
// in colour, width and line style alike. Each step is an arrow from the
// checker that moves to the place it lands; a step that hits ends on the
// hit checker, which gets a small badge with a cross in the play's colour.
// A step both plays make is drawn twice, side by side. The picture holds no
// words: the caption should say which colour is which.
type MistakeView struct {
	// View is the board before the play: View.Pos is the position the
	// mover played from (Pos.Mine are the mover's checkers), View.Dice the
	// roll. Viewer, MoverColor, HomeLeft, Portrait and Variant work as
	// for Board; LastPlay and TurnSteps, drawn as on a board, are best
	// left empty.
	View

	// Made is the play made and Better the better play, their steps in
	// the mover's numbering: From 1..24 or rules.Bar, To 1..24 or
	// rules.Off, From > To. Each step must start where the mover has a
	// checker at that moment of the play.
	Made, Better rules.Play
}

// The colours of the two plays and of the arrows' outline.
var (
	madeCol   = hex("#e69f00") // Okabe–Ito orange
	betterCol = hex("#0072b2") // Okabe–Ito blue
	arrowEdge = hex("#161210")
	arrowLite = hex("#ffffff")
)

// arrowStyle is how the arrows of one play are drawn, in picture pixels.
type arrowStyle struct {
	col          rgb
	width        float64 // of the coloured line
	edge         float64 // of the dark outline on each side
	dash         []float64
	headL, headW float64 // length and half width of the arrowhead
	tail         float64 // radius of the dot on the checker that moves
}

var (
	madeStyle   = arrowStyle{col: madeCol, width: 7, edge: 2.5, dash: []float64{15, 11}, headL: 28, headW: 15, tail: 7}
	betterStyle = arrowStyle{col: betterCol, width: 11, edge: 2.5, headL: 36, headW: 22, tail: 9}
)

// Mistake draws the board of v.View with the plays v.Made and v.Better
// drawn on it and returns it encoded as a PNG of the board's size. It is
// safe for concurrent use by many goroutines.
func Mistake(v MistakeView) ([]byte, error) {
	img, err := MistakeImage(v)
	if err != nil {
		return nil, err
	}
	return encodePNG(img)
}

// MistakeImage is Mistake without the encoding: the picture as a paletted
// image, new and belonging to the caller.
func MistakeImage(v MistakeView) (*image.Paletted, error) {
	if err := checkMistake(&v); err != nil {
		return nil, err
	}
	board, err := Image(v.View)
	if err != nil {
		return nil, err
	}
	l := layoutFor(v.Portrait, v.HomeLeft)
	ov := image.NewRGBA(board.Rect)
	drawPlays(ov, l, &v)
	return composite(board, ov, overlayColours()), nil
}

// encodePNG returns a paletted picture encoded as a PNG (see writePNG).
func encodePNG(img *image.Paletted) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(64 << 10)
	if err := writePNG(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// checkMistake rejects plays that cannot be drawn on the view's position.
func checkMistake(v *MistakeView) error {
	for i, p := range []*rules.Play{&v.Made, &v.Better} {
		name := [2]string{"play made", "better play"}[i]
		if p.N < 0 || p.N > 4 {
			return fmt.Errorf("render: %s has %d steps", name, p.N)
		}
		cnt := v.Pos.Mine
		for _, s := range p.Steps[:p.N] {
			if err := checkStep(s); err != nil {
				return fmt.Errorf("%w in the %s", err, name)
			}
			if cnt[s.From] <= 0 {
				return fmt.Errorf("render: %s: no checker of the mover's on %d for %d/%d", name, s.From, s.From, s.To)
			}
			cnt[s.From]--
			cnt[s.To]++
		}
	}
	return nil
}

// leg is one step drawn: from a to b in canonical coordinates, bending
// towards the middle of the board, shifted sideways by off pixels.
type leg struct {
	a, b [2]float64
	off  float64
	hit  bool // the step hits the checker at b
}

// arrow is the way of one checker in a play: its steps, each going on from
// where the one before landed.
type arrow struct {
	legs []leg
	to   int // the last step's To, in the mover's numbering
}

// playArrows returns the arrows of a play made from the view's position.
// A step starts on the checker that leaves (the top one of its stack, or
// the one a previous step brought there) and ends where it lands; a step
// that goes on from where the play's previous step landed lengthens that
// step's arrow. at[i] tells which arrow and leg show step i.
func playArrows(v *MistakeView, p *rules.Play) (out []arrow, at [4][2]int) {
	viewer := v.Viewer == Mover
	facing := v.facing()
	conv := func(i int) int { // the mover's point i in the viewer's numbering
		if viewer || i == rules.Off || i == rules.Bar {
			return i
		}
		return facing(i)
	}
	var mine, theirs [26]int // checkers in the viewer's numbering
	for i := range 26 {
		mine[conv(i)] = int(v.Pos.Mine[i])
	}
	for k := 1; k <= 24; k++ {
		if viewer {
			theirs[k] = int(v.Pos.Theirs[facing(k)])
		} else { // the other side is the viewer, in its own numbering
			theirs[k] = int(v.Pos.Theirs[k])
		}
	}
	shown := mine // the stacks as the board shows them
	last := -1    // the arrow of the step before
	for i, s := range p.Steps[:p.N] {
		from, to := conv(int(s.From)), conv(int(s.To))
		var lg leg
		switch from {
		case rules.Bar:
			lg.a[0], lg.a[1] = barAt(viewer, mine[rules.Bar]-1, shown[rules.Bar])
		default:
			lg.a[0], lg.a[1] = checkerAt(from, mine[from]-1, max(shown[from], mine[from]))
		}
		mine[from]--
		switch to {
		case rules.Off:
			lg.b[0], lg.b[1] = slabAt(viewer, mine[rules.Off])
		default:
			if s.Hit && theirs[to] > 0 { // onto the checker hit
				lg.b[0], lg.b[1] = checkerAt(to, 0, 1)
			} else {
				n := mine[to]
				lg.b[0], lg.b[1] = checkerAt(to, n, max(n+1, shown[to]))
			}
		}
		lg.hit = s.Hit
		mine[to]++
		if last >= 0 && out[last].to == int(s.From) && s.From != rules.Bar {
			out[last].legs = append(out[last].legs, lg)
			out[last].to = int(s.To)
		} else {
			out = append(out, arrow{legs: []leg{lg}, to: int(s.To)})
			last = len(out) - 1
		}
		at[i] = [2]int{last, len(out[last].legs) - 1}
	}
	return out, at
}

// drawPlays draws the arrows of both plays onto the transparent overlay.
func drawPlays(ov *image.RGBA, l *layout, v *MistakeView) {
	made, mi := playArrows(v, &v.Made)
	better, bi := playArrows(v, &v.Better)
	// Steps both plays make are drawn side by side.
	var taken [4]bool
	sep := (madeStyle.width+betterStyle.width)/2 + madeStyle.edge + betterStyle.edge + 3
	for i, s := range v.Made.Steps[:v.Made.N] {
		for j, t := range v.Better.Steps[:v.Better.N] {
			if !taken[j] && s.From == t.From && s.To == t.To {
				taken[j] = true
				made[mi[i][0]].legs[mi[i][1]].off = -sep / 2
				better[bi[j][0]].legs[bi[j][1]].off = sep / 2
				break
			}
		}
	}
	dc := gg.NewContextForRGBA(ov)
	dc.SetLineJoinRound()
	type drawn struct {
		ars []arrow
		st  *arrowStyle
		dx  float64 // where its hit badges sit, from the checker hit
	}
	plays := []drawn{{made, &madeStyle, -1}, {better, &betterStyle, 1}}
	for _, p := range plays {
		for _, ar := range p.ars {
			strokeArrow(dc, l, ar, p.st)
		}
	}
	for _, p := range plays {
		for _, ar := range p.ars {
			for _, lg := range ar.legs {
				if lg.hit {
					x, y := l.pt(lg.b[0], lg.b[1])
					hitBadge(dc, x+p.dx*checkerR*0.4, y, p.st.col)
				}
			}
		}
	}
}

// bend returns the picture points of a leg's start, control point and
// end.
func (lg leg) bend(l *layout) (a, c, b [2]float64) {
	ax, ay, bx, by := lg.a[0], lg.a[1], lg.b[0], lg.b[1]
	dx, dy := bx-ax, by-ay
	d := math.Hypot(dx, dy)
	if d == 0 {
		a[0], a[1] = l.pt(ax, ay)
		return a, a, a
	}
	nx, ny := -dy/d, dx/d
	mx, my := (ax+bx)/2, (ay+by)/2
	// Bend towards the middle of the board.
	if nx*(barX-mx)+ny*(midY-my) < 0 {
		nx, ny = -nx, -ny
	}
	h := 0.16*d + 10
	cx, cy := mx+nx*h, my+ny*h
	// Shift sideways, the same side for both ends.
	sx, sy := -dy/d*lg.off, dx/d*lg.off
	a[0], a[1] = l.pt(ax+sx, ay+sy)
	b[0], b[1] = l.pt(bx+sx, by+sy)
	c[0], c[1] = l.pt(cx+sx, cy+sy)
	return a, c, b
}

// strokeArrow draws one arrow: a dot on the checker that moves, a curve
// through the places it stops at and an arrowhead whose tip is on the
// place it lands (or on the edge of a checker it hits), all outlined in
// dark.
func strokeArrow(dc *gg.Context, l *layout, ar arrow, st *arrowStyle) {
	n := len(ar.legs)
	a, _, _ := ar.legs[0].bend(l)
	lastA, c, b := ar.legs[n-1].bend(l)
	if b == lastA {
		return
	}
	tx, ty := b[0]-c[0], b[1]-c[1]
	t := math.Hypot(tx, ty)
	u := [2]float64{tx / t, ty / t}
	gap := 6.0
	if ar.legs[n-1].hit {
		gap = checkerR - 2
	}
	tip := [2]float64{b[0] - u[0]*gap, b[1] - u[1]*gap}
	base := [2]float64{tip[0] - u[0]*st.headL, tip[1] - u[1]*st.headL}
	end := [2]float64{tip[0] - u[0]*st.headL*0.6, tip[1] - u[1]*st.headL*0.6}
	curve := func() {
		dc.NewSubPath()
		dc.MoveTo(a[0], a[1])
		for i, lg := range ar.legs {
			p, c, q := lg.bend(l)
			if i > 0 {
				dc.LineTo(p[0], p[1])
			}
			if i == n-1 { // shortened, keeping the bend
				c[0], c[1], q = c[0]+(end[0]-q[0])/2, c[1]+(end[1]-q[1])/2, end
			}
			dc.QuadraticTo(c[0], c[1], q[0], q[1])
		}
	}
	stops := func(r float64) { // the places where the checker stops on its way
		for _, lg := range ar.legs[:n-1] {
			_, _, q := lg.bend(l)
			dc.DrawCircle(q[0], q[1], r)
			dc.Fill()
		}
	}
	head := func(grow float64) {
		nx, ny := -u[1], u[0]
		w := st.headW + grow
		bb := [2]float64{base[0] - u[0]*grow*0.8, base[1] - u[1]*grow*0.8}
		dc.NewSubPath()
		dc.MoveTo(tip[0]+u[0]*grow*1.6, tip[1]+u[1]*grow*1.6)
		dc.LineTo(bb[0]+nx*w, bb[1]+ny*w)
		dc.LineTo(bb[0]+u[0]*st.headL*0.22, bb[1]+u[1]*st.headL*0.22)
		dc.LineTo(bb[0]-nx*w, bb[1]-ny*w)
		dc.ClosePath()
	}
	edge, col := colorOf(arrowEdge), colorOf(st.col)
	// The outline: the curve, the dots and the arrowhead, a little larger.
	dc.SetColor(edge)
	dc.SetLineCapRound()
	dc.SetDash(st.dash...)
	dc.SetLineWidth(st.width + 2*st.edge)
	curve()
	dc.Stroke()
	dc.SetDash()
	dc.DrawCircle(a[0], a[1], st.tail+st.edge)
	dc.Fill()
	stops(st.tail + st.edge)
	head(st.edge)
	dc.Fill()
	// The colour.
	dc.SetColor(col)
	dc.SetDash(st.dash...)
	dc.SetLineWidth(st.width)
	curve()
	dc.Stroke()
	dc.SetDash()
	dc.DrawCircle(a[0], a[1], st.tail)
	dc.Fill()
	stops(st.tail)
	head(0)
	dc.Fill()
}

// hitBadge draws the mark of a hit: a disc in the play's colour with a
// white cross, outlined in dark.
func hitBadge(dc *gg.Context, x, y float64, col rgb) {
	const r = 14
	dc.SetColor(colorOf(arrowEdge))
	dc.DrawCircle(x, y, r+2.5)
	dc.Fill()
	dc.SetColor(colorOf(col))
	dc.DrawCircle(x, y, r)
	dc.Fill()
	dc.SetColor(colorOf(arrowLite))
	dc.SetLineWidth(4)
	dc.SetLineCapRound()
	const q = 6
	dc.DrawLine(x-q, y-q, x+q, y+q)
	dc.DrawLine(x-q, y+q, x+q, y-q)
	dc.Stroke()
}

// overlayColours are the colours drawn over boards, given places of their
// own in a picture's palette: each play's colour, the outline and white,
// and blends of them for the edges.
func overlayColours() []rgb {
	cols := []rgb{madeCol, betterCol, arrowEdge, arrowLite}
	for _, c := range []rgb{madeCol, betterCol, arrowLite} {
		for _, t := range []float64{0.25, 0.5, 0.75} {
			cols = append(cols, mix(c, arrowEdge, t))
		}
	}
	for _, c := range []rgb{madeCol, betterCol} {
		cols = append(cols, mix(c, arrowLite, 0.5))
	}
	return cols
}

// composite draws the premultiplied overlay ov onto the paletted picture
// dst and returns the result with a palette of its own: dst's palette with
// the colours it does not use (or, if need be, uses least) replaced by
// extra.
func composite(dst *image.Paletted, ov *image.RGBA, extra []rgb) *image.Paletted {
	var count [256]int
	for _, p := range dst.Pix {
		count[p]++
	}
	n := len(dst.Palette)
	pal := make(color.Palette, 256)
	copy(pal, dst.Palette)
	for i := n; i < 256; i++ {
		pal[i] = color.RGBA{}
	}
	var rgbs [256][3]uint8
	for i, c := range pal {
		r, g, b, _ := c.RGBA()
		rgbs[i] = [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)}
	}
	// Places for the extra colours: unused ones first, then the least used.
	order := make([]int, 256)
	for i := range order {
		order[i] = i
		if i >= n {
			count[i] = -1
		}
	}
	sortByCount(order, &count)
	var keep [256]bool
	for i := range keep {
		keep[i] = true
	}
	var remap [256]uint8
	for i := range remap {
		remap[i] = uint8(i)
	}
	evicted := false
	for j, c := range extra {
		i := order[j]
		if count[i] > 0 {
			evicted = true
		}
		keep[i] = false
		pal[i] = colorOf(c)
		rgbs[i] = [3]uint8{to8(c.r), to8(c.g), to8(c.b)}
	}
	nearest := func(r, g, b uint8, only func(int) bool) uint8 {
		best, bestD := 0, math.MaxInt
		for i := range rgbs {
			if !only(i) {
				continue
			}
			p := rgbs[i]
			dr, dg, db := int(p[0])-int(r), int(p[1])-int(g), int(p[2])-int(b)
			if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bestD {
				best, bestD = i, d
			}
		}
		return uint8(best)
	}
	old := make([][3]uint8, 256) // the colours the picture's indices stood for
	for i, c := range dst.Palette {
		r, g, b, _ := c.RGBA()
		old[i] = [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)}
	}
	if evicted {
		for j := range extra {
			i := order[j]
			if count[i] > 0 {
				c := old[i]
				remap[i] = nearest(c[0], c[1], c[2], func(k int) bool { return keep[k] && count[k] >= 0 })
			}
		}
	}
	out := image.NewPaletted(dst.Rect, pal)
	memo := map[uint32]uint8{}
	any := func(k int) bool { return count[k] >= 0 || !keep[k] }
	for y := 0; y < dst.Rect.Dy(); y++ {
		srow := dst.Pix[y*dst.Stride : y*dst.Stride+dst.Rect.Dx()]
		drow := out.Pix[y*out.Stride:]
		orow := ov.Pix[y*ov.Stride:]
		for x, p := range srow {
			a := int(orow[4*x+3])
			if a == 0 {
				drow[x] = remap[p]
				continue
			}
			bg := old[p]
			r := uint8(int(orow[4*x]) + int(bg[0])*(255-a)/255)
			g := uint8(int(orow[4*x+1]) + int(bg[1])*(255-a)/255)
			b := uint8(int(orow[4*x+2]) + int(bg[2])*(255-a)/255)
			k := uint32(r)<<16 | uint32(g)<<8 | uint32(b)
			i, ok := memo[k]
			if !ok {
				i = nearest(r, g, b, any)
				memo[k] = i
			}
			drow[x] = i
		}
	}
	return out
}

// sortByCount orders palette indices by how often they are used, fewest
// first, ties by index; unused entries beyond the palette (-1) first.
func sortByCount(order []int, count *[256]int) {
	for i := 1; i < len(order); i++ {
		for j := i; j > 0; j-- {
			a, b := order[j-1], order[j]
			if count[a] < count[b] || count[a] == count[b] && a < b {
				break
			}
			order[j-1], order[j] = b, a
		}
	}
}
