// Package render draws a nardi board as a PNG picture for the bot's
// messages.
//
// The picture holds no words, only digits: 24 points numbered from the
// viewer's side, the bar, a tray for the borne-off checkers, the dice, the
// doubling cube, both pip counts and marks for the last play and for the
// steps already made in the turn in progress. The viewer's home is always
// at the bottom, at the right by default.
//
// Static parts (the wooden board, the points and their numbers, the
// checker, die and cube sprites, the palette) are prepared once per process;
// a board is then a copy of the cached background with the sprites
// composited onto it, encoded as a paletted PNG. Board is safe for
// concurrent use.
package render

import (
	"bytes"
	"fmt"
	"image"
	"slices"

	"nardi/rules"
)

// Color is the colour of a player's checkers. The game gives one player the
// light (White) checkers and the other the dark (Black) ones.
type Color uint8

// The two checker colours.
const (
	White Color = iota // light, ivory checkers
	Black              // dark checkers
)

// Other returns the opposite colour.
func (c Color) Other() Color { return 1 - c&1 }

// Side names one of the two players relative to the position being drawn.
type Side uint8

// The two sides of a View's position.
const (
	Mover    Side = iota // the player on roll: View.Pos.Mine
	Opponent             // the other player: View.Pos.Theirs
)

// CubeOwner tells where the doubling cube is.
type CubeOwner uint8

// The places of the doubling cube.
const (
	CubeCentred  CubeOwner = iota // nobody owns the cube: it sits in the middle of the bar
	CubeMover                     // the player on roll owns the cube
	CubeOpponent                  // the other player owns the cube
)

// View describes one picture of a board. The zero value of every field but
// Pos is a sensible default: the player on roll looks at the board with the
// white checkers, no dice, no cube, home at the bottom right, landscape.
type View struct {
	// Variant is the game on the board; nil is short nardi. Long nardi's
	// sides both travel the same way round, and so face each other
	// differently (rules.Variant.Facing).
	Variant rules.Variant

	// Pos is the position as it stands now, seen from the player on roll
	// (Pos.Mine are the mover's checkers). In the middle of a turn it
	// already includes TurnSteps.
	Pos rules.Position

	// Viewer is the side whose checkers are drawn at the bottom, moving
	// towards the home quarter at the bottom right (or bottom left with
	// HomeLeft). Point numbers are in the viewer's numbering.
	Viewer Side

	// MoverColor is the colour of the mover's checkers; the opponent has
	// the other colour.
	MoverColor Color

	// Dice is the roll of the player on roll; the zero value shows no dice.
	// A double is shown as four dice.
	Dice rules.Dice

	// Used dims the dice already played this turn, indexed like
	// Dice.List(): two entries for a plain roll, four for a double.
	Used [4]bool

	// LastPlay is the last complete play, marked on the board (the points
	// it left highlighted, the checkers it moved ringed, its hits marked);
	// nil marks nothing. Its steps are in the numbering of LastBy.
	LastPlay *rules.Play

	// LastBy is the side that made LastPlay; usually Opponent, since the
	// player on roll is the one to play now.
	LastBy Side

	// TurnSteps are the steps already made by the player on roll in the
	// turn in progress, in the mover's numbering; they are marked in a
	// colour of their own.
	TurnSteps []rules.Step

	// Cube is the value of the doubling cube: 0 when the game is played
	// without one, 1 for a cube not yet turned (shown as 64, as on a real
	// cube), else 2, 4, 8, ...
	Cube int

	// CubeOwner tells whether the cube is centred or which side owns it;
	// an owned cube sits at its owner's end of the bar.
	CubeOwner CubeOwner

	// HomeLeft puts the viewer's home quarter at the bottom left instead of
	// the bottom right.
	HomeLeft bool

	// Portrait draws a tall board for vertical screens: the bar runs
	// across the board, the viewer's checkers are on the right (or on the
	// left with HomeLeft) and both homes are in the bottom half.
	Portrait bool
}

// Size returns the width and height in pixels of a board picture in the
// landscape or the portrait layout.
func Size(portrait bool) (w, h int) {
	if portrait {
		return canonH, canonW
	}
	return canonW, canonH
}

// Image draws the board described by v and returns it as a paletted image.
// The image is new and belongs to the caller.
func Image(v View) (*image.Paletted, error) {
	if err := check(&v); err != nil {
		return nil, err
	}
	lay := layoutFor(v.Portrait, v.HomeLeft)
	bg := background(lay)
	dst := image.NewPaletted(bg.img.Rect, bg.img.Palette)
	copy(dst.Pix, bg.img.Pix)
	a := theAssets()
	drawDynamic(&palCanvas{img: dst, assets: a, bg: bg}, lay, bg.tri, a, &v)
	return dst, nil
}

// Board draws the board described by v and returns it encoded as a PNG.
// It is safe for concurrent use by many goroutines.
func Board(v View) ([]byte, error) {
	if err := check(&v); err != nil {
		return nil, err
	}
	// The board is drawn straight into the scanlines of the PNG: each row
	// after its filter byte, copied with them from the background's (or
	// only the parts drawn on by the last board over it).
	lay := layoutFor(v.Portrait, v.HomeLeft)
	bg := background(lay)
	work := pngWorks.Get().(*pngWork)
	defer pngWorks.Put(work)
	r := bg.img.Rect
	w, h := r.Dx(), r.Dy()
	over := work.over == bg && len(work.raw) == len(bg.raw)
	if !over {
		work.raw = slices.Grow(work.raw[:0], len(bg.raw))[:len(bg.raw)]
		copy(work.raw, bg.raw)
	}
	dst := &image.Paletted{Pix: work.raw[1:], Stride: w + 1, Rect: r, Palette: bg.img.Palette}
	if over {
		for _, d := range work.drawn {
			for y := d.Min.Y; y < d.Max.Y; y++ {
				o := 1 + dst.PixOffset(d.Min.X, y)
				copy(work.raw[o:o+d.Dx()], bg.raw[o:])
			}
		}
	}
	work.over = nil // until the board is drawn
	a := theAssets()
	c := &palCanvas{img: dst, assets: a, bg: bg, drawn: work.drawn[:0]}
	drawDynamic(c, lay, bg.tri, a, &v)
	work.over, work.drawn = bg, c.drawn
	work.changed = markDrawn(work.changed, work.raw, dst, 1, c.drawn)
	var buf bytes.Buffer
	buf.Grow(64 << 10)
	if err := writeScanlines(&buf, &work.d, w, h, dst.Palette, work.raw, bg.sums.sumOver(work.raw, work.changed)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// check rejects views that cannot be drawn.
func check(v *View) error {
	if err := rules.ValidateFor(v.Variant, v.Pos); err != nil {
		return fmt.Errorf("render: %w", err)
	}
	if v.Dice != (rules.Dice{}) && !v.Dice.Valid() {
		return fmt.Errorf("render: bad dice %v", v.Dice)
	}
	if v.Viewer > Opponent || v.LastBy > Opponent {
		return fmt.Errorf("render: bad side")
	}
	if v.MoverColor > Black {
		return fmt.Errorf("render: bad colour %d", v.MoverColor)
	}
	if v.Cube < 0 || v.Cube > 1<<12 || v.Cube&(v.Cube-1) != 0 {
		return fmt.Errorf("render: bad cube value %d", v.Cube)
	}
	if v.CubeOwner > CubeOpponent {
		return fmt.Errorf("render: bad cube owner %d", v.CubeOwner)
	}
	if v.LastPlay != nil {
		if v.LastPlay.N < 0 || v.LastPlay.N > 4 {
			return fmt.Errorf("render: last play has %d steps", v.LastPlay.N)
		}
		for _, s := range v.LastPlay.Steps[:v.LastPlay.N] {
			if err := checkStep(s); err != nil {
				return err
			}
		}
	}
	if len(v.TurnSteps) > 4 {
		return fmt.Errorf("render: %d turn steps", len(v.TurnSteps))
	}
	for _, s := range v.TurnSteps {
		if err := checkStep(s); err != nil {
			return err
		}
	}
	return nil
}

func checkStep(s rules.Step) error {
	if s.From < 1 || s.From > rules.Bar || s.To < rules.Off || s.To > rules.Points || s.To >= s.From {
		return fmt.Errorf("render: bad step %d/%d", s.From, s.To)
	}
	return nil
}

// facing returns the view's variant's Facing, short nardi's by default.
func (v *View) facing() func(int) int {
	if v.Variant != nil {
		return v.Variant.Facing
	}
	return func(i int) int { return 25 - i }
}
