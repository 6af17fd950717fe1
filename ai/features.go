// Package ai is the computer opponent: neural network evaluators trained
// by self-play (one for short nardi, one for long nardi), an exact
// bear-off database for the races of both, lookahead, four playing levels
// and cube decisions.
package ai

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"nardi/rules"
)

// NumInputs is the size of the short nardi network's raw input vector
// (encode); ExtInputs more follow in a network that has them (extend).
const NumInputs = 2*(24*4+2) + 3

// maxInputs bounds the input vector of every encoding.
const maxInputs = 256

// features holds the non-zero inputs of a position, at most one per input.
type features struct {
	n    int
	rows [maxInputs]int32   // the inputs' indices
	vals [maxInputs]float32 // and their values
}

func (f *features) add(i int, v float32) {
	f.rows[f.n], f.vals[f.n] = int32(i), v
	f.n++
}

// addPoint adds the four inputs at j of a point holding n checkers of one
// side: one for a first checker, one for a second, one for a third and
// (n−3)/rest for the others.
func (f *features) addPoint(j int, n int8, rest float32) {
	if n >= 1 {
		f.add(j, 1)
	}
	if n >= 2 {
		f.add(j+1, 1)
	}
	if n >= 3 {
		f.add(j+2, 1)
	}
	if n > 3 {
		f.add(j+3, float32(n-3)/rest)
	}
}

// encode describes the position, seen from the player on roll, as inputs:
// for each side and point, one unit for a first checker, one for a second,
// one for a third and one growing with the rest; the bar and borne-off
// checkers; both pip counts; and whether the sides are still in contact.
func (f *features) encode(p *rules.Position) {
	f.n = 0
	for side, s := range []*[26]int8{&p.Mine, &p.Theirs} {
		base := side * (24*4 + 2)
		for pt := 1; pt <= 24; pt++ {
			f.addPoint(base+(pt-1)*4, s[pt], 2)
		}
		if s[rules.Bar] > 0 {
			f.add(base+96, float32(s[rules.Bar])/2)
		}
		if s[rules.Off] > 0 {
			f.add(base+97, float32(s[rules.Off])/15)
		}
	}
	mine, theirs := p.Pips()
	base := 2 * (24*4 + 2)
	f.add(base, float32(mine)/167)
	f.add(base+1, float32(theirs)/167)
	if contact(p) {
		f.add(base+2, 1)
	}
}

// encode fills f with the inputs of p for this network: the raw ones,
// and the extra ones when the network has them.
func (n *Net) encode(f *features, p *rules.Position) {
	f.encode(p)
	if n.hasExt() {
		u := extUnits(p, n.Inputs-NumInputs)
		for k, v := range u[:n.Inputs-NumInputs] {
			if v != 0 {
				f.add(NumInputs+k, v)
			}
		}
	}
}

// shortEncoding tells whether the network reads short nardi's inputs: the
// raw ones, or the raw and the extra ones.
func (n *Net) shortEncoding() bool { return n.Inputs == NumInputs || n.hasExt() }

// hasExt tells whether the network has extra inputs after the raw ones:
// all of them, the first set and the escapes, or the first set.
func (n *Net) hasExt() bool {
	switch n.Inputs - NumInputs {
	case ExtInputs, ExtInputsEsc, ExtInputsFirst:
		return true
	}
	return false
}

// contact tells whether some checker of one side still has to pass a
// checker of the other.
func contact(p *rules.Position) bool { return contactOf(&p.Mine, &p.Theirs) }

// contactOf is contact for the position with these two sides, the first
// on roll: the mover's rearmost checker against the opponent's rearmost
// one, in the mover's numbering (the opponent's point i is the mover's
// 25-i).
//
//go:norace
func contactOf(mine, theirs *[26]int8) bool {
	oppBack := 0
	if i := backmost(theirs); i > 0 {
		oppBack = 25 - i
	}
	return backmost(mine) > oppBack
}

// rearmost is a side's furthest checker from home (its highest point), or
// 0 when none is on a point. Eight points at a time: a count (at most 15)
// plus 0x7f sets the byte's top bit exactly when it is not 0.
func rearmost(s *[26]int8) int {
	b := (*[26]byte)(unsafe.Pointer(s))
	for chunk := 17; chunk >= 1; chunk -= 8 {
		if nz := (binary.LittleEndian.Uint64(b[chunk:]) + 0x7f7f7f7f7f7f7f7f) & 0x8080808080808080; nz != 0 {
			return chunk + (63-bits.LeadingZeros64(nz))/8
		}
	}
	return 0
}

// backmost is a side's rearmost checker counting the bar (rules.Bar), 0
// when all are off.
func backmost(s *[26]int8) int {
	if s[rules.Bar] > 0 {
		return rules.Bar
	}
	return rearmost(s)
}
