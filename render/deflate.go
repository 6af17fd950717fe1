package render

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// A deflater compresses the scanlines of a board (RFC 1951, in a zlib
// wrapper, RFC 1950) faster than a general compressor can, by knowing
// where a picture of this kind repeats itself: the same pixels as the row
// above (the field and the frame), as the pixel before (flat colour), or
// as the last distance matched (a point's pattern every two points, a
// checker next to its twin). A small hash table of the places where none
// of those matched finds the rest (the same checker on another point).
// The tokens go into blocks of dynamic Huffman codes, at most
// blockTokens each (a board fits in one: more blocks cost more time than
// they save bytes).
type deflater struct {
	toks     []uint32    // literal bytes, or matchFlag | distance symbol<<24 | (length-3)<<16 | (distance-1)
	litFreq  [286]uint32 // of the literal and length symbols of d.toks
	distFreq [30]uint32  // of the distance symbols of d.toks
	table    [1 << deflateHashBits]int32
	out      []byte
	acc      uint64 // bits not yet written, the first in the lowest bit
	nacc     uint
}

const (
	matchFlag       = 1 << 31
	deflateHashBits = 13
	maxMatch        = 258
	maxDistance     = 32768
	minMatch        = 4       // shorter matches than this are left as literals
	blockTokens     = 1 << 16 // tokens a block at most, each block with codes of its own
)

// zlibCompress appends to d.out the zlib stream of data, whose rows are
// stride bytes apart and whose Adler-32 sum is adler, and returns it.
func (d *deflater) zlibCompress(data []byte, stride int, adler uint32) []byte {
	d.tokenize(data, stride)
	return d.zlibFinish(adler)
}

// zlibFinish appends to d.out the zlib stream of the tokens in d.toks,
// counted in d.litFreq and d.distFreq, ending with the data's Adler-32
// sum, and returns it.
func (d *deflater) zlibFinish(adler uint32) []byte {
	d.out = append(d.out[:0], 0x78, 0x01) // deflate, 32 KB window, fastest
	d.acc, d.nacc = 0, 0
	for start := 0; start < len(d.toks) || start == 0; start += blockTokens {
		end := min(start+blockTokens, len(d.toks))
		d.writeBlock(d.toks[start:end], end == len(d.toks))
	}
	d.flushBits()
	d.out = binary.BigEndian.AppendUint32(d.out, adler)
	return d.out
}

// tokenize finds the matches in data and records them with the literals
// between them in d.toks, counting their symbols in d.litFreq and
// d.distFreq.
//
//go:norace
func (d *deflater) tokenize(data []byte, stride int) {
	d.toks = d.toks[:0]
	clear(d.table[:])
	clear(d.litFreq[:])
	clear(d.distFreq[:])
	n := len(data)
	last, prev := 1, stride // the last two distances matched
	i := 0
	for i+8 <= n {
		best, bestD := d.find(data, i, last, prev, stride)
		if best < minMatch {
			d.literal(data[i])
			i++
		} else {
			d.match(best, bestD)
			if bestD != last {
				last, prev = bestD, last
			}
			i += best
		}
	}
	for ; i < n; i++ {
		d.literal(data[i])
	}
}

// literal records the literal byte b.
//
//go:norace
func (d *deflater) literal(b byte) {
	d.toks = append(d.toks, uint32(b))
	d.litFreq[b]++
}

// match records a match of length bytes dist back.
//
//go:norace
func (d *deflater) match(length, dist int) {
	x, y := uint32(length-3), uint32(dist-1)
	ds := distSym(y)
	d.toks = append(d.toks, matchFlag|ds<<24|x<<16|y)
	d.litFreq[lenSym[x]]++
	d.distFreq[ds]++
}

// find returns the longest match at data[i] (at least 8 bytes from the
// end) among the last two distances, the row above, the byte before, and
// the place of the last four bytes alike in d.table, which it updates.
//
//go:norace
func (d *deflater) find(data []byte, i, last, prev, stride int) (best, bestD int) {
	cur := binary.LittleEndian.Uint32(data[i:])
	if last <= i && binary.LittleEndian.Uint32(data[i-last:]) == cur {
		best, bestD = matchLen(data, i, last), last
	}
	if best < maxMatch {
		if prev <= i && binary.LittleEndian.Uint32(data[i-prev:]) == cur && beats(data, i, prev, best) {
			if l := matchLen(data, i, prev); l > best {
				best, bestD = l, prev
			}
		}
		if stride != last && stride != prev && stride <= i && binary.LittleEndian.Uint32(data[i-stride:]) == cur && beats(data, i, stride, best) {
			if l := matchLen(data, i, stride); l > best {
				best, bestD = l, stride
			}
		}
		if last != 1 && prev != 1 && i > 0 && cur&0xffffff == cur>>8 && beats(data, i, 1, best) {
			if l := matchLen(data, i, 1); l > best {
				best, bestD = l, 1
			}
		}
	}
	if best < minMatch {
		h := (cur * 2654435761) >> (32 - deflateHashBits)
		cand := int(d.table[h]) - 1
		d.table[h] = int32(i + 1)
		if dist := i - cand; cand >= 0 && dist <= maxDistance && dist != bestD && binary.LittleEndian.Uint32(data[cand:]) == cur {
			if l := matchLen(data, i, dist); l > best {
				best, bestD = l, dist
			}
		}
	}
	return best, bestD
}

// beats reports whether a match at data[i] dist back could be longer than
// best, by the byte that ends the best: a quick look that saves most
// measures of matches that would lose.
//
//go:norace
func beats(data []byte, i, dist, best int) bool {
	return best == 0 || i+best < len(data) && data[i+best] == data[i+best-dist]
}

// matchLen returns how many bytes from data[i] repeat those dist before,
// at most maxMatch.
//
//go:norace
func matchLen(data []byte, i, dist int) int {
	m := min(len(data)-i, maxMatch)
	a, b := data[i:i+m], data[i-dist:i-dist+m]
	l := 0
	for ; l+16 <= m; l += 16 {
		x := binary.LittleEndian.Uint64(a[l:l+8]) ^ binary.LittleEndian.Uint64(b[l:l+8])
		if x != 0 {
			return l + bits.TrailingZeros64(x)/8
		}
		x = binary.LittleEndian.Uint64(a[l+8:l+16]) ^ binary.LittleEndian.Uint64(b[l+8:l+16])
		if x != 0 {
			return l + 8 + bits.TrailingZeros64(x)/8
		}
	}
	for ; l < m && a[l] == b[l]; l++ {
	}
	return l
}

// lenSym and lenExtra are the deflate code of each match length less 3,
// and the count of its extra bits (the length's offset within the code).
var lenSym, lenExtra = func() (sym [256]uint16, extra [256]uint8) {
	for x := range 256 {
		switch {
		case x == 255:
			sym[x], extra[x] = 285, 0
		case x < 8:
			sym[x] = uint16(257 + x)
		default:
			nb := bits.Len(uint(x)) - 1
			sym[x], extra[x] = uint16(257+4*(nb-1)+(x>>(nb-2))&3), uint8(nb-2)
		}
	}
	return sym, extra
}()

// distBase and distExtra are, for each deflate distance code, the least
// distance less 1 it stands for and the count of its extra bits.
var distBase, distExtra = func() (base [32]uint32, extra [32]uint8) {
	for y := uint32(32767); ; y-- {
		c := distSym(y)
		base[c] = y
		if y >= 4 {
			extra[c] = uint8(bits.Len32(y) - 2)
		}
		if y == 0 {
			return base, extra
		}
	}
}()

// distSym returns the deflate code of a distance less 1.
func distSym(x uint32) uint32 {
	if x < 4 {
		return x
	}
	nb := uint32(bits.Len32(x)) - 1
	return 2*nb + (x>>(nb-1))&1
}

// codeLenOrder is the order in which the lengths of the code-length code
// are sent.
var codeLenOrder = [19]int{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// writeBlock writes toks as a block with dynamic codes, the last if
// final.
//
//go:norace
func (d *deflater) writeBlock(toks []uint32, final bool) {
	litFreq, distFreq := &d.litFreq, &d.distFreq
	if len(toks) != len(d.toks) { // a part: its own counts
		litFreq, distFreq = new([286]uint32), new([30]uint32)
		for _, t := range toks {
			if t&matchFlag == 0 {
				litFreq[t]++
			} else {
				litFreq[lenSym[t>>16&0xff]]++
				distFreq[t>>24&0x1f]++
			}
		}
	}
	litFreq[256] = 1
	var litLen [286]uint8
	var distLen [30]uint8
	huffmanLengths(litFreq[:], litLen[:], 15)
	huffmanLengths(distFreq[:], distLen[:], 15)
	if slices.Max(distLen[:]) == 0 {
		distLen[0] = 1 // one distance code, even if no match uses it
	}
	nlit, ndist := 286, 30
	for nlit > 257 && litLen[nlit-1] == 0 {
		nlit--
	}
	for ndist > 1 && distLen[ndist-1] == 0 {
		ndist--
	}

	// The code lengths of both codes, run-length coded.
	all := make([]uint8, 0, nlit+ndist)
	all = append(append(all, litLen[:nlit]...), distLen[:ndist]...)
	var clSyms []uint16 // symbol | extra value<<8
	var clFreq [19]uint32
	for i := 0; i < len(all); {
		v, run := all[i], 1
		for i+run < len(all) && all[i+run] == v {
			run++
		}
		i += run
		for run > 0 {
			switch {
			case v == 0 && run >= 11:
				k := min(run, 138)
				clSyms = append(clSyms, 18|uint16(k-11)<<8)
				clFreq[18]++
				run -= k
			case v == 0 && run >= 3:
				clSyms = append(clSyms, 17|uint16(run-3)<<8)
				clFreq[17]++
				run = 0
			case v != 0 && run >= 4:
				clSyms = append(clSyms, uint16(v))
				clFreq[v]++
				run--
				for run >= 3 {
					k := min(run, 6)
					clSyms = append(clSyms, 16|uint16(k-3)<<8)
					clFreq[16]++
					run -= k
				}
			default:
				clSyms = append(clSyms, uint16(v))
				clFreq[v]++
				run--
			}
		}
	}
	var clLen [19]uint8
	huffmanLengths(clFreq[:], clLen[:], 7)
	nclen := 19
	for nclen > 4 && clLen[codeLenOrder[nclen-1]] == 0 {
		nclen--
	}
	var litCode [286]uint16
	var distC [30]uint16
	var clCode [19]uint16
	canonicalCodes(litLen[:], litCode[:])
	canonicalCodes(distLen[:], distC[:])
	canonicalCodes(clLen[:], clCode[:])

	if final {
		d.writeBits(1, 1)
	} else {
		d.writeBits(0, 1)
	}
	d.writeBits(2, 2) // dynamic codes
	d.writeBits(uint64(nlit-257), 5)
	d.writeBits(uint64(ndist-1), 5)
	d.writeBits(uint64(nclen-4), 4)
	for _, s := range codeLenOrder[:nclen] {
		d.writeBits(uint64(clLen[s]), 3)
	}
	for _, s := range clSyms {
		sym := s & 0xff
		d.writeBits(uint64(clCode[sym]), uint(clLen[sym]))
		switch sym {
		case 16:
			d.writeBits(uint64(s>>8), 2)
		case 17:
			d.writeBits(uint64(s>>8), 3)
		case 18:
			d.writeBits(uint64(s>>8), 7)
		}
	}
	// Each length's code with its extra bits, and each literal's code.
	var lenBits [256]uint32
	var lenN [256]uint8
	for x := range 256 {
		sym := lenSym[x]
		lenBits[x] = uint32(litCode[sym]) | uint32(x&(1<<lenExtra[x]-1))<<litLen[sym]
		lenN[x] = litLen[sym] + lenExtra[x]
	}
	var distBits [32]uint16
	var distN [32]uint8
	copy(distBits[:], distC[:])
	copy(distN[:], distLen[:])
	// Each token adds at most 48 bits to the fewer than 8 left from the
	// last, and whole bytes are written after each: 8 at a time, of
	// which the bytes not yet whole are written again after the next.
	d.flushBytes()
	acc, nacc := d.acc, d.nacc
	pos := len(d.out)
	out := slices.Grow(d.out, 6*len(toks)+8)[:pos+6*len(toks)+8]
	for _, t := range toks {
		// The token is coded both as a match and as a literal, and the
		// right code kept: the two alternate too unpredictably for a
		// branch.
		lit := t & 0xff
		x, y, dc := t>>16&0xff, t&0x7fff, t>>24&0x1f
		v := uint64(lenBits[x])
		n := uint(lenN[x])
		v |= uint64(distBits[dc]) << n
		n += uint(distN[dc])
		v |= uint64(y-distBase[dc]) << n
		n += uint(distExtra[dc])
		isMatch := uint64(t >> 31)
		keep := -isMatch // all ones for a match
		v = v&keep | uint64(litCode[lit])&^keep
		n = n&uint(keep) | uint(litLen[lit])&^uint(keep)
		acc |= v << nacc
		nacc += n
		binary.LittleEndian.PutUint64(out[pos:], acc)
		k := nacc >> 3
		pos += int(k)
		acc >>= k * 8
		nacc &= 7
	}
	d.acc, d.nacc, d.out = acc, nacc, out[:pos]
	d.writeBits(uint64(litCode[256]), uint(litLen[256]))
}

// writeBits appends the low n bits of v (n at most 32) to the stream.
//
//go:norace
func (d *deflater) writeBits(v uint64, n uint) {
	d.acc |= v << d.nacc
	d.nacc += n
	if d.nacc >= 32 {
		d.out = binary.LittleEndian.AppendUint32(d.out, uint32(d.acc))
		d.acc >>= 32
		d.nacc -= 32
	}
}

// flushBytes writes the whole bytes of the bits not yet written.
func (d *deflater) flushBytes() {
	for d.nacc >= 8 {
		d.out = append(d.out, byte(d.acc))
		d.acc >>= 8
		d.nacc -= 8
	}
}

// flushBits writes the bits left, padded to a whole byte.
func (d *deflater) flushBits() {
	for d.nacc > 0 {
		d.out = append(d.out, byte(d.acc))
		d.acc >>= 8
		d.nacc -= min(d.nacc, 8)
	}
}

// huffmanLengths sets lens to the code lengths of a Huffman code for freq
// whose codes are at most limit bits; symbols of frequency 0 get none.
func huffmanLengths(freq []uint32, lens []uint8, limit int) {
	clear(lens)
	type node struct {
		w      uint64
		parent int32
	}
	// The symbols used, rarest first (ties by symbol): frequency and
	// symbol packed in one key.
	var keyBuf [286]uint64
	keys := keyBuf[:0]
	for s, f := range freq {
		if f > 0 {
			keys = append(keys, uint64(f)<<16|uint64(s))
		}
	}
	switch len(keys) {
	case 0:
		return
	case 1:
		lens[keys[0]&0xffff] = 1
		return
	}
	slices.Sort(keys)
	var symBuf [286]int
	syms := symBuf[:len(keys)]
	for i, k := range keys {
		syms[i] = int(k & 0xffff)
	}
	// Two queues: the leaves in order of weight, then the inner nodes in
	// the order they are made (which is also in order of weight).
	n := len(syms)
	var nodeBuf [2 * 286]node
	nodes := nodeBuf[:0]
	for _, s := range syms {
		nodes = append(nodes, node{w: uint64(freq[s]), parent: -1})
	}
	leaf, inner := 0, n
	pick := func() int {
		if leaf < n && (inner >= len(nodes) || nodes[leaf].w <= nodes[inner].w) {
			leaf++
			return leaf - 1
		}
		inner++
		return inner - 1
	}
	for len(nodes) < 2*n-1 {
		a, b := pick(), pick()
		nodes = append(nodes, node{w: nodes[a].w + nodes[b].w, parent: -1})
		nodes[a].parent = int32(len(nodes) - 1)
		nodes[b].parent = int32(len(nodes) - 1)
	}
	var depthBuf [2 * 286]int
	depth := depthBuf[:len(nodes)]
	for i := len(nodes) - 2; i >= 0; i-- {
		depth[i] = depth[nodes[i].parent] + 1
	}
	// How many codes of each length, the longest folded to the limit and
	// the code then made whole again (as miniz does).
	count := make([]int, max(limit+1, slices.Max(depth[:n])+1))
	for i := range n {
		count[depth[i]]++
	}
	for l := limit + 1; l < len(count); l++ {
		count[limit] += count[l]
	}
	total := 0
	for l := 1; l <= limit; l++ {
		total += count[l] << (limit - l)
	}
	for total > 1<<limit {
		count[limit]--
		for l := limit - 1; l > 0; l-- {
			if count[l] > 0 {
				count[l]--
				count[l+1] += 2
				break
			}
		}
		total--
	}
	// The rarest symbols get the longest codes.
	i := 0
	for l := limit; l > 0; l-- {
		for range count[l] {
			lens[syms[i]] = uint8(l)
			i++
		}
	}
}

// canonicalCodes sets codes to the canonical Huffman codes of lens, bit
// reversed, since deflate sends a code's first bit in the lowest place.
func canonicalCodes(lens []uint8, codes []uint16) {
	var count [16]uint16
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	var next [16]uint16
	code := uint16(0)
	for l := 1; l < 16; l++ {
		code = (code + count[l-1]) << 1
		next[l] = code
	}
	for s, l := range lens {
		if l == 0 {
			continue
		}
		codes[s] = bits.Reverse16(next[l]) >> (16 - l)
		next[l]++
	}
}
