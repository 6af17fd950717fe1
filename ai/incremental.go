package ai

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"nardi/ai/internal/nn"
	"nardi/rules"
)

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
	nn.AddRows(b.sums, n.B1, n.W1, f.rows[:f.n], f.vals[:f.n])
	b.extra = extraUnits(p)
	b.pips[0], b.pips[1] = p.Pips()
	if n.hasExt() {
		b.ext = extUnits(p, n.Inputs-NumInputs)
	}
}

// nearSide adds to l the change of one side's inputs from was to
// now (the side's block starting at input blk), and to its pip count the
// change of pips. The rows come in the order of the inputs, a point's
// units one by one.
//
//go:norace
func nearSide(l *rowList, now, was *[26]int8, blk int, pips *int) {
	bn, bw := (*[26]byte)(unsafe.Pointer(now)), (*[26]byte)(unsafe.Pointer(was))
	for chunk := 1; chunk <= 17; chunk += 8 {
		// The points of the chunk that changed, one byte each.
		diff := binary.LittleEndian.Uint64(bn[chunk:]) ^ binary.LittleEndian.Uint64(bw[chunk:])
		for diff != 0 {
			pt := chunk + bits.TrailingZeros64(diff)/8
			diff &^= 0xff << (8 * (pt - chunk))
			c, w := int(now[pt]), int(was[pt])
			*pips += pt * (c - w)
			// Units below the third go 0 -> 1 (or back) one at a time; the
			// fourth counts the checkers above three, by halves.
			row := blk + (pt-1)*4
			sign, lo, hi := float32(1), w, c
			if lo > hi {
				sign, lo, hi = -1, c, w
			}
			for k := lo; k < min(hi, 3); k++ {
				l.add(row+k, sign)
			}
			if hi > 3 {
				l.add(row+3, sign*float32(hi-max(lo, 3))/2)
			}
		}
	}
	if now[rules.Bar] != was[rules.Bar] {
		*pips += rules.Bar * int(now[rules.Bar]-was[rules.Bar])
		l.add(blk+96, float32(now[rules.Bar]-was[rules.Bar])/2)
	}
	if now[rules.Off] != was[rules.Off] {
		l.add(blk+97, float32(now[rules.Off]-was[rules.Off])/15)
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

// rowList is the rows of the first layer's weights to add to a base's
// sums, and by how much, in the order of the inputs (each at most once).
type rowList struct {
	rows [NumInputs + ExtInputs]int32
	ds   [NumInputs + ExtInputs]float32
	m    int
}

// add adds input i's row times d, unless d is 0.
func (l *rowList) add(i int, d float32) {
	if d != 0 {
		l.rows[l.m], l.ds[l.m] = int32(i), d
		l.m++
	}
}

// forwardNear runs the network on p, which differs from b's position in a
// few points, starting from b's sums. It gives forward's outputs.
func (n *Net) forwardNear(b *base, p *rules.Position, a *activations) {
	n.forwardSides(b, &p.Mine, &p.Theirs, a)
}

// forwardSwapped is forwardNear on r seen from its other side (r.Swap()),
// without the copy: a result judged from the opponent's view.
func (n *Net) forwardSwapped(b *base, r *rules.Position, a *activations) {
	n.forwardSides(b, &r.Theirs, &r.Mine, a)
}

// forwardSides is forwardNear on the position whose player on roll has
// the checkers mine and the opponent theirs.
//
// It and the functions that compute a position's inputs (nearSide,
// contactOf, extUnits and the masks' units) are marked go:norace: they
// read the network, which no one writes once loaded, and the position,
// and write only the caller's own activations. The race detector's check
// of every read made each search about twice as slow under -race, in
// every test that lets the computer play; what the searches share (the
// players, the caches, the bear-off databases) stays checked.
//
//go:norace
func (n *Net) forwardSides(b *base, mine, theirs *[26]int8, a *activations) {
	if len(a.hidden) != n.Hidden {
		a.hidden = make([]float32, n.Hidden)
	}
	l := &a.rows
	l.m = 0
	pips := b.pips
	nearSide(l, mine, &b.pos.Mine, 0, &pips[0])
	nearSide(l, theirs, &b.pos.Theirs, 24*4+2, &pips[1])
	extra := [3]float32{float32(pips[0]) / 167, float32(pips[1]) / 167, 0}
	if contactOf(mine, theirs) {
		extra[2] = 1
	}
	for k := range extra {
		l.add(2*(24*4+2)+k, extra[k]-b.extra[k])
	}
	if n.hasExt() {
		p := rules.Position{Mine: *mine, Theirs: *theirs}
		u := extUnits(&p, n.Inputs-NumInputs)
		for k, v := range u[:n.Inputs-NumInputs] {
			l.add(NumInputs+k, v-b.ext[k])
		}
	}
	nn.AddRows(a.hidden, b.sums, n.W1, l.rows[:l.m], l.ds[:l.m])
	n.finish(a)
}
