package render

import (
	"image"
	"image/color"
	"math"
	"slices"
	"sync"
)

// assets are the parts of every board built once per process: fonts,
// sprites and the palette.
type assets struct {
	fonts   *fonts
	checker [2]*sprite    // by Color
	slab    [2][2]*sprite // by Color, then landscape/portrait
	die     [2][7]*sprite // by Color of the mover, then value
	cube    *sprite
	ring    [3]*sprite    // last play, turn in progress, hit
	ghost   [2]*sprite    // place left: last play, turn in progress
	slabMk  [2][2]*sprite // outline of a borne-off checker: last play, turn; then landscape/portrait
	badge   *sprite
	pill    [2]*sprite // by Color
	glow    *sprite

	pal color.Palette
	rgb [256][3]uint8
	lut [1 << 15]uint8
}

type fonts struct {
	small, count, pips, cube *digitFont
}

var (
	fontsOnce sync.Once
	theFontsV *fonts
)

func theFonts() *fonts {
	fontsOnce.Do(func() {
		theFontsV = &fonts{
			small: newDigitFont(16),
			count: newDigitFont(25),
			pips:  newDigitFont(25),
			cube:  newDigitFont(29),
		}
	})
	return theFontsV
}

// Mark colours.
var (
	lastCol = hex("#ffc21a") // the last play
	turnCol = hex("#35c6f4") // the turn in progress
	hitCol  = hex("#e8322a")
)

var (
	assetsOnce sync.Once
	assetsV    *assets
	bg0        *image.RGBA // the background of layout 0, kept to quantize it
)

func theAssets() *assets {
	assetsOnce.Do(func() {
		a := &assets{fonts: theFonts()}
		for c := White; c <= Black; c++ {
			st := checkerStyles[c]
			a.checker[c] = newSprite(checkerD+10, checkerD+10, checkerShader(st))
			a.slab[c][0] = newSprite(slabW+6, slabT+6, slabShader(st))
			a.slab[c][1] = a.slab[c][0].transposed()
			for n := 1; n <= 6; n++ {
				a.die[c][n] = newSprite(dieSize+10, dieSize+10, dieShader(dieStyles[c], n))
			}
			rim := checkerStyles[White].edge
			if c == Black {
				rim = hex("#c9a877")
			}
			a.pill[c] = newSprite(pillW+8, pillH+8, pillShader(st, rim))
		}
		a.cube = newSprite(cubeSz+10, cubeSz+10, cubeShader())
		for i, col := range []rgb{lastCol, turnCol, hitCol} {
			a.ring[i] = newSprite(checkerD+12, checkerD+12, ringShader(col, checkerR-2.5, checkerR+3, 0.8))
		}
		for i, col := range []rgb{lastCol, turnCol} {
			a.ghost[i] = newSprite(checkerD+12, checkerD+12, ringShader(col, checkerR-2, checkerR+1, 0.6))
			a.slabMk[i][0] = newSprite(slabW+8, slabT+8, slabRingShader(col))
			a.slabMk[i][1] = a.slabMk[i][0].transposed()
		}
		a.badge = newSprite(30, 30, badgeShader())
		a.glow = newSprite(pillW+40, pillH+40, glowShader(lastCol))

		// Choose the palette from sample boards drawn in true colour.
		l := &layouts[0]
		bg0 = drawStatic(l)
		tri := triMasks(l)
		hist := map[uint32]int{}
		total := 0
		for _, v := range sampleViews() {
			img := image.NewRGBA(bg0.Rect)
			copy(img.Pix, bg0.Pix)
			drawDynamic(&rgbaCanvas{img}, l, tri, a, &v)
			total += histogram(hist, img)
		}
		a.pal = medianCut(hist, total, 256)
		for i, c := range a.pal {
			r, g, b, _ := c.RGBA()
			a.rgb[i] = [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)}
		}
		for i := range a.lut {
			r, g, b := i>>10, i>>5&31, i&31
			a.lut[i] = a.nearest(uint8(r<<3|4), uint8(g<<3|4), uint8(b<<3|4))
		}
		memo := map[uint32]uint8{}
		for _, s := range a.sprites() {
			s.idx = make([]uint8, s.w*s.h)
			for i := range s.idx {
				p := s.pix[4*i : 4*i+4]
				if p[3] == 255 {
					s.idx[i] = a.nearestMemo(memo, p[0], p[1], p[2])
				}
			}
			s.findRuns()
		}
		assetsV = a
	})
	return assetsV
}

func (a *assets) sprites() []*sprite {
	s := []*sprite{a.cube, a.badge, a.glow}
	s = append(s, a.ring[:]...)
	s = append(s, a.ghost[0], a.ghost[1], a.slabMk[0][0], a.slabMk[0][1], a.slabMk[1][0], a.slabMk[1][1])
	for c := range 2 {
		s = append(s, a.checker[c], a.slab[c][0], a.slab[c][1], a.pill[c])
		s = append(s, a.die[c][1:]...)
	}
	return s
}

// lutKey returns the place in assets.lut of the colour (r, g, b), each
// 0 to 255: five bits of each.
func lutKey(r, g, b uint32) uint32 { return (r>>3<<10 | g>>3<<5 | b>>3) & (1<<15 - 1) }

// nearest returns the index of the palette colour closest to (r, g, b).
func (a *assets) nearest(r, g, b uint8) uint8 {
	best, bestD := 0, math.MaxInt
	for i, p := range a.rgb[:len(a.pal)] {
		dr, dg, db := int(p[0])-int(r), int(p[1])-int(g), int(p[2])-int(b)
		if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}

func (a *assets) nearestMemo(memo map[uint32]uint8, r, g, b uint8) uint8 {
	k := uint32(r)<<16 | uint32(g)<<8 | uint32(b)
	if i, ok := memo[k]; ok {
		return i
	}
	i := a.nearest(r, g, b)
	memo[k] = i
	return i
}

// quantize maps a true-colour picture onto the palette.
func (a *assets) quantize(img *image.RGBA) *image.Paletted {
	p := image.NewPaletted(img.Rect, a.pal)
	memo := map[uint32]uint8{}
	last, lastI := uint32(1<<31), uint8(0)
	for i := 0; i < len(p.Pix); i++ {
		q := img.Pix[4*i : 4*i+3]
		k := uint32(q[0])<<16 | uint32(q[1])<<8 | uint32(q[2])
		if k != last {
			last, lastI = k, a.nearestMemo(memo, q[0], q[1], q[2])
		}
		p.Pix[i] = lastI
	}
	return p
}

// histogram adds the colours of img to h and returns its pixel count.
func histogram(h map[uint32]int, img *image.RGBA) int {
	n := len(img.Pix) / 4
	last, run := uint32(1<<31), 0
	for i := 0; i < n; i++ {
		q := img.Pix[4*i : 4*i+3]
		k := uint32(q[0])<<16 | uint32(q[1])<<8 | uint32(q[2])
		if k != last {
			if run > 0 {
				h[last] += run
			}
			last, run = k, 0
		}
		run++
	}
	h[last] += run
	return n
}

type wcolor struct {
	c [3]float64
	w float64
}

// medianCut chooses up to n colours for the histogram h: the most common
// colours exactly (the large flat areas), the rest by splitting the colour
// box of largest weighted variance at its weighted median.
func medianCut(h map[uint32]int, total, n int) color.Palette {
	keys := make([]uint32, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b uint32) int { // most common first, ties in a fixed order
		if h[a] != h[b] {
			return h[b] - h[a]
		}
		return int(a) - int(b)
	})
	cols := make([]wcolor, 0, len(h))
	var pal color.Palette
	for _, k := range keys {
		cnt := h[k]
		c := [3]float64{float64(k >> 16), float64(k >> 8 & 255), float64(k & 255)}
		if cnt*1500 >= total && len(pal) < n/3 {
			pal = append(pal, color.RGBA{uint8(k >> 16), uint8(k >> 8), uint8(k), 255})
			continue
		}
		cols = append(cols, wcolor{c, math.Sqrt(float64(cnt))})
	}
	type box struct {
		cols []wcolor
		sse  float64
		mean [3]float64
	}
	mk := func(cs []wcolor) box {
		b := box{cols: cs}
		var w float64
		for _, c := range cs {
			for i := range 3 {
				b.mean[i] += c.c[i] * c.w
			}
			w += c.w
		}
		for i := range 3 {
			b.mean[i] /= w
		}
		for _, c := range cs {
			for i := range 3 {
				d := c.c[i] - b.mean[i]
				b.sse += c.w * d * d
			}
		}
		return b
	}
	boxes := []box{}
	if len(cols) > 0 {
		boxes = append(boxes, mk(cols))
	}
	for len(boxes)+len(pal) < n {
		bi := -1
		for i, b := range boxes {
			if len(b.cols) > 1 && (bi < 0 || b.sse > boxes[bi].sse) {
				bi = i
			}
		}
		if bi < 0 {
			break
		}
		b := boxes[bi]
		lo, hi := b.cols[0].c, b.cols[0].c
		for _, c := range b.cols {
			for i := range 3 {
				lo[i], hi[i] = math.Min(lo[i], c.c[i]), math.Max(hi[i], c.c[i])
			}
		}
		ch := 0
		for i := range 3 {
			if hi[i]-lo[i] > hi[ch]-lo[ch] {
				ch = i
			}
		}
		cs := slices.Clone(b.cols)
		slices.SortStableFunc(cs, func(a, b wcolor) int { return int(a.c[ch] - b.c[ch]) })
		var w, half float64
		for _, c := range cs {
			w += c.w
		}
		cut := 1
		for i, c := range cs[:len(cs)-1] {
			half += c.w
			if half >= w/2 {
				cut = i + 1
				break
			}
		}
		boxes[bi] = mk(cs[:cut])
		boxes = append(boxes, mk(cs[cut:]))
	}
	for _, b := range boxes {
		pal = append(pal, color.RGBA{uint8(b.mean[0] + 0.5), uint8(b.mean[1] + 0.5), uint8(b.mean[2] + 0.5), 255})
	}
	return pal
}
