package render

import (
	"image"
	"math"
	"strconv"
)

// canvas is what the dynamic parts of a board are drawn on: a true-colour
// picture while the palette is being chosen, a paletted one afterwards.
type canvas interface {
	// blit composites s with its top left corner at (x, y), its opacity
	// scaled by alpha/255.
	blit(s *sprite, x, y, alpha int)
	// fill composites colour c (non-premultiplied, c[3] an opacity)
	// through m shifted by (dx, dy).
	fill(m *mask, dx, dy int, c [4]uint8)
}

// clip returns the part of the w×h rectangle at (x, y) inside b, and the
// offset of its corner within the rectangle.
func clip(b image.Rectangle, x, y, w, h int) (r image.Rectangle, ox, oy int) {
	r = image.Rect(x, y, x+w, y+h).Intersect(b)
	return r, r.Min.X - x, r.Min.Y - y
}

type rgbaCanvas struct{ img *image.RGBA }

func (c *rgbaCanvas) blit(s *sprite, x, y, alpha int) {
	r, ox, oy := clip(c.img.Rect, x, y, s.w, s.h)
	for py := 0; py < r.Dy(); py++ {
		d := c.img.Pix[c.img.PixOffset(r.Min.X, r.Min.Y+py):]
		sp := s.pix[4*((oy+py)*s.w+ox):]
		for px := 0; px < r.Dx(); px++ {
			a := int(sp[4*px+3]) * alpha / 255
			if a == 0 {
				continue
			}
			for i := 0; i < 3; i++ {
				d[4*px+i] = uint8((int(sp[4*px+i])*alpha + int(d[4*px+i])*(255-a)) / 255)
			}
			d[4*px+3] = 255
		}
	}
}

func (c *rgbaCanvas) fill(m *mask, dx, dy int, col [4]uint8) {
	r, ox, oy := clip(c.img.Rect, m.x+dx, m.y+dy, m.w, m.h)
	for py := 0; py < r.Dy(); py++ {
		d := c.img.Pix[c.img.PixOffset(r.Min.X, r.Min.Y+py):]
		mp := m.a[(oy+py)*m.w+ox:]
		for px := 0; px < r.Dx(); px++ {
			a := int(mp[px]) * int(col[3]) / 255
			if a == 0 {
				continue
			}
			for i := 0; i < 3; i++ {
				d[4*px+i] = uint8((int(col[i])*a + int(d[4*px+i])*(255-a)) / 255)
			}
			d[4*px+3] = 255
		}
	}
}

// palCanvas draws on a paletted picture: opaque sprite pixels take their
// precomputed palette index, blended ones are mixed with the colour already
// there and looked up in the palette's colour cube.
type palCanvas struct {
	img    *image.Paletted
	assets *assets
	bg     *board            // the background img was copied from, or nil
	drawn  []image.Rectangle // the parts of img drawn on, in order
}

//go:norace
func (c *palCanvas) blit(s *sprite, x, y, alpha int) {
	r, ox, oy := clip(c.img.Rect, x, y, s.w, s.h)
	c.drawn = append(c.drawn, r)
	k, keep := blendedKey{s, x, y}, false
	if alpha == 255 && c.bg != nil && !r.Empty() && untouched(c.img, c.bg.img, r) {
		if c.bg.blended.load(k, c.img, r) {
			return
		}
		keep = true // once drawn whole, not if drawing it panics
	}
	pal, lut := &c.assets.rgb, &c.assets.lut
	for py := 0; py < r.Dy(); py++ {
		// Row py of the clipped part is row sy of the sprite, whose x
		// maps to x-ox in the picture's row d.
		sy := oy + py
		d := c.img.Pix[c.img.PixOffset(r.Min.X, r.Min.Y+py):][:r.Dx()]
		for _, rn := range s.runs[sy] {
			x0, x1 := max(rn.x0, ox)-ox, min(rn.x1, ox+r.Dx())-ox
			if x0 >= x1 {
				continue
			}
			si := sy*s.w + ox
			if rn.opaque && alpha == 255 {
				copy(d[x0:x1], s.idx[si+x0:si+x1])
				continue
			}
			sp := s.pix[4*si:]
			if alpha == 255 {
				// The sprite's colours are premultiplied: each adds to what
				// is left of the colour beneath.
				for px := x0; px < x1; px++ {
					p := sp[4*px : 4*px+4]
					left := 255 - uint32(p[3])
					bg := &pal[d[px]]
					cr := uint32(p[0]) + uint32(bg[0])*left/255
					cg := uint32(p[1]) + uint32(bg[1])*left/255
					cb := uint32(p[2]) + uint32(bg[2])*left/255
					d[px] = lut[lutKey(cr, cg, cb)]
				}
				continue
			}
			for px := x0; px < x1; px++ {
				a := int(sp[4*px+3]) * alpha / 255
				bg := &pal[d[px]]
				cr := (int(sp[4*px])*alpha + int(bg[0])*(255-a)) / 255
				cg := (int(sp[4*px+1])*alpha + int(bg[1])*(255-a)) / 255
				cb := (int(sp[4*px+2])*alpha + int(bg[2])*(255-a)) / 255
				d[px] = lut[lutKey(uint32(cr), uint32(cg), uint32(cb))]
			}
		}
	}
	if keep {
		c.bg.blended.keep(k, c.img, r)
	}
}

//go:norace
func (c *palCanvas) fill(m *mask, dx, dy int, col [4]uint8) {
	r, ox, oy := clip(c.img.Rect, m.x+dx, m.y+dy, m.w, m.h)
	c.drawn = append(c.drawn, r)
	pal, lut := &c.assets.rgb, &c.assets.lut
	cr0, cg0, cb0, ca := uint32(col[0]), uint32(col[1]), uint32(col[2]), uint32(col[3])
	for py := 0; py < r.Dy(); py++ {
		d := c.img.Pix[c.img.PixOffset(r.Min.X, r.Min.Y+py):]
		mp := m.a[(oy+py)*m.w+ox:]
		for px, cover := range mp[:r.Dx()] {
			a := uint32(cover) * ca / 255
			if a == 0 {
				continue
			}
			bg := &pal[d[px]]
			cr := (cr0*a + uint32(bg[0])*(255-a)) / 255
			cg := (cg0*a + uint32(bg[1])*(255-a)) / 255
			cb := (cb0*a + uint32(bg[2])*(255-a)) / 255
			d[px] = lut[lutKey(cr, cg, cb)]
		}
	}
}

// put composites s centred on the canonical point (x, y).
func put(c canvas, l *layout, s *sprite, x, y float64, alpha int) {
	fx, fy := l.pt(x, y)
	c.blit(s, int(math.Round(fx-float64(s.w)/2)), int(math.Round(fy-float64(s.h)/2)), alpha)
}

// number draws n in font f centred on the picture point (fx, fy).
func number(c canvas, f *digitFont, n int, fx, fy float64, col [4]uint8) {
	var buf [12]byte
	s := strconv.AppendInt(buf[:0], int64(n), 10)
	w := 0
	for _, ch := range s {
		w += f.adv[ch-'0']
	}
	x := int(math.Round(fx - float64(w)/2))
	y := int(math.Round(fy - float64(f.top+f.bottom)/2))
	for _, ch := range s {
		c.fill(&f.glyph[ch-'0'], x, y, col)
		x += f.adv[ch-'0']
	}
}
