package ai

import (
	"math/bits"

	"nardi/rules"
)

// extPerSide is the number of extra inputs of each side.
const extPerSide = 7

// ExtInputs is the number of inputs extend adds after the raw ones.
const ExtInputs = 2 * extPerSide

// extUnits are the extra inputs of a short nardi position, the mover's
// side first, each side's seven being: the chance that the other side
// can hit one of its blots with its next roll, the longest run of points
// the other side holds in front of its rearmost checker, its own longest
// run of held points, its held home points, its blots, its held points in
// the other side's home, and its checkers there or on the bar.
func extUnits(p *rules.Position) (u [ExtInputs]float32) {
	mine, theirs := masksOf(&p.Mine), masksOf(&p.Theirs)
	mine.units(&p.Mine, theirs, p.Theirs[rules.Bar] > 0, u[:extPerSide])
	theirs.units(&p.Theirs, mine, p.Mine[rules.Bar] > 0, u[extPerSide:])
	return u
}

// sideUnits fills one side's seven extra inputs.
func sideUnits(me, op *[26]int8, u []float32) {
	masksOf(me).units(me, masksOf(op), op[rules.Bar] > 0, u)
}

// masks are one side's points as bit masks in its own numbering: bit q
// is its point q.
type masks struct{ held, taken uint32 }

// masksOf returns the masks of a side's checkers, without branches.
func masksOf(c *[26]int8) (m masks) {
	for i := 1; i <= 24; i++ {
		n := int32(c[i])
		m.taken |= uint32(-n>>31&1) << i
		m.held |= uint32((1-n)>>31&1) << i
	}
	return m
}

// mirrored turns a mask of the other side's points into the side's own
// numbering, where the other side's point j is 25−j.
func mirrored(m uint32) uint32 { return bits.Reverse32(m) >> 6 }

// units fills the seven extra inputs of the side of checkers c and masks
// m, against the other side's masks op (onBar: the other side has
// checkers on the bar, bit 0 in the side's numbering).
func (m masks) units(c *[26]int8, op masks, onBar bool, u []float32) {
	held, blots := m.held, m.taken&^m.held
	theirs, theirsHeld := mirrored(op.taken), mirrored(op.held)
	if onBar {
		theirs |= 1
	}
	back := rules.Bar
	if c[rules.Bar] == 0 {
		back = max(bits.Len32(m.taken)-1, 0)
	}
	u[0] = float32(shots(theirs, held, blots)) / 36
	u[1] = float32(longestRunOf(theirsHeld&(1<<back-1))) / 6
	u[2] = float32(longestRunOf(held)) / 6
	u[3] = float32(bits.OnesCount32(held&0x7e)) / 6
	u[4] = float32(bits.OnesCount32(blots)) / 5
	u[5] = float32(bits.OnesCount32(held&(0x3f<<19))) / 2
	backs := int(c[rules.Bar])
	for i := 19; i <= 24; i++ {
		backs += int(c[i])
	}
	u[6] = float32(backs) / 5
}

// shots counts the rolls, of 36, with which checkers at the points of
// from (in the target's numbering, moving up) can hit a checker at a
// point of blots, not stopping on a point of blocked. A checker on the bar
// (bit 0) is counted as free to move, as if it had entered, and the other
// checkers as if none were on the bar: an approximation where the hitter
// has checkers to enter first, which the network's own bar inputs are
// left to correct.
func shots(from, blocked, blots uint32) int {
	if blots == 0 || from == 0 {
		return 0
	}
	const board = 1<<25 - 1
	n := 0
	for a := 1; a <= 6; a++ {
		// Doubles: up to four steps of a, each stop open.
		r := from << a & board
		hit := r & blots
		for k := 2; k <= 4 && hit == 0; k++ {
			r = (r &^ blocked) << a & board
			hit = r & blots
		}
		if hit != 0 {
			n++
		}
		for b := a + 1; b <= 6; b++ {
			ra, rb := from<<a&board, from<<b&board
			hit := (ra | rb) & blots
			hit |= ((ra&^blocked)<<b | (rb&^blocked)<<a) & blots
			if hit != 0 {
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
