package render

import (
	"image"
	"math"
)

// The board is laid out once, in canonical coordinates: landscape, the
// viewer at the bottom with the home quarter at the bottom right. A layout
// maps canonical coordinates to the picture: the portrait layout transposes
// them (the viewer's side becomes the right edge, the bar a horizontal
// band) and HomeLeft mirrors the result left to right.
const (
	canonW = 1200
	canonH = 800

	frameX  = 24 // outer frame left and right
	frameY  = 30 // outer frame top and bottom, where the point numbers are
	pointW  = 78
	barW    = 88
	trayW   = 112
	leftX0  = frameX
	leftX1  = leftX0 + 6*pointW
	barX0   = leftX1
	barX1   = barX0 + barW
	rightX0 = barX1
	rightX1 = rightX0 + 6*pointW
	trayX0  = rightX1 + 16
	trayX1  = trayX0 + trayW
	fieldY0 = frameY
	fieldY1 = canonH - frameY
	midY    = canonH / 2
	barX    = (barX0 + barX1) / 2
	trayX   = (trayX0 + trayX1) / 2

	checkerR = 33
	checkerD = 2 * checkerR
	pointLen = 312
	stackMax = 5 // checkers drawn at full spacing before a stack is squeezed

	barStart = 70 // distance from the middle to the first checker on the bar
	barSlots = 4

	slabW    = 84
	slabT    = 14
	slabStep = 16

	dieSize = 54
	dieGap  = 14
	cubeSz  = 58
	pillW   = 86
	pillH   = 38
	pillY   = 38 // distance of a pip pill's centre from the middle
)

// layout is one of the four ways to put the canonical board in a picture.
type layout struct {
	id                 int
	portrait, homeLeft bool
	w, h               int
}

var layouts = func() (ls [4]layout) {
	for i := range ls {
		l := &ls[i]
		l.id = i
		l.portrait = i&1 != 0
		l.homeLeft = i&2 != 0
		l.w, l.h = Size(l.portrait)
	}
	return ls
}()

func layoutFor(portrait, homeLeft bool) *layout {
	i := 0
	if portrait {
		i |= 1
	}
	if homeLeft {
		i |= 2
	}
	return &layouts[i]
}

// pt maps a canonical point to the picture.
func (l *layout) pt(x, y float64) (float64, float64) {
	if l.portrait {
		x, y = y, x
	}
	if l.homeLeft {
		x = float64(l.w) - x
	}
	return x, y
}

// inv maps a point of the picture back to canonical coordinates.
func (l *layout) inv(x, y float64) (float64, float64) {
	if l.homeLeft {
		x = float64(l.w) - x
	}
	if l.portrait {
		x, y = y, x
	}
	return x, y
}

// rect maps a canonical rectangle to the picture, rounding outwards.
func (l *layout) rect(x0, y0, x1, y1 float64) image.Rectangle {
	ax, ay := l.pt(x0, y0)
	bx, by := l.pt(x1, y1)
	return image.Rect(int(math.Floor(math.Min(ax, bx))), int(math.Floor(math.Min(ay, by))),
		int(math.Ceil(math.Max(ax, bx))), int(math.Ceil(math.Max(ay, by))))
}

// pointX returns the canonical x of the middle of the viewer's point k.
func pointX(k int) float64 {
	i := k - 1 // 0..11 counted from the right-hand corner
	if k > 12 {
		i = 24 - k
	}
	if i < 6 {
		return rightX1 - pointW*(float64(i)+0.5)
	}
	return leftX1 - pointW*(float64(i-6)+0.5)
}

// pointBase returns the canonical y of the base of point k and the
// direction, +1 or -1, from the base towards the tip.
func pointBase(k int) (y, dir float64) {
	if k <= 12 {
		return fieldY1, -1
	}
	return fieldY0, 1
}

// spacing returns the distance between the centres of neighbouring
// checkers in a stack of n that has room for slots checkers at full
// spacing.
func spacing(n, slots int) float64 {
	if n <= slots {
		return checkerD
	}
	return float64(checkerD*(slots-1)) / float64(n-1)
}

// checkerAt returns the canonical centre of the i-th checker (0 at the
// base) of a stack of n on the viewer's point k.
func checkerAt(k, i, n int) (x, y float64) {
	base, dir := pointBase(k)
	return pointX(k), base + dir*(checkerR+2+float64(i)*spacing(n, stackMax))
}

// barAt returns the canonical centre of the i-th of n checkers on the bar
// for the viewer (bottom) or the other side (top).
func barAt(viewer bool, i, n int) (x, y float64) {
	dir := -1.0
	if viewer {
		dir = 1
	}
	return barX, midY + dir*(barStart+float64(i)*spacing(n, barSlots))
}

// slabAt returns the canonical centre of the i-th borne-off checker in the
// tray for the viewer (from the bottom) or the other side (from the top).
func slabAt(viewer bool, i int) (x, y float64) {
	d := 7 + slabT/2 + float64(i)*slabStep
	if viewer {
		return trayX, fieldY1 - d
	}
	return trayX, fieldY0 + d
}
