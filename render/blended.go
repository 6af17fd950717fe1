package render

import (
	"bytes"
	"image"
	"sync"
	"sync/atomic"
)

// blendedMax is the most bytes the backgrounds keep of sprites blended
// over them. Both colours' checkers at every place of a stack not yet
// squeezed, on every point in the four layouts, take 5.5 MB; squeezed
// stacks, whose places depend on their height, and the marks take the
// rest, first come first kept.
const blendedMax = 24 << 20

// blendedBytes is how many bytes the backgrounds keep now.
var blendedBytes atomic.Int64

// A blendedKey names a sprite drawn with its top left corner at (x, y).
type blendedKey struct {
	s    *sprite
	x, y int
}

// blendedCache keeps sprites as blended over one background where they
// were drawn on it untouched: a checker on a point meets the same wood
// each time, so that drawing it again is a copy. Each value is the rows
// of the sprite's clipped rectangle, one after the other.
type blendedCache struct {
	m sync.Map // blendedKey → []byte
}

// untouched reports whether the rectangle r of img is still as in the
// background bg.
func untouched(img, bg *image.Paletted, r image.Rectangle) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		a := img.Pix[img.PixOffset(r.Min.X, y):][:r.Dx()]
		b := bg.Pix[bg.PixOffset(r.Min.X, y):][:r.Dx()]
		if !bytes.Equal(a, b) {
			return false
		}
	}
	return true
}

// load copies into r of img the rows kept for k, if any.
func (c *blendedCache) load(k blendedKey, img *image.Paletted, r image.Rectangle) bool {
	v, ok := c.m.Load(k)
	if !ok {
		return false
	}
	rows, w := v.([]byte), r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		copy(img.Pix[img.PixOffset(r.Min.X, y):][:w], rows[(y-r.Min.Y)*w:])
	}
	return true
}

// keep keeps for k the rows of r in img, while the backgrounds keep less
// than blendedMax.
func (c *blendedCache) keep(k blendedKey, img *image.Paletted, r image.Rectangle) {
	w, n := r.Dx(), r.Dx()*r.Dy()
	if blendedBytes.Add(int64(n)) > blendedMax {
		blendedBytes.Add(-int64(n))
		return
	}
	rows := make([]byte, n)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		copy(rows[(y-r.Min.Y)*w:], img.Pix[img.PixOffset(r.Min.X, y):][:w])
	}
	if _, had := c.m.LoadOrStore(k, rows); had {
		blendedBytes.Add(-int64(n))
	}
}
