package ai

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"nardi/rules"
)

// pointUnits returns the four inputs of a point holding n checkers of one
// side, as encode sets them.
func pointUnits(n int8) (u [4]float32) {
	if n >= 1 {
		u[0] = 1
	}
	if n >= 2 {
		u[1] = 1
	}
	if n >= 3 {
		u[2] = 1
	}
	if n > 3 {
		u[3] = float32(n-3) / 2
	}
	return u
}

// extraUnits returns the inputs after the two sides' blocks: pip counts
// and contact.
func extraUnits(p *rules.Position) [3]float32 {
	mine, theirs := p.Pips()
	u := [3]float32{float32(mine) / 167, float32(theirs) / 167, 0}
	if contact(p) {
		u[2] = 1
	}
	return u
}

// base is a position with its hidden layer's input sums, from which
// positions that differ in a few points are evaluated cheaply.
type base struct {
	net   *Net // the network whose sums these are
	pos   rules.Position
	sums  []float32
	extra [3]float32
	pips  [2]int             // the sides' pip counts
	ext   [ExtInputs]float32 // when the network has the extra inputs
}

// setBase computes the hidden sums of p.
func (n *Net) setBase(b *base, p *rules.Position, f *features) {
	b.net, b.pos = n, *p
	if len(b.sums) != n.Hidden {
		b.sums = make([]float32, n.Hidden)
	}
	n.encode(f, p)
	copy(b.sums, n.B1)
	for k := 0; k < f.n; k++ {
		in := f.in[k]
		axpy(b.sums, n.W1[in.i*n.Hidden:(in.i+1)*n.Hidden], in.v)
	}
	b.extra = extraUnits(p)
	b.pips[0], b.pips[1] = p.Pips()
	if n.hasExt() {
		b.ext = extUnits(p)
	}
}

// baseFor makes b hold p's hidden sums by n, computing them only when b
// holds another network's or another position's: a search asks for the
// best play of each of 21 rolls from one position, and they share one
// base. n's weights must not change while b is reused (searches do not
// train).
func (n *Net) baseFor(b *base, p *rules.Position, f *features) {
	if b.net == n && b.pos == *p && len(b.sums) == n.Hidden {
		return
	}
	n.setBase(b, p, f)
}

// addRow adds d times input i's weights to the sums.
func (n *Net) addRow(h []float32, i int, d float32) {
	if d == 0 {
		return
	}
	axpy(h, n.W1[i*n.Hidden:(i+1)*n.Hidden], d)
}

// forwardNear runs the network on p, which differs from b's position in a
// few points, starting from b's sums. It gives forward's outputs.
func (n *Net) forwardNear(b *base, p *rules.Position, a *activations) {
	if len(a.hidden) != n.Hidden {
		a.hidden = make([]float32, n.Hidden)
	}
	h := a.hidden
	copy(h, b.sums)
	pips := b.pips
	for side, pair := range [2][2]*[26]int8{{&p.Mine, &b.pos.Mine}, {&p.Theirs, &b.pos.Theirs}} {
		now, was := pair[0], pair[1]
		if *now == *was {
			continue // the side not hit, mostly
		}
		blk := side * (24*4 + 2)
		bn, bw := (*[26]byte)(unsafe.Pointer(now)), (*[26]byte)(unsafe.Pointer(was))
		for chunk := 1; chunk <= 17; chunk += 8 {
			// The points of the chunk that changed, one byte each.
			diff := binary.LittleEndian.Uint64(bn[chunk:]) ^ binary.LittleEndian.Uint64(bw[chunk:])
			for diff != 0 {
				pt := chunk + bits.TrailingZeros64(diff)/8
				diff &^= 0xff << (8 * (pt - chunk))
				pips[side] += pt * int(now[pt]-was[pt])
				un, uw := pointUnits(now[pt]), pointUnits(was[pt])
				for k := 0; k < 4; k++ {
					n.addRow(h, blk+(pt-1)*4+k, un[k]-uw[k])
				}
			}
		}
		if now[rules.Bar] != was[rules.Bar] {
			pips[side] += rules.Bar * int(now[rules.Bar]-was[rules.Bar])
			n.addRow(h, blk+96, float32(now[rules.Bar]-was[rules.Bar])/2)
		}
		if now[rules.Off] != was[rules.Off] {
			n.addRow(h, blk+97, float32(now[rules.Off]-was[rules.Off])/15)
		}
	}
	extra := [3]float32{float32(pips[0]) / 167, float32(pips[1]) / 167, 0}
	if contact(p) {
		extra[2] = 1
	}
	for k := range extra {
		n.addRow(h, 2*(24*4+2)+k, extra[k]-b.extra[k])
	}
	if n.hasExt() {
		for k, v := range extUnits(p) {
			n.addRow(h, NumInputs+k, v-b.ext[k])
		}
	}
	n.finish(a)
}
