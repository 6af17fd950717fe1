package render

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"sync"

	"github.com/klauspost/compress/zlib"
)

// pngSignature opens every PNG file.
var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// pngWork is what one encoding borrows: the compressor and the buffer of
// its output.
type pngWork struct {
	z   *zlib.Writer
	out bytes.Buffer
}

var pngWorks = sync.Pool{New: func() any {
	w := new(pngWork)
	w.z, _ = zlib.NewWriterLevel(&w.out, zlib.BestSpeed)
	return w
}}

// writePNG appends img to buf as a PNG of 8-bit palette indices. No
// scanline filter: on palette indices filters only cost time. The deflate
// is the fastest level of klauspost/compress, which makes the same files
// a little smaller than image/png's fastest and in less than half the
// time.
func writePNG(buf *bytes.Buffer, img *image.Paletted) error {
	b := img.Rect
	w, h := b.Dx(), b.Dy()
	if w <= 0 || h <= 0 || len(img.Palette) == 0 || len(img.Palette) > 256 {
		return fmt.Errorf("render: cannot encode a %dx%d picture of %d colours", w, h, len(img.Palette))
	}
	buf.Write(pngSignature)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // 8 bits, palette indices
	writeChunk(buf, "IHDR", ihdr[:])
	plte := make([]byte, 0, 3*len(img.Palette))
	trns := make([]byte, 0, len(img.Palette))
	opaque := true
	for _, c := range img.Palette {
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
	work := pngWorks.Get().(*pngWork)
	defer pngWorks.Put(work)
	work.out.Reset()
	work.z.Reset(&work.out)
	row := make([]byte, 1+w) // filter 0, then the row
	for y := range h {
		copy(row[1:], img.Pix[img.PixOffset(b.Min.X, b.Min.Y+y):][:w])
		if _, err := work.z.Write(row); err != nil {
			return fmt.Errorf("render: compress the picture: %w", err)
		}
	}
	if err := work.z.Close(); err != nil {
		return fmt.Errorf("render: compress the picture: %w", err)
	}
	writeChunk(buf, "IDAT", work.out.Bytes())
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
