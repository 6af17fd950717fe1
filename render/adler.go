package render

import (
	"encoding/binary"
	"image"
	"math/bits"
)

// adler32Sum returns the Adler-32 checksum of data (RFC 1950). It sums
// eight bytes at a time in 16-bit lanes, 128 bytes between folds of the
// lanes.
//
//go:norace
func adler32Sum(data []byte) uint32 {
	const mod = 65521
	s1, s2 := uint64(1), uint64(0)
	const lo = 0x00ff00ff00ff00ff
	for c := 1; len(data) >= 128; c++ {
		// Over k words of eight bytes: v holds each lane's sum, z the sum
		// of v before each word (so the bytes' weights by position).
		var vEven, vOdd, zEven, zOdd uint64
		for w := 0; w < 16; w++ {
			x := binary.LittleEndian.Uint64(data[8*w:])
			zEven += vEven
			zOdd += vOdd
			vEven += x & lo
			vOdd += x >> 8 & lo
		}
		// Bytes at lane l (0..7) of word w: position 8w+l. s2 gains, for
		// the n=128 bytes, n*s1 + sum over bytes of (n - position) * b.
		var sum, weighted uint64
		for l := 0; l < 4; l++ {
			ve := vEven >> (16 * l) & 0xffff
			vo := vOdd >> (16 * l) & 0xffff
			ze := zEven >> (16 * l) & 0xffff
			zo := zOdd >> (16 * l) & 0xffff
			sum += ve + vo
			// position = 8w + lane; sum of w*b over the lane = 15*v - z
			// (z sums the lane's bytes once for each later word).
			le, lodd := uint64(2*l), uint64(2*l+1)
			weighted += 8*(15*ve-ze) + le*ve
			weighted += 8*(15*vo-zo) + lodd*vo
		}
		s2 += 128*s1 + 128*sum - weighted
		s1 += sum
		if c%256 == 0 { // far from overflowing 64 bits
			s1 %= mod
			s2 %= mod
		}
		data = data[128:]
	}
	for _, b := range data {
		s1 += uint64(b)
		s2 += s1
	}
	return uint32(s2%mod)<<16 | uint32(s1%mod)
}

// adlerBlock is how many bytes share one kept part of a background's
// Adler-32 sum: one pass of adler32Sum's inner loop.
const adlerBlock = 128

// An adlerBase is the Adler-32 sum of a background's scanlines and of
// each of their blocks of adlerBlock bytes, so that the sum of a board
// drawn over it is found by summing again only the blocks drawn on.
type adlerBase struct {
	sum   uint32
	parts []uint32 // by block, the last maybe shorter
}

// newAdlerBase sums data, whole and by blocks.
func newAdlerBase(data []byte) *adlerBase {
	b := &adlerBase{sum: adler32Sum(data)}
	for p := 0; p < len(data); p += adlerBlock {
		b.parts = append(b.parts, adler32Sum(data[p:min(p+adlerBlock, len(data))]))
	}
	return b
}

// markDrawn sets in changed (one bit a block of raw) the blocks of the
// rectangles drawn on img, whose pixels are at offset in raw.
func markDrawn(changed []uint64, img *image.Paletted, offset int, drawn []image.Rectangle) {
	clear(changed)
	for _, r := range drawn {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			a := offset + img.PixOffset(r.Min.X, y)
			for k := a / adlerBlock; k <= (a+r.Dx()-1)/adlerBlock; k++ {
				changed[k/64] |= 1 << (k % 64)
			}
		}
	}
}

// sumOver returns the Adler-32 sum of data, which is the base's but in the
// blocks set in changed. A block's bytes weigh in the sum's low half once
// each, and in its high half by how many bytes follow them: so a block
// changes the low half by what its own low half changes, and the high
// half by what its own high half changes plus, for every byte after the
// block, the change in the low half.
//
//go:norace
func (b *adlerBase) sumOver(data []byte, changed []uint64) uint32 {
	const mod = 65521
	s1, s2 := uint64(b.sum&0xffff), uint64(b.sum>>16)
	for w, word := range changed {
		for word != 0 {
			k := w*64 + bits.TrailingZeros64(word)
			word &= word - 1
			p := k * adlerBlock
			end := min(p+adlerBlock, len(data))
			now, was := adler32Sum(data[p:end]), b.parts[k]
			d1 := (uint64(now&0xffff) + mod - uint64(was&0xffff)) % mod
			d2 := (uint64(now>>16) + mod - uint64(was>>16)) % mod
			s1 += d1
			s2 += d2 + uint64((len(data)-end)%mod)*d1
		}
	}
	return uint32(s2%mod)<<16 | uint32(s1%mod)
}
