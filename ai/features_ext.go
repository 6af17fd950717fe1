package ai

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"nardi/rules"
)

// extPerSide is the number of extra inputs of each side in the first
// set; escPerSide more of each side follow both sides' first sets, then
// hitPerSide more of each side after both sides' escapes.
const (
	extPerSide = 7
	escPerSide = 2
	hitPerSide = 2
)

// ExtInputs is the number of inputs extend adds after the raw ones; a
// network of ExtInputsFirst extra inputs (the first set) or of
// ExtInputsEsc (the first set and the escapes) reads only those.
const (
	ExtInputs      = 2 * (extPerSide + escPerSide + hitPerSide)
	ExtInputsEsc   = 2 * (extPerSide + escPerSide)
	ExtInputsFirst = 2 * extPerSide
)

// extUnits are the first n (ExtInputsFirst, ExtInputsEsc or ExtInputs)
// extra inputs of a short nardi position, the mover's side first, each
// side's seven being: the chance that the other side can hit one of its
// blots with its next roll, the longest run of points the other side
// holds in front of its rearmost checker, its own longest run of held
// points, its held home points, its blots, its held points in the other
// side's home, and its checkers there or on the bar. Then each side's two
// escape inputs (escUnits), the mover's first; then each side's two
// hitting inputs (hitUnits), the mover's first. Those a network does not
// read are left 0, and not worked out.
//
//go:norace
func extUnits(p *rules.Position, n int) (u [ExtInputs]float32) {
	mine, theirs := masksOf(&p.Mine), masksOf(&p.Theirs)
	mine.units(&p.Mine, theirs, p.Theirs[rules.Bar] > 0, u[:extPerSide])
	theirs.units(&p.Theirs, mine, p.Mine[rules.Bar] > 0, u[extPerSide:ExtInputsFirst])
	if n > ExtInputsFirst {
		mine.escUnits(&p.Mine, theirs, u[ExtInputsFirst:ExtInputsFirst+escPerSide])
		theirs.escUnits(&p.Theirs, mine, u[ExtInputsFirst+escPerSide:ExtInputsEsc])
	}
	if n > ExtInputsEsc {
		mine.hitUnits(theirs, p.Theirs[rules.Bar] > 0, u[ExtInputsEsc:ExtInputsEsc+hitPerSide])
		theirs.hitUnits(mine, p.Mine[rules.Bar] > 0, u[ExtInputsEsc+hitPerSide:])
	}
	return u
}

// hitUnits fills a side's two hitting inputs, against the other side's
// masks op (onBar: it has checkers on the bar), over the other side's 36
// rolls: the share of those that can hit two of the side's blots, and the
// mean of the pips the side loses to the costliest single hit a roll can
// make (25 − q for a blot on its point q), over 25. Hits are found as
// shots finds them.
//
//go:norace
func (m masks) hitUnits(op masks, onBar bool, u []float32) {
	u[0], u[1] = 0, 0
	blots := m.taken &^ m.held
	from := mirrored(op.taken)
	if onBar {
		from |= 1
	}
	if blots == 0 || from == 0 {
		return
	}
	two, loss := hits(from, m.held, blots)
	u[0] = float32(two) / 36
	u[1] = float32(loss) / (36 * 25)
}

// hits counts, over the 36 rolls, those with which checkers at the points
// of from (in the target's numbering, moving up, as in shots) can hit two
// checkers at points of blots, and sums, roll by roll, the pips lost to the
// costliest single hit the roll can make (25 − q for the lowest point q
// hit). Two hits are: each die hitting a different blot, or one checker
// hitting with one die and again with the other; with a double, two blots
// within two steps each, one within a step and another within three, or
// one checker hitting twice on its way.
//
//go:norace
func hits(from, blocked, blots uint32) (two, loss int) {
	const board = 1<<25 - 1
	lost := func(hit uint32) int { return 25 - bits.TrailingZeros32(hit) }
	var reach, open [7]uint32
	for a := 1; a <= 6; a++ {
		reach[a] = from << a & board
		open[a] = reach[a] &^ blocked
	}
	for a := 1; a <= 6; a++ {
		// Doubles: within[k] are the blots one checker reaches in k steps
		// or fewer, each stop open; again are the blots a checker reaches
		// after it has hit once.
		var within [5]uint32
		var again uint32
		r, after := from, uint32(0)
		for k := 1; k <= 4; k++ {
			r = r << a & board
			after = after << a & board
			hit := r & blots
			again |= after & blots
			within[k] = within[k-1] | hit
			after = (after | hit) &^ blocked
			r &^= blocked
		}
		if bits.OnesCount32(within[2]) >= 2 || within[1] != 0 && bits.OnesCount32(within[3]) >= 2 || again != 0 {
			two++
		}
		if within[4] != 0 {
			loss += lost(within[4])
		}
		for b := a + 1; b <= 6; b++ {
			ha, hb := reach[a]&blots, reach[b]&blots
			if ha != 0 && hb != 0 && (ha != hb || bits.OnesCount32(ha) >= 2) || (ha<<b|hb<<a)&board&blots != 0 {
				two += 2
			}
			if hit := (ha | hb | open[a]<<b | open[b]<<a) & blots; hit != 0 {
				loss += 2 * lost(hit)
			}
		}
	}
	return two, loss
}

// escUnits fills a side's two escape inputs: the share of the 36 rolls
// with which its rearmost checker can move the whole roll (escapes), and
// how well the other side contains it: one less the share of the fewest
// such rolls from any point between that checker and the other side's
// outer board (down to the 13-point), 0 once every checker is past it.
//
//go:norace
func (m masks) escUnits(c *[26]int8, op masks, u []float32) {
	u[0], u[1] = 0, 0
	blocked := mirrored(op.held)
	back := rules.Bar
	if c[rules.Bar] == 0 {
		back = bits.Len32(m.taken) - 1
	}
	if back <= 0 {
		return
	}
	u[0] = float32(escapes(blocked, back)) / 36
	if back < 13 {
		return
	}
	least := 36
	for q := 13; q <= back; q++ {
		least = min(least, escapes(blocked, q))
	}
	u[1] = float32(36-least) / 36
}

// escapes counts the rolls, of 36, with which a checker on point q (the
// bar: 25) can move the whole roll past the points of blocked (bit j:
// point j held by the other side): a roll of two numbers when the point
// at their sum is open and so is one of the two on the way, a double when
// the points of its first two steps are open. Points below 1 are open.
func escapes(blocked uint32, q int) int {
	// the twelve points in front of q, nearest first: bit k is q−1−k
	var w uint32
	if q > 12 {
		w = blocked >> (q - 12) & 0xfff
	} else {
		w = blocked << (12 - q) & 0xfff
	}
	return int(escapeTable[bits.Reverse32(w)>>20])
}

// escapeTable holds escapes for each pattern of the twelve points in
// front of a checker, bit k set when the point k+1 ahead is held.
var escapeTable = func() (t [1 << 12]uint8) {
	for w := range t {
		open := func(d int) bool { return w&(1<<(d-1)) == 0 }
		n := 0
		for a := 1; a <= 6; a++ {
			for b := a; b <= 6; b++ {
				switch {
				case !open(a + b):
				case a == b && open(a):
					n++
				case a != b && (open(a) || open(b)):
					n += 2
				}
			}
		}
		t[w] = uint8(n)
	}
	return t
}()

// sideUnits fills one side's seven extra inputs.
func sideUnits(me, op *[26]int8, u []float32) {
	masksOf(me).units(me, masksOf(op), op[rules.Bar] > 0, u)
}

// masks are one side's points as bit masks in its own numbering: bit q
// is its point q.
type masks struct{ held, taken uint32 }

// masksOf returns the masks of a side's checkers, eight points at a time:
// adding 0x7f (0x7e) to a byte of 0 to 15 checkers sets its top bit when
// it holds at least one (two), and the multiply gathers the eight top bits
// into one byte.
//
//go:norace
func masksOf(c *[26]int8) (m masks) {
	b := (*[26]byte)(unsafe.Pointer(c))
	for k := 0; k < 3; k++ {
		x := binary.LittleEndian.Uint64(b[1+8*k:])
		m.taken |= topBits(x+0x7f7f7f7f7f7f7f7f) << (1 + 8*k)
		m.held |= topBits(x+0x7e7e7e7e7e7e7e7e) << (1 + 8*k)
	}
	return m
}

// topBits gathers the top bit of each byte of x, byte i to bit i.
func topBits(x uint64) uint32 {
	return uint32((x & 0x8080808080808080 >> 7 * 0x0102040810204080) >> 56)
}

// mirrored turns a mask of the other side's points into the side's own
// numbering, where the other side's point j is 25−j.
func mirrored(m uint32) uint32 { return bits.Reverse32(m) >> 6 }

// units fills the seven extra inputs of the side of checkers c and masks
// m, against the other side's masks op (onBar: the other side has
// checkers on the bar, bit 0 in the side's numbering).
//
//go:norace
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
//
//go:norace
func shots(from, blocked, blots uint32) int {
	if blots == 0 || from == 0 {
		return 0
	}
	const board = 1<<25 - 1
	// reach[a]: where one step of a lands; open[a]: those landings a
	// second step may start from.
	var reach, open [7]uint32
	for a := 1; a <= 6; a++ {
		reach[a] = from << a & board
		open[a] = reach[a] &^ blocked
	}
	n := 0
	for a := 1; a <= 6; a++ {
		// Doubles: up to four steps of a, each stop open.
		hit := reach[a] & blots
		for r, k := open[a], 2; k <= 4 && hit == 0 && r != 0; k++ {
			r = r << a & board
			hit = r & blots
			r &^= blocked
		}
		if hit != 0 {
			n++
		}
		for b := a + 1; b <= 6; b++ {
			if (reach[a]|reach[b]|open[a]<<b|open[b]<<a)&blots != 0 {
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
