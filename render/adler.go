package render

import (
	"encoding/binary"
	"image"
	"math/bits"
	"slices"
)

// adler32Sum returns the Adler-32 checksum of data (RFC 1950), 128 bytes
// at a time (see sums128).
//
//go:norace
func adler32Sum(data []byte) uint32 {
	const mod = 65521
	s1, s2 := uint64(1), uint64(0)
	for c := 1; len(data) >= 128; c++ {
		sum, weighted := sums128(data)
		s2 += 128*s1 + weighted
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

// sums128 returns the sum of the first 128 bytes of data, and their sum
// weighed by place, the first byte 128 times and the last once: what they
// add to an Adler-32 sum's two halves, before its modulus and the running
// sum's share. It sums eight bytes at a time in 16-bit lanes.
//
//go:norace
func sums128(data []byte) (sum, weighted uint64) {
	const lo = 0x00ff00ff00ff00ff
	data = data[:128]
	// Over the 16 words of eight bytes: v holds each lane's sum, z the sum
	// of v before each word (so the bytes' weights by position).
	var vEven, vOdd, zEven, zOdd uint64
	for w := 0; w < 16; w++ {
		x := binary.LittleEndian.Uint64(data[8*w:])
		zEven += vEven
		zOdd += vOdd
		vEven += x & lo
		vOdd += x >> 8 & lo
	}
	// The byte at lane l (0..7) of word w is at position 8w+l.
	var byPos uint64 // the bytes weighed by position
	for l := 0; l < 4; l++ {
		ve := vEven >> (16 * l) & 0xffff
		vo := vOdd >> (16 * l) & 0xffff
		ze := zEven >> (16 * l) & 0xffff
		zo := zOdd >> (16 * l) & 0xffff
		sum += ve + vo
		// The sum of w*b over a lane is 15*v - z (z sums the lane's bytes
		// once for each later word).
		le, lodd := uint64(2*l), uint64(2*l+1)
		byPos += 8*(15*ve-ze) + le*ve
		byPos += 8*(15*vo-zo) + lodd*vo
	}
	return sum, 128*sum - byPos
}

// blockSums returns what sums128 does for a block of at most 128 bytes.
//
//go:norace
func blockSums(b []byte) (sum, weighted uint64) {
	if len(b) == 128 {
		return sums128(b)
	}
	for i, x := range b {
		sum += uint64(x)
		weighted += uint64(len(b)-i) * uint64(x)
	}
	return sum, weighted
}

// adlerBlock is how many bytes share one kept part of a background's
// Adler-32 sum: one pass of sums128.
const adlerBlock = 128

// An adlerBase is the Adler-32 sum of a background's scanlines and the
// sums of each of their blocks of adlerBlock bytes, so that the sum of a
// board drawn over it is found by summing again only the blocks drawn on.
type adlerBase struct {
	sum   uint32
	parts [][2]uint32 // by block, the last maybe shorter: blockSums
}

// newAdlerBase sums data, whole and by blocks.
func newAdlerBase(data []byte) *adlerBase {
	b := &adlerBase{sum: adler32Sum(data)}
	for p := 0; p < len(data); p += adlerBlock {
		sum, weighted := blockSums(data[p:min(p+adlerBlock, len(data))])
		b.parts = append(b.parts, [2]uint32{uint32(sum), uint32(weighted)})
	}
	return b
}

// markDrawn returns changed, reused, as the map (one bit a block) of the
// blocks of raw that the rectangles drawn on img touch, img's pixels
// being at offset in raw.
func markDrawn(changed []uint64, raw []byte, img *image.Paletted, offset int, drawn []image.Rectangle) []uint64 {
	words := ((len(raw)+adlerBlock-1)/adlerBlock + 63) / 64
	changed = slices.Grow(changed[:0], words)[:words]
	clear(changed)
	for _, r := range drawn {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			a := offset + img.PixOffset(r.Min.X, y)
			for k := a / adlerBlock; k <= (a+r.Dx()-1)/adlerBlock; k++ {
				changed[k/64] |= 1 << (k % 64)
			}
		}
	}
	return changed
}

// sumOver returns the Adler-32 sum of data, which is the base's but in the
// blocks set in changed. A byte weighs in the sum's low half once, and in
// its high half once for itself and each byte after it: so a block
// changes the low half by what its bytes' sum changes, and the high half
// by what its weighed sum changes plus, for each byte after the block,
// the change in the low half.
//
//go:norace
func (b *adlerBase) sumOver(data []byte, changed []uint64) uint32 {
	const mod = 65521
	var d1, d2 int64 // at most 32,640 and 2^22 a block, times 2^20 bytes after
	for w, word := range changed {
		for word != 0 {
			k := w*64 + bits.TrailingZeros64(word)
			word &= word - 1
			end := min((k+1)*adlerBlock, len(data))
			sum, weighted := blockSums(data[k*adlerBlock : end])
			was := b.parts[k]
			ds := int64(sum) - int64(was[0])
			d1 += ds
			d2 += int64(weighted) - int64(was[1]) + int64(len(data)-end)*ds
		}
	}
	s1 := ((int64(b.sum&0xffff)+d1)%mod + mod) % mod
	s2 := ((int64(b.sum>>16)+d2)%mod + mod) % mod
	return uint32(s2)<<16 | uint32(s1)
}
