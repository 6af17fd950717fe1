package rules

import "math/bits"

// Generator lists legal plays. It keeps scratch memory between calls, so
// reuse one per goroutine; it is not safe for concurrent use. The zero value
// is ready to use.
type Generator struct {
	rs RuleSet
	// out tells what the search keeps of the plays it finds.
	out output

	start Position // the position searched, as prepared
	// mine is start.Mine as the search's steps change it, indexed by an
	// index masked to five bits (so that the compiler checks no bounds).
	mine    [32]int8
	dice    [4]int8
	high    int8 // the larger die of a non-double
	cur     [4]Step
	pips    int    // the pips the steps made on the board have moved
	outside int    // the mover's checkers on points 7..25
	occ     uint32 // bit i set when the mover has a checker on index i (0..25: off too)
	block   uint32 // bit q set when the opponent holds the mover's point q
	blots   uint32 // bit q set when a lone opposing checker stands on point q
	// legalHigh marks the points the larger die may move from at the start.
	legalHigh uint32
	// lo and hi are the key of the position the steps have reached: see
	// keyLo.
	lo, hi uint64

	best int // score of the best play so far
	n    int // how many distinct results of that score are found
	// set holds the keys of the results of a non-double that another
	// play may reach too (see mixed).
	set keySet
	// keys, plays and results hold the keys of the results found, the
	// plays and the results, the first n of each (the results built from
	// the keys once the search is over); they keep the length of the
	// longest list so far.
	keys    []posKey
	plays   []Play
	results []Position
}

// posKey is the key of a position: see keyLo.
type posKey struct{ lo, hi uint64 }

// output is what a search keeps of each play it finds.
type output uint8

const (
	countOnly   output = iota // count the distinct results
	resultsOnly               // build the results
	withPlays                 // build the results and the plays
)

// LegalPlays returns every legal play of the roll, one per distinct
// resulting position, and the positions they lead to (still seen from the
// mover). With no legal play both are empty.
func LegalPlays(p Position, d Dice, rs RuleSet) ([]Play, []Position) {
	var g Generator
	plays, results := g.Plays(p, d, rs)
	return append([]Play(nil), plays...), append([]Position(nil), results...)
}

// Plays is LegalPlays with the generator's own memory: the slices are valid
// until the next call.
func (g *Generator) Plays(p Position, d Dice, rs RuleSet) ([]Play, []Position) {
	g.run(&p, d, rs, withPlays)
	return g.plays[:g.n], g.results[:g.n]
}

// Results returns the positions the legal plays of the roll lead to, the
// same and in the same order as Plays returns them, without building the
// plays: for callers that look only at the results. With no legal play it
// is empty. The slice is valid until the next call.
func (g *Generator) Results(p Position, d Dice, rs RuleSet) []Position {
	g.run(&p, d, rs, resultsOnly)
	return g.results[:g.n]
}

// Count returns how many distinct positions the legal plays of the roll
// reach; a roll with no legal play counts as one.
func (g *Generator) Count(p Position, d Dice, rs RuleSet) int {
	g.run(&p, d, rs, countOnly)
	return max(g.n, 1)
}

func (g *Generator) run(p *Position, d Dice, rs RuleSet, out output) {
	g.rs = rs
	if *p != g.start {
		g.prepare(p)
	}
	g.roll(d, out)
}

// CountAll sums Count over the 21 distinct rolls.
func (g *Generator) CountAll(p Position, rs RuleSet) int {
	g.rs = rs
	if p != g.start {
		g.prepare(&p)
	}
	total := 0
	for _, r := range Rolls {
		g.roll(r.Dice, countOnly)
		total += max(g.n, 1)
	}
	return total
}

// prepare sets the search state up for the position. The search leaves it
// as it found it, so one preparation serves every roll, and a generator
// called again on the position it holds (as for each roll in turn) skips
// it. The zero Generator holds the empty position, prepared.
//
// It reads each side's array eight counts at a time, as words of a byte a
// count (see words), for positions of at most 15 checkers a side.
func (g *Generator) prepare(p *Position) {
	g.start = *p
	copy(g.mine[:], p.Mine[:])
	m, t := words(&p.Mine), words(&p.Theirs)
	g.lo, g.hi = m[0]|m[1]<<4, m[2]|m[3]<<4 // see keyLo
	g.occ = present(m, 1)
	// Of the checkers on 7..25: Mine[7] is the top byte of m[0].
	g.outside = byteSum(m[1]) + byteSum(m[2]) + byteSum(m[0]>>56+m[3])
	// The opponent's point j is the mover's 25-j: reverse the bits.
	const points = 1<<(Points+1) - 2 // bits 1..24
	two, one := present(t, 2), present(t, 1)
	g.block = bits.Reverse32(two) >> (31 - Bar) & points
	g.blots = bits.Reverse32(one&^two) >> (31 - Bar) & points
	g.pips = 0
}

// words returns a side's array as four words, a count a byte, the lowest
// index lowest: indices 0..7, 8..15, 16..23 and 24..25.
func words(s *[26]int8) [4]uint64 {
	return [4]uint64{
		load8((*[8]int8)(s[0:8])), load8((*[8]int8)(s[8:16])), load8((*[8]int8)(s[16:24])),
		uint64(uint8(s[24])) | uint64(uint8(s[25]))<<8,
	}
}

// load8 reads the eight bytes of b as a word, the first lowest (in one
// load: the compiler merges the eight).
func load8(b *[8]int8) uint64 {
	return uint64(uint8(b[0])) | uint64(uint8(b[1]))<<8 | uint64(uint8(b[2]))<<16 |
		uint64(uint8(b[3]))<<24 | uint64(uint8(b[4]))<<32 | uint64(uint8(b[5]))<<40 |
		uint64(uint8(b[6]))<<48 | uint64(uint8(b[7]))<<56
}

// present returns the set of the indices whose count in w (see words) is
// at least min (1 or 2): bit i for index i.
func present(w [4]uint64, min uint64) uint32 {
	var set uint32
	for k, x := range w {
		// Each count is below 16: adding 128-min to it sets its top bit
		// when it reaches min, and carries into no other byte.
		h := (x + (128-min)*0x0101010101010101) >> 7 & 0x0101010101010101
		set |= uint32(h*0x0102040810204080>>56) << (8 * k) // gather the eight bits
	}
	return set
}

// byteSum returns the sum of the bytes of x, when it is below 256.
func byteSum(x uint64) int {
	return int(x * 0x0101010101010101 >> 56)
}

// roll searches the plays of one roll from the prepared position.
func (g *Generator) roll(d Dice, out output) {
	g.out = out
	g.best, g.n = -1, 0
	g.cur = [4]Step{} // a play keeps the whole array: no steps of a past roll
	if d.IsDouble() {
		for i := range g.dice {
			g.dice[i] = int8(d[0])
		}
		g.high = 0
		g.double(0, Bar)
	} else {
		g.set.reset()
		a, b := int8(d[0]), int8(d[1])
		if a < b {
			a, b = b, a
		}
		g.high = a
		g.dice[0], g.dice[1] = a, b
		g.mixed(false)
		g.dice[0], g.dice[1] = b, a
		g.mixed(true)
	}
	if out != countOnly {
		g.build()
	}
}

// keyLo and keyHi add one checker on index i to the key of a position (the
// mover's checkers and the opposing ones hit), and hitBit marks in the key
// the point i hit. The key fits two words, four bits an index, laid out so
// that the mover's array unpacks from it with a mask and a shift (see
// build), for positions of at most 15 checkers a side: in the low word, the low halves of the bytes hold indices 0..7,
// the high halves 8..15; in the high word, the low halves hold 16..23, the
// high halves of bytes 0 and 1 indices 24 and 25 (the bar), and those of
// bytes 2..7 the points hit, four to a byte. The tables are indexed by an
// index masked to five bits.
var keyLo, keyHi, hitBit = func() (lo, hi, hit [32]uint64) {
	for i := 0; i < 8; i++ {
		lo[i] = 1 << (8 * i)
		lo[i+8] = 1 << (8*i + 4)
		hi[i+16] = 1 << (8 * i)
	}
	hi[24], hi[Bar] = 1<<4, 1<<12
	for q := 1; q <= Points; q++ {
		hit[q] = 1 << (8*(2+(q-1)/4) + 4 + (q-1)%4)
	}
	return lo, hi, hit
}()

// keyBytes masks the low halves of a key's bytes, and keyHits the bits of
// hits in its high word.
const (
	keyBytes = 0x0F0F0F0F0F0F0F0F
	keyHits  = 0xF0F0F0F0F0F0 << 16
)

// movable returns the points from which a checker may move by die: from
// the bar while it holds a checker; to a point the opponent does not hold;
// or off, exactly or by a larger die from the highest point, once all the
// mover's checkers are home.
func (g *Generator) movable(die int8) uint32 {
	return movable(g.occ, g.block, g.outside, die)
}

// movable is Generator.movable for a board where the mover has checkers
// on occ (see Generator.occ), outside of them not home, and the opponent
// holds block.
func movable(occ, block uint32, outside int, die int8) uint32 {
	d := uint(die) & 7 // a shift the compiler knows to be short
	src := occ
	if occ&(1<<Bar) != 0 {
		src = 1 << Bar
	}
	m := src &^ (block << d) &^ (2<<d - 1) // bit 0, off, is cleared too
	if outside == 0 {
		if occ&(1<<d) != 0 {
			m |= 1 << d
		} else if top := uint(bits.Len32(occ)) - 1; top >= 1 && top < d {
			m |= 1 << top
		}
	}
	return m
}

// bit is the bit of index i (0..25) in a set of points.
func bit(i int8) uint32 {
	return 1 << (uint(i) & 31)
}

// dest is where a checker from lands with die.
func dest(from, die int8) int8 {
	return max(from-die, Off)
}

// step makes a move and returns whether it hit.
func (g *Generator) step(from, to int8) bool {
	f, t := int(from)&31, int(to)&31
	g.mine[f]--
	if g.mine[f] == 0 {
		g.occ &^= 1 << f
	}
	g.mine[t]++
	g.occ |= 1 << t
	g.lo += keyLo[t] - keyLo[f]
	g.hi += keyHi[t] - keyHi[f]
	g.pips += int(from - to)
	if from > 6 && to <= 6 {
		g.outside--
	}
	if g.blots&(1<<t) != 0 {
		g.blots &^= 1 << t
		g.hi |= hitBit[t]
		return true
	}
	return false
}

func (g *Generator) undo(from, to int8, hit bool) {
	f, t := int(from)&31, int(to)&31
	g.mine[f]++
	g.occ |= 1 << f
	g.mine[t]--
	if g.mine[t] == 0 {
		g.occ &^= 1 << t
	}
	g.lo -= keyLo[t] - keyLo[f]
	g.hi -= keyHi[t] - keyHi[f]
	g.pips -= int(from - to)
	if from > 6 && to <= 6 {
		g.outside++
	}
	if hit {
		g.blots |= 1 << t
		g.hi &^= hitBit[t]
	}
}

// mixed searches a non-double: first die g.dice[0], then g.dice[1]. In the
// second order (smaller die first) it skips the pairs the first order has
// already found: those whose second step was legal from the start and does
// not move on the checker the first step moved.
//
// Two of the plays left reach one position only when one of them moves a
// checker twice (the second step from where the first landed), or lands
// where the other step started, or bears off with both steps: a play of
// two steps that does none of these changes the board by taking a checker
// from each of two points (or two from one) and adding one on each of two
// others, which only the same two steps do, and those the search lists
// once. So only the plays of those kinds go through the set.
//
// The first step is not made on the board: what the second needs of the
// board after it is worked out aside.
func (g *Generator) mixed(second bool) {
	d1, d2 := g.dice[0], g.dice[1]
	m := g.movable(d1)
	if !second {
		g.legalHigh = m
	}
	for m != 0 {
		from1 := int8(bits.Len32(m) - 1)
		m &^= bit(from1)
		to1 := dest(from1, d1)
		lo1, hi1, hit1 := g.key(from1, to1)
		g.cur[0] = Step{From: from1, To: to1, Hit: hit1}
		pips := g.pips + int(from1-to1)
		occ, outside := g.occ|bit(to1), g.outside
		if g.mine[from1&31] == 1 {
			occ &^= bit(from1)
		}
		if from1 > 6 && to1 <= 6 {
			outside--
		}
		blots := g.blots &^ bit(to1)
		m2 := movable(occ, g.block, outside, d2)
		if m2 == 0 {
			g.cur[1] = Step{} // a play of one step
			g.record(1, g.score(1, pips), lo1, hi1, true, g.cur[0])
		} else if second {
			m2 &^= g.legalHigh &^ bit(to1)
		}
		// The plays whose second step moves d2 pips in full all score
		// full: once that is the best score, those that reach a new
		// position for sure are counted or kept at once.
		full := g.score(2, pips+int(d2))
		for m2 != 0 {
			from2 := int8(bits.Len32(m2) - 1)
			m2 &^= bit(from2)
			to2 := dest(from2, d2)
			lo, hi, hit := keyAfter(lo1, hi1, blots, from2, to2)
			last := Step{From: from2, To: to2, Hit: hit}
			mayRepeat := from2 == to1 || to2 == from1 || to1|to2 == Off
			switch {
			case full != g.best || from2-to2 != d2 || mayRepeat:
				g.record(2, g.score(2, pips+int(from2-to2)), lo, hi, mayRepeat, last)
			case g.out == countOnly:
				g.n++
			default:
				g.keep(2, lo, hi, last)
			}
		}
	}
}

// double searches the steps of a double, taking checkers in order from the
// back (from maxFrom down) so that each set of steps is seen in one order.
// Then no two plays reach one position: the position tells how many steps
// left each point, from the bar down (a point's checkers now are those it
// had, less those that left it, plus those that left the point die above).
func (g *Generator) double(n int, maxFrom int8) {
	die := g.dice[0]
	m := g.movable(die) & (bit(maxFrom)<<1 - 1)
	if m == 0 {
		g.leaf(n)
		return
	}
	if n == 2 {
		g.lastTwo(m, die)
		return
	}
	for m != 0 {
		from := int8(bits.Len32(m) - 1)
		m &^= bit(from)
		to := dest(from, die)
		hit := g.step(from, to)
		g.cur[n] = Step{From: from, To: to, Hit: hit}
		g.double(n+1, from)
		g.undo(from, to, hit)
	}
}

// lastTwo records the plays of the two steps in g.cur, a third by die
// from each point of m, and a fourth when one may follow (from no point
// above the third's), without making the third step on the board: what
// the fourth step needs of the board after it is worked out aside.
func (g *Generator) lastTwo(m uint32, die int8) {
	for m != 0 {
		from := int8(bits.Len32(m) - 1)
		m &^= bit(from)
		to := dest(from, die)
		lo, hi, hit := g.key(from, to)
		g.cur[2] = Step{From: from, To: to, Hit: hit}
		pips := g.pips + int(from-to)
		occ, outside := g.occ|bit(to), g.outside
		if g.mine[from&31] == 1 {
			occ &^= bit(from)
		}
		if from > 6 && to <= 6 {
			outside--
		}
		m4 := movable(occ, g.block, outside, die) & (bit(from)<<1 - 1)
		if m4 == 0 {
			g.cur[3] = Step{} // a play short of the dice
			g.record(3, g.score(3, pips), lo, hi, false, g.cur[2])
			continue
		}
		g.lastOfDouble(m4, die, lo, hi, g.blots&^bit(to), pips)
	}
}

// lastOfDouble records the plays of the three steps in g.cur, which reach
// the key (lo, hi) with the opposing blots on blots and pips moved, and a
// fourth by die from each point of m, in order from the back. Those whose
// fourth step moves die pips in full all score the same: once that is the
// best score, they are counted or kept at once.
func (g *Generator) lastOfDouble(m uint32, die int8, lo, hi uint64, blots uint32, pips int) {
	exact := m &^ (bit(die) - 1)
	if exact != 0 && g.score(4, pips+int(die)) == g.best {
		m &^= exact
		if g.out == countOnly {
			g.n += bits.OnesCount32(exact)
		}
		for g.out != countOnly && exact != 0 {
			from := int8(bits.Len32(exact) - 1)
			exact &^= bit(from)
			to := from - die
			lo, hi, hit := keyAfter(lo, hi, blots, from, to)
			g.keep(4, lo, hi, Step{From: from, To: to, Hit: hit})
		}
	}
	for m != 0 {
		from := int8(bits.Len32(m) - 1)
		m &^= bit(from)
		to := dest(from, die)
		lo, hi, hit := keyAfter(lo, hi, blots, from, to)
		g.record(4, g.score(4, pips+int(from-to)), lo, hi, false, Step{From: from, To: to, Hit: hit})
	}
}

// key returns the key of the position the steps have reached followed by
// one more, from to to, without making it on the board, and whether that
// step hits.
func (g *Generator) key(from, to int8) (lo, hi uint64, hit bool) {
	return keyAfter(g.lo, g.hi, g.blots, from, to)
}

// keyAfter returns the key after a step from from to to of the position
// of key (lo, hi) with opposing blots on blots, and whether it hits.
func keyAfter(lo, hi uint64, blots uint32, from, to int8) (uint64, uint64, bool) {
	f, t := int(from)&31, int(to)&31
	lo += keyLo[t] - keyLo[f]
	hi += keyHi[t] - keyHi[f]
	hit := blots&(1<<t) != 0
	if hit {
		hi |= hitBit[t]
	}
	return lo, hi, hit
}

// score ranks a play of n steps moving pips pips: the more dice played the
// better, then a lone larger die over a lone smaller one, and under the
// nardi rule set the more pips.
func (g *Generator) score(n, pips int) int {
	s := n * 64
	if n == 1 && g.dice[0] == g.high {
		s += 32
	}
	if g.rs == Nardi {
		s += pips
	}
	return s
}

// leaf records the n steps of a double in g.cur, all made on the board,
// as a play.
func (g *Generator) leaf(n int) {
	if n == 0 {
		return // no step at all: the roll passes, and no play is listed
	}
	clear(g.cur[n:]) // a play short of the dice: drop steps of other branches
	g.record(n, g.score(n, g.pips), g.lo, g.hi, false, g.cur[n-1])
}

// record keeps the play of the steps g.cur[:n-1] and then last, of the
// given score, whose result has the key (lo, hi), when it is among the best
// found and reaches a new position. mayRepeat tells that another play may
// reach the same position: only then is the key looked up in the set.
func (g *Generator) record(n, score int, lo, hi uint64, mayRepeat bool, last Step) {
	if score != g.best && !g.better(score) {
		return
	}
	if mayRepeat && !g.set.add(lo, hi) {
		return
	}
	if g.out == countOnly {
		g.n++
		return
	}
	g.keep(n, lo, hi, last)
}

// better tells whether a play of the score, not the best one's, beats it,
// and then forgets the plays found so far.
func (g *Generator) better(score int) bool {
	if score < g.best {
		return false
	}
	g.best, g.n = score, 0
	g.set.reset()
	return true
}

// keep lists the play of the steps g.cur[:n-1] and then last, whose
// result has the key (lo, hi): the key, and with g.out == withPlays the
// play.
func (g *Generator) keep(n int, lo, hi uint64, last Step) {
	if g.out == withPlays {
		g.keepPlay(n, last)
	}
	if g.n == len(g.keys) {
		g.keys = append(g.keys, posKey{})
	}
	g.keys[g.n] = posKey{lo, hi}
	g.n++
}

// keepPlay writes the play of the steps g.cur[:n-1] and then last as the
// g.n-th in the list: g.cur (whose steps past the n-th are zero) with last
// set in the list, not built aside and copied (see build).
func (g *Generator) keepPlay(n int, last Step) {
	if g.n == len(g.plays) {
		g.plays = append(g.plays, Play{})
	}
	pl := &g.plays[g.n]
	pl.Steps, pl.N = g.cur, int8(n)
	pl.Steps[n-1] = last
}

// build writes the results of the plays found from their keys.
//
// They are written in place in the list, not built aside and copied, and
// not copied from memory the search has just written byte by byte: the
// mover's checkers are unpacked from the key, and the opponent's copied
// from the start. A copy reads in blocks, and a block read of bytes just
// written one at a time waits for the writes to reach the cache
// (store-to-load forwarding fails), which cost more than the whole search
// of a play.
func (g *Generator) build() {
	if len(g.results) < g.n {
		g.results = append(g.results, make([]Position, g.n-len(g.results))...)
	}
	results := g.results[:g.n]
	keys := g.keys[:len(results)]
	theirs := g.start.Theirs
	for i := range results {
		k, res := keys[i], &results[i]
		res.Theirs = theirs
		mine := &res.Mine
		put8((*[8]int8)(mine[0:8]), k.lo&keyBytes)
		put8((*[8]int8)(mine[8:16]), k.lo>>4&keyBytes)
		put8((*[8]int8)(mine[16:24]), k.hi&keyBytes)
		v := k.hi >> 4
		mine[24], mine[Bar] = int8(v&15), int8(v>>8&15)
		for h := k.hi & keyHits; h != 0; h &= h - 1 {
			b := bits.TrailingZeros64(h) // bit 4+j of byte 2+k: point 4k+j+1
			q := (b>>3-2)*4 + b&3 + 1
			res.Theirs[25-q]--
			res.Theirs[Bar]++
		}
	}
}

// put8 writes the eight bytes of v to b, the lowest first (in one store:
// the compiler merges the eight).
func put8(b *[8]int8, v uint64) {
	b[0], b[1], b[2], b[3] = int8(v), int8(v>>8), int8(v>>16), int8(v>>24)
	b[4], b[5], b[6], b[7] = int8(v>>32), int8(v>>40), int8(v>>48), int8(v>>56)
}
