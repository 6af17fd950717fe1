package rules

import (
	"math/bits"
	"slices"
)

// Generator lists legal plays. It keeps scratch memory between calls, so
// reuse one per goroutine; it is not safe for concurrent use. The zero value
// is ready to use.
type Generator struct {
	rs RuleSet
	// out tells what the search keeps of the plays it finds.
	out output

	start   Position // the position searched, as prepared
	mine    [26]int8 // start.Mine as the search's steps change it
	dice    [4]int8
	nDice   int
	high    int8 // the larger die of a non-double
	cur     [4]Step
	outside int    // the mover's checkers on points 7..25
	occ     uint32 // bit i set when the mover has a checker on point i (1..25)
	block   uint32 // bit q set when the opponent holds the mover's point q
	blots   uint32 // bit q set when a lone opposing checker stands on point q
	// legalHigh marks the points the larger die may move from at the start.
	legalHigh uint32
	lo, hi    uint64

	best      int // score of the best leaf so far
	fullScore int // score of a full play when it is fixed, else -2
	set       keySet
	plays     []Play
	results   []Position
}

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
	return g.plays, g.results
}

// Results returns the positions the legal plays of the roll lead to, the
// same and in the same order as Plays returns them, without building the
// plays: for callers that look only at the results. With no legal play it
// is empty. The slice is valid until the next call.
func (g *Generator) Results(p Position, d Dice, rs RuleSet) []Position {
	g.run(&p, d, rs, resultsOnly)
	return g.results
}

// Count returns how many distinct positions the legal plays of the roll
// reach; a roll with no legal play counts as one.
func (g *Generator) Count(p Position, d Dice, rs RuleSet) int {
	g.run(&p, d, rs, countOnly)
	if g.set.n == 0 {
		return 1
	}
	return g.set.n
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
		total += max(g.set.n, 1)
	}
	return total
}

// prepare sets the search state up for the position. The search leaves it
// as it found it, so one preparation serves every roll, and a generator
// called again on the position it holds (as for each roll in turn) skips
// it. The zero Generator holds the empty position, prepared.
func (g *Generator) prepare(p *Position) {
	g.start, g.mine = *p, p.Mine
	outside, occ, block, blots := 0, uint32(0), uint32(0), uint32(0)
	var lo, hi uint64
	for i := 1; i <= Bar; i++ {
		n := p.Mine[i]
		if i <= 16 {
			lo |= uint64(n) << (4 * (i - 1))
		} else {
			hi |= uint64(n) << (4 * (i - 17))
		}
		if i >= 7 {
			outside += int(n)
		}
		if n > 0 {
			occ |= 1 << i
		}
		if i <= Points {
			switch t := p.Theirs[25-i]; {
			case t >= 2:
				block |= 1 << i
			case t == 1:
				blots |= 1 << i
			}
		}
	}
	g.outside, g.occ, g.block, g.blots, g.lo, g.hi = outside, occ, block, blots, lo, hi
}

// full returns the score of a play of every die, or -2 when that depends on
// the play (the nardi rule set weighs pips too).
func (g *Generator) full() int {
	if g.rs == Nardi {
		return -2
	}
	return g.nDice * 64
}

// roll searches the plays of one roll from the prepared position.
func (g *Generator) roll(d Dice, out output) {
	g.out = out
	g.plays, g.results = g.plays[:0], g.results[:0]
	g.best = -1
	g.set.reset()
	g.cur = [4]Step{} // a play keeps the whole array: no steps of a past roll
	if d.IsDouble() {
		g.nDice = 4
		g.fullScore = g.full()
		for i := range g.dice {
			g.dice[i] = int8(d[0])
		}
		g.high = 0
		g.double(0, Bar)
		return
	}
	a, b := int8(d[0]), int8(d[1])
	if a < b {
		a, b = b, a
	}
	g.high = a
	g.nDice = 2
	g.fullScore = g.full()
	g.dice[0], g.dice[1] = a, b
	g.mixed(false)
	g.dice[0], g.dice[1] = b, a
	g.mixed(true)
}

// keyLo and keyHi add one checker on index i (1..25) to a search key: four
// bits a point, points 1..16 in the low word and 17..25 in the high one. Bits
// 36..59 of the high word mark the points hit.
var keyLo, keyHi = func() (lo, hi [26]uint64) {
	for i := 1; i <= Bar; i++ {
		if i <= 16 {
			lo[i] = 1 << (4 * (i - 1))
		} else {
			hi[i] = 1 << (4 * (i - 17))
		}
	}
	return lo, hi
}()

// movable returns the points from which a checker may move by die: from
// the bar while it holds a checker; to a point the opponent does not hold;
// or off, exactly or by a larger die from the highest point, once all the
// mover's checkers are home.
func (g *Generator) movable(die int8) uint32 {
	src := g.occ
	if g.occ&(1<<Bar) != 0 {
		src = 1 << Bar
	}
	m := src &^ (g.block << die) &^ (1<<(die+1) - 1)
	if g.outside == 0 {
		if g.occ&(1<<die) != 0 {
			m |= 1 << die
		} else if top := int8(bits.Len32(g.occ) - 1); top >= 1 && top < die {
			m |= 1 << top
		}
	}
	return m
}

// dest is where a checker from lands with die.
func dest(from, die int8) int8 {
	return max(from-die, Off)
}

// step makes a move and returns whether it hit.
func (g *Generator) step(from, to int8) bool {
	g.mine[from]--
	if g.mine[from] == 0 {
		g.occ &^= 1 << from
	}
	g.mine[to]++
	g.lo -= keyLo[from]
	g.hi -= keyHi[from]
	if to == Off {
		return false
	}
	if from > 6 && to <= 6 {
		g.outside--
	}
	g.occ |= 1 << to
	g.lo += keyLo[to]
	g.hi += keyHi[to]
	if g.blots&(1<<to) != 0 {
		g.blots &^= 1 << to
		g.hi |= 1 << (35 + to)
		return true
	}
	return false
}

func (g *Generator) undo(from, to int8, hit bool) {
	g.mine[from]++
	g.occ |= 1 << from
	g.mine[to]--
	g.lo += keyLo[from]
	g.hi += keyHi[from]
	if to == Off {
		return
	}
	if from > 6 && to <= 6 {
		g.outside++
	}
	if g.mine[to] == 0 {
		g.occ &^= 1 << to
	}
	g.lo -= keyLo[to]
	g.hi -= keyHi[to]
	if hit {
		g.blots |= 1 << to
		g.hi &^= 1 << (35 + to)
	}
}

// mixed searches a non-double: first die g.dice[0], then g.dice[1]. In the
// second order (smaller die first) it skips the pairs the first order has
// already found: those whose second step was legal from the start and does
// not move on the checker the first step moved.
func (g *Generator) mixed(second bool) {
	d1, d2 := g.dice[0], g.dice[1]
	m := g.movable(d1)
	if !second {
		g.legalHigh = m
	}
	for m != 0 {
		from1 := int8(bits.Len32(m) - 1)
		m &^= 1 << from1
		to1 := dest(from1, d1)
		hit1 := g.step(from1, to1)
		g.cur[0] = Step{From: from1, To: to1, Hit: hit1}
		m2 := g.movable(d2)
		if m2 == 0 {
			g.leaf(1)
		} else if second {
			m2 &^= g.legalHigh &^ (1 << to1)
		}
		for m2 != 0 {
			from2 := int8(bits.Len32(m2) - 1)
			m2 &^= 1 << from2
			g.last(2, from2, dest(from2, d2))
		}
		g.undo(from1, to1, hit1)
	}
}

// double searches the steps of a double, taking checkers in order from the
// back (from maxFrom down) so that each set of steps is seen in one order.
func (g *Generator) double(n int, maxFrom int8) {
	if n == 4 {
		g.leaf(4)
		return
	}
	die := g.dice[0]
	m := g.movable(die) & (1<<(maxFrom+1) - 1)
	if m == 0 {
		g.leaf(n)
		return
	}
	for m != 0 {
		from := int8(bits.Len32(m) - 1)
		m &^= 1 << from
		to := dest(from, die)
		if n == 3 {
			g.last(4, from, to)
			continue
		}
		hit := g.step(from, to)
		g.cur[n] = Step{From: from, To: to, Hit: hit}
		g.double(n+1, from)
		g.undo(from, to, hit)
	}
}

// last records the play of the steps in g.cur followed by one more step,
// the n-th, without making that step on the board.
func (g *Generator) last(n int, from, to int8) {
	lo, hi := g.lo-keyLo[from], g.hi-keyHi[from]
	hit := false
	if to != Off {
		lo += keyLo[to]
		hi += keyHi[to]
		if g.blots&(1<<to) != 0 {
			hi |= 1 << (35 + to)
			hit = true
		}
	}
	if n == g.nDice && g.best == g.fullScore {
		// A full play is already known and this one scores the same.
		if g.set.add(lo, hi) && g.out != countOnly {
			g.keep(n, hi, Step{From: from, To: to, Hit: hit})
		}
		return
	}
	g.cur[n-1] = Step{From: from, To: to, Hit: hit}
	g.record(n, lo, hi)
}

// leaf records the n steps in g.cur, all made on the board, as a play.
func (g *Generator) leaf(n int) {
	if n == 0 {
		return // no step at all: the roll passes, and no play is listed
	}
	clear(g.cur[n:]) // a play short of the dice: drop steps of other branches
	g.record(n, g.lo, g.hi)
}

// record keeps the play of the n steps in g.cur, whose result has the key
// (lo, hi), when it is among the best found and reaches a new position.
func (g *Generator) record(n int, lo, hi uint64) {
	score := n * 64
	if n == 1 && g.high != 0 && g.dice[0] == g.high {
		score += 32 // a lone larger die beats a lone smaller one
	}
	if g.rs == Nardi {
		for i := 0; i < n; i++ {
			score += int(g.cur[i].From - g.cur[i].To)
		}
	}
	if score < g.best {
		return
	}
	if score > g.best {
		g.best = score
		g.set.reset()
		g.plays, g.results = g.plays[:0], g.results[:0]
	}
	if g.set.add(lo, hi) && g.out != countOnly {
		g.keep(n, hi, g.cur[n-1])
	}
}

// keep appends the result of the play of the steps g.cur[:n-1] and then
// last, and with g.out == withPlays the play, to the lists; hi is the
// result's key, whose bits 36 and up mark the points hit.
//
// Both are written in place in the lists, not built aside and copied, and
// copied from memory the search has not just written byte by byte: the
// result is g.start with the steps made again, not g.mine, and the play is
// g.cur (whose steps past the n-th are zero) with last set in the list. A
// copy reads in blocks, and a block read of bytes just written one at a
// time waits for the writes to reach the cache (store-to-load forwarding
// fails), which cost more than the whole search of the play.
func (g *Generator) keep(n int, hi uint64, last Step) {
	if g.out == withPlays {
		pl := grow(&g.plays)
		pl.Steps, pl.N = g.cur, int8(n)
		pl.Steps[n-1] = last
	}
	res := grow(&g.results)
	*res = g.start
	for _, s := range g.cur[:n-1] {
		res.Mine[s.From]--
		res.Mine[s.To]++
	}
	res.Mine[last.From]--
	res.Mine[last.To]++
	for h := uint32(hi >> 36); h != 0; h &= h - 1 {
		q := bits.TrailingZeros32(h) + 1
		res.Theirs[25-q]--
		res.Theirs[Bar]++
	}
}

// grow lengthens the list by one element and returns it. Its contents are
// left as they are, to be overwritten.
func grow[T any](list *[]T) *T {
	s := *list
	if len(s) == cap(s) {
		s = slices.Grow(s, 1)
	}
	s = s[:len(s)+1]
	*list = s
	return &s[len(s)-1]
}
