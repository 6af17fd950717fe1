package ai

import (
	"math/bits"

	"nardi/rules"
)

// extPerSide and morePerSide are the numbers of extra inputs of each
// side: a first block of seven (the mover's, then the other side's), then
// a second of two added later (so that a network trained on the first
// block is widened with zero weights for the second).
const (
	extPerSide  = 7
	morePerSide = 2
)

// ExtInputs is the number of inputs extend adds after the raw ones.
const ExtInputs = 2 * (extPerSide + morePerSide)

// extUnits are the extra inputs of a short nardi position, the mover's
// side first in each block. A side's first seven: the chance that the
// other side can hit one of its blots with its next roll, the longest run
// of points the other side holds in front of its rearmost checker, its
// own longest run of held points, its held home points, its blots, its
// held points in the other side's home, and its checkers there or on the
// bar. Its next two: the pips it can expect to lose to a hit with the
// other side's next roll, and the chance that its rearmost checker can
// get past every point the other side holds in front of it, outside its
// home, with its own next roll.
func extUnits(p *rules.Position) (u [ExtInputs]float32) {
	const more = 2 * extPerSide
	sideUnits(&p.Mine, &p.Theirs, u[:extPerSide], u[more:more+morePerSide])
	sideUnits(&p.Theirs, &p.Mine, u[extPerSide:2*extPerSide], u[more+morePerSide:])
	return u
}

// sideUnits fills one side's extra inputs of both blocks.
func sideUnits(me, op *[26]int8, u, more []float32) {
	// Masks in the side's own numbering: bit q is its point q; the
	// other side's point j is the side's 25−j and its bar the side's 0.
	var held, blots, theirs, theirsHeld uint32
	for i := 1; i <= 24; i++ {
		switch {
		case me[i] >= 2:
			held |= 1 << i
		case me[i] == 1:
			blots |= 1 << i
		}
		if n := op[25-i]; n > 0 {
			theirs |= 1 << i
			if n >= 2 {
				theirsHeld |= 1 << i
			}
		}
	}
	if op[rules.Bar] > 0 {
		theirs |= 1
	}
	back := 0
	for i := rules.Bar; i >= 1; i-- {
		if me[i] > 0 {
			back = i
			break
		}
	}
	hits, loss := shots(theirs, held, blots)
	u[0] = float32(hits) / 36
	more[0] = float32(loss) / (36 * 24)
	// The points the other side holds on the rearmost checker's way,
	// outside the side's home.
	fence := theirsHeld & (1<<back - 1) &^ 0x7f
	more[1] = float32(escapes(back, theirsHeld, fence)) / 36
	u[1] = float32(longestRunOf(theirsHeld&(1<<back-1))) / 6
	u[2] = float32(longestRunOf(held)) / 6
	u[3] = float32(bits.OnesCount32(held&0x7e)) / 6
	u[4] = float32(bits.OnesCount32(blots)) / 5
	u[5] = float32(bits.OnesCount32(held&(0x3f<<19))) / 2
	backs := int(me[rules.Bar])
	for i := 19; i <= 24; i++ {
		backs += int(me[i])
	}
	u[6] = float32(backs) / 5
}

// shots counts the rolls, of 36, with which checkers at the points of
// from (in the target's numbering, moving up) can hit a checker at a
// point of blots, not stopping on a point of blocked, and sums over the
// 36 rolls the pips the target loses to the costliest of those hits (a
// checker hit on its point b goes back to the bar, 25 − b pips behind). A
// checker on the bar (bit 0) is counted as free to move, as if it had
// entered, and the other checkers as if none were on the bar: an
// approximation where the hitter has checkers to enter first, which the
// network's own bar inputs are left to correct.
func shots(from, blocked, blots uint32) (n, loss int) {
	if blots == 0 || from == 0 {
		return 0, 0
	}
	const board = 1<<25 - 1
	cost := func(hit uint32) int { return 25 - bits.TrailingZeros32(hit) }
	for a := 1; a <= 6; a++ {
		// Doubles: up to four steps of a, each stop open.
		r := from << a & board
		hit := r & blots
		for k := 2; k <= 4; k++ {
			r = (r &^ blocked) << a & board
			hit |= r & blots
		}
		if hit != 0 {
			n++
			loss += cost(hit)
		}
		for b := a + 1; b <= 6; b++ {
			ra, rb := from<<a&board, from<<b&board
			hit := (ra | rb) & blots
			hit |= ((ra&^blocked)<<b | (rb&^blocked)<<a) & blots
			if hit != 0 {
				n += 2
				loss += 2 * cost(hit)
			}
		}
	}
	return n, loss
}

// escapes counts the rolls, of 36, with which a checker on point back
// (moving down; 25 is the bar) can reach a point below every point of
// fence, never stopping on a point of blocked. With no fence the checker
// is free: 36.
func escapes(back int, blocked, fence uint32) int {
	if fence == 0 {
		return 36
	}
	past := uint32(1)<<bits.TrailingZeros32(fence) - 1 // the points below the fence
	from := uint32(1) << back
	n := 0
	for a := 1; a <= 6; a++ {
		r, got := from, uint32(0)
		for range 4 {
			r = r >> a &^ blocked
			got |= r
		}
		if got&past&^1 != 0 {
			n++
		}
		for b := a + 1; b <= 6; b++ {
			ra, rb := from>>a&^blocked, from>>b&^blocked
			got := ra | rb | (ra>>b|rb>>a)&^blocked
			if got&past&^1 != 0 {
				n += 2
			}
		}
	}
	return n
}

// longestRunOf is the longest run of set bits in m.
func longestRunOf(m uint32) int {
	n := 0
	for m != 0 {
		m &= m << 1
		n++
	}
	return n
}
