package render

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/adler32"
	"image"
	"image/png"
	"io"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestBoardDecodes checks that every board's PNG, read by image/png, has
// the pixels Image draws for it, in all four layouts, and that its
// compressed data read to the end by compress/zlib has the right Adler-32
// sum (image/png stops before it).
func TestBoardDecodes(t *testing.T) {
	t.Parallel()
	for i, v := range benchViews(t, 48) {
		v.Portrait = i%2 == 0
		v.HomeLeft = i%4 < 2
		checkBoard(t, i, v)
	}
}

// TestBoardsInARow checks boards drawn one after another in one layout,
// each over the scanlines the last one left.
func TestBoardsInARow(t *testing.T) {
	t.Parallel()
	for i, v := range benchViews(t, 24) {
		v.Portrait, v.HomeLeft = true, false
		checkBoard(t, i, v)
	}
}

// checkBoard checks that board i's PNG has the pixels Image draws for v
// and that its compressed data has the right Adler-32 sum.
func checkBoard(t *testing.T, i int, v View) {
	t.Helper()
	want, err := Image(v)
	if err != nil {
		t.Fatal(err)
	}
	data, err := Board(v)
	if err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("board %d: %v", i, err)
	}
	zr, err := zlib.NewReader(bytes.NewReader(idat(t, data)))
	if err != nil {
		t.Fatalf("board %d: %v", i, err)
	}
	if _, err := io.Copy(io.Discard, zr); err != nil {
		t.Fatalf("board %d: %v", i, err)
	}
	p, ok := got.(*image.Paletted)
	if !ok {
		t.Fatalf("board %d decodes as %T, not paletted", i, got)
	}
	if p.Rect != want.Rect {
		t.Fatalf("board %d: %v, want %v", i, p.Rect, want.Rect)
	}
	for y := want.Rect.Min.Y; y < want.Rect.Max.Y; y++ {
		a := p.Pix[p.PixOffset(0, y):][:want.Rect.Dx()]
		b := want.Pix[want.PixOffset(0, y):][:want.Rect.Dx()]
		if !bytes.Equal(a, b) {
			t.Fatalf("board %d: row %d differs", i, y)
		}
	}
}

// idat returns the data of the IDAT chunks of a PNG.
func idat(t *testing.T, data []byte) []byte {
	t.Helper()
	var out []byte
	for p := 8; p+12 <= len(data); {
		n := int(binary.BigEndian.Uint32(data[p:]))
		if string(data[p+4:p+8]) == "IDAT" {
			out = append(out, data[p+8:p+8+n]...)
		}
		p += 12 + n
	}
	if len(out) == 0 {
		t.Fatal("no IDAT chunk")
	}
	return out
}

// TestDeflaterReadBack compresses data of many kinds (runs, repeats at
// long and short distances, noise, lengths not a multiple of anything) and
// reads it back with compress/zlib, which also checks the Adler-32 sum.
func TestDeflaterReadBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var d deflater
	for n, size := range []int{0, 1, 7, 8, 9, 127, 128, 129, 1000, 40000, 70000, 300000} {
		data := make([]byte, size)
		for i := range data {
			switch k := i / 997 % 5; {
			case k == 0:
				data[i] = byte(rng.IntN(256))
			case k == 1:
				data[i] = byte(i / 300)
			case k == 2 && i >= 600:
				data[i] = data[i-600]
			case k == 3 && i >= 40000:
				data[i] = data[i-33000] // too far for deflate: found, then refused
			default:
				data[i] = byte(rng.IntN(4))
			}
		}
		out := d.zlibCompress(data, 1+n%7*100, adler32Sum(data))
		zr, err := zlib.NewReader(bytes.NewReader(out))
		if err != nil {
			t.Fatalf("%d bytes: %v", size, err)
		}
		got, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("%d bytes: %v", size, err)
		}
		if !bytes.Equal(got, data) {
			t.Fatalf("%d bytes: read back differently", size)
		}
		if a, b := adler32Sum(data), adler32.Checksum(data); a != b {
			t.Fatalf("%d bytes: Adler-32 %08x, want %08x", size, a, b)
		}
	}
}

// TestHuffmanLengthLimit checks that codes of very skewed frequencies
// keep to the limit and still form a complete prefix code.
func TestHuffmanLengthLimit(t *testing.T) {
	freq := make([]uint32, 40)
	f := uint32(1)
	for i := range freq {
		freq[i] = f
		if f < 1<<30 {
			f *= 2 // doubling makes the deepest tree
		}
	}
	for _, limit := range []int{7, 15} {
		lens := make([]uint8, len(freq))
		huffmanLengths(freq[:20], lens[:20], limit)
		kraft := 0
		for _, l := range lens[:20] {
			if l == 0 || int(l) > limit {
				t.Fatalf("limit %d: a length of %d", limit, l)
			}
			kraft += 1 << (limit - int(l))
		}
		if kraft != 1<<limit {
			t.Fatalf("limit %d: Kraft sum %d, want %d", limit, kraft, 1<<limit)
		}
	}
}

// TestDeflaterLongCodes writes tokens that need the most bits a token
// can take, a rare length with five extra bits and a rare distance with
// thirteen, among literals and matches of halving frequencies that make
// their codes long, and reads them back with compress/zlib.
func TestDeflaterLongCodes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var d deflater
	d.toks = d.toks[:0]
	clear(d.litFreq[:])
	clear(d.distFreq[:])
	var data []byte
	for len(data) < 2000000 {
		length, dist := 0, 0
		switch {
		case len(data) > 32768 && rng.IntN(3000) == 0:
			length, dist = 227+rng.IntN(30), 24577+rng.IntN(8191)
		case len(data) > 1<<14 && rng.IntN(3) == 0:
			length, dist = 3+bits.TrailingZeros64(rng.Uint64()|1<<40), 1<<min(bits.TrailingZeros64(rng.Uint64()), 14)
		}
		if length > 0 {
			d.match(length, dist)
			for range length {
				data = append(data, data[len(data)-dist])
			}
			continue
		}
		b := byte(bits.TrailingZeros64(rng.Uint64() | 1<<60))
		d.literal(b)
		data = append(data, b)
	}
	out := d.zlibFinish(adler32Sum(data))
	zr, err := zlib.NewReader(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, data) {
		t.Fatal("read back differently")
	}
}
