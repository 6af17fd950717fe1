package render

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"slices"
	"sync"
)

// pngSignature opens every PNG file.
var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// pngWork is what one encoding borrows: the scanlines and the deflater.
//
// The encoder's inner loops (writePNG, the deflater's, and the paletted
// canvas's blit and fill) are marked go:norace: each touches only the
// buffers of the picture under way, borrowed by one goroutine, and the
// race detector's check of every byte read made a board thirty times as
// slow under -race, where the bot's tests draw thousands. What the
// encodings share (the pools, the backgrounds, the faces) stays checked
// (TestConcurrent).
type pngWork struct {
	raw     []byte
	d       deflater
	changed []uint64 // blocks of raw drawn on, one bit each (see adlerBase)

	// over is the background whose scanlines raw holds but in the parts
	// drawn, or nil: the next board over it only puts those parts back.
	over  *board
	drawn []image.Rectangle
}

var pngWorks = sync.Pool{New: func() any { return new(pngWork) }}

// writePNG appends img to buf as a PNG of 8-bit palette indices (see
// writeScanlines).
//
//go:norace
func writePNG(buf *bytes.Buffer, img *image.Paletted) error {
	b := img.Rect
	w, h := b.Dx(), b.Dy()
	if w <= 0 || h <= 0 {
		return fmt.Errorf("render: cannot encode a %dx%d picture", w, h)
	}
	work := pngWorks.Get().(*pngWork)
	defer pngWorks.Put(work)
	work.over = nil
	stride := 1 + w // filter 0, then the row
	work.raw = slices.Grow(work.raw[:0], stride*h)[:stride*h]
	for y := range h {
		row := work.raw[y*stride:]
		row[0] = 0
		copy(row[1:stride], img.Pix[img.PixOffset(b.Min.X, b.Min.Y+y):][:w])
	}
	return writeScanlines(buf, &work.d, w, h, img.Palette, work.raw, adler32Sum(work.raw))
}

// writeScanlines appends to buf a PNG of w×h 8-bit palette indices whose
// rows are in raw, each after its filter byte, and whose Adler-32 sum is
// adler. No scanline filter: on palette indices filters only cost time.
// The scanlines are deflated by d, which knows how a board repeats itself.
func writeScanlines(buf *bytes.Buffer, d *deflater, w, h int, pal color.Palette, raw []byte, adler uint32) error {
	if w <= 0 || h <= 0 || len(pal) == 0 || len(pal) > 256 || len(raw) != (1+w)*h {
		return fmt.Errorf("render: cannot encode a %dx%d picture of %d colours", w, h, len(pal))
	}
	buf.Write(pngSignature)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // 8 bits, palette indices
	writeChunk(buf, "IHDR", ihdr[:])
	plte := make([]byte, 0, 3*len(pal))
	trns := make([]byte, 0, len(pal))
	opaque := true
	for _, c := range pal {
		r, g, bl, a := c.RGBA()
		// PLTE holds colours not premultiplied by their alpha.
		if a != 0 && a != 0xffff {
			r, g, bl = r*0xffff/a, g*0xffff/a, bl*0xffff/a
		}
		plte = append(plte, byte(r>>8), byte(g>>8), byte(bl>>8))
		trns = append(trns, byte(a>>8))
		opaque = opaque && a == 0xffff
	}
	writeChunk(buf, "PLTE", plte)
	if !opaque {
		writeChunk(buf, "tRNS", trns)
	}
	writeChunk(buf, "IDAT", d.zlibCompress(raw, 1+w, adler))
	writeChunk(buf, "IEND", nil)
	return nil
}

// writeChunk appends a PNG chunk: its length, type, data and checksum.
func writeChunk(buf *bytes.Buffer, kind string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	buf.Write(n[:])
	buf.WriteString(kind)
	buf.Write(data)
	crc := crc32.NewIEEE()
	crc.Write([]byte(kind))
	crc.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	buf.Write(n[:])
}
