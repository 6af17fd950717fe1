package rules

import "math/bits"

// LongGenerator lists the legal plays of long nardi (see Long). It keeps
// scratch memory between calls, so reuse one per goroutine; it is not safe
// for concurrent use. The zero value is ready to use.
//
// Since nothing is hit, only the mover's checkers change in a turn. The
// search goes one die at a time and merges the positions each layer
// reaches, so every order of the steps is tried (the block rule may allow
// one order and not another) at the cost of the distinct positions only.
type LongGenerator struct {
	start Position
	stop  uint32 // bit i: an opposing checker stands on the mover's point i
	// forbid marks, in the opponent's numbering, the points q at which a
	// run of six held points q..q+5 would be a block no opposing checker
	// has passed.
	forbid  uint32
	layers  [5][]longNode
	set     keySet
	plays   []Play
	results []Position
}

// longNode is a position part way through a turn, with the steps made.
type longNode struct {
	mine    [26]int8
	occ     uint32 // bit i: the mover has a checker on point i
	outside int8   // the mover's checkers on points 7..24
	heads   int8   // checkers that may still leave the head
	n       int8
	lo, hi  uint64 // the search key: four bits a point
	steps   [4]Step
}

// Plays returns the legal plays of the roll, one per distinct result, and
// the positions they lead to (still seen from the mover); first tells that
// it is the mover's first turn. With no legal play both are empty. The
// slices are valid until the next call.
func (g *LongGenerator) Plays(p Position, d Dice, first bool) ([]Play, []Position) {
	g.prepare(p)
	final := g.roll(d, first)
	g.plays, g.results = g.plays[:0], g.results[:0]
	for i := range final {
		nd := &final[i]
		g.plays = append(g.plays, Play{Steps: nd.steps, N: nd.n})
		g.results = append(g.results, Position{Mine: nd.mine, Theirs: p.Theirs})
	}
	return g.plays, g.results
}

// Count returns how many distinct positions the legal plays of the roll
// reach; a roll with no legal play counts as one.
func (g *LongGenerator) Count(p Position, d Dice, first bool) int {
	g.prepare(p)
	return max(len(g.roll(d, first)), 1)
}

// CountAll sums Count over the 21 distinct rolls.
func (g *LongGenerator) CountAll(p Position, first bool) int {
	g.prepare(p)
	total := 0
	for _, r := range Rolls {
		total += max(len(g.roll(r.Dice, first)), 1)
	}
	return total
}

// prepare sets up what the opponent's checkers decide, which no step
// changes.
func (g *LongGenerator) prepare(p Position) {
	g.start = p
	g.stop = 0
	low := int8(25) // the opponent's lowest point with a checker
	if p.Theirs[Off] > 0 {
		low = 0
	}
	for q := int8(Points); q >= 1; q-- {
		if p.Theirs[q] > 0 {
			g.stop |= 1 << longFacing(q)
			low = min(low, q)
		}
	}
	g.forbid = 0
	if low > 1 {
		g.forbid = 1<<low - 2 // the points 1..low-1
	}
}

// opponentView maps a set of the mover's points (bits 1..24) to the same
// points in the opponent's numbering: the mover's i (1..12) is the
// opponent's i+12, the mover's i (13..24) the opponent's i-12.
func opponentView(m uint32) uint32 {
	return (m&0x1ffe)<<12 | (m>>12)&0x1ffe
}

// runs6 marks, in the opponent's numbering, the points q that start six
// points q..q+5 all held by the mover.
func runs6(m uint32) uint32 {
	h := opponentView(m)
	h &= h >> 1
	h &= h >> 2
	return h & (h >> 2)
}

// root returns the node of the position before any step.
func (g *LongGenerator) root(heads int8) longNode {
	nd := longNode{mine: g.start.Mine, heads: heads}
	for i := 1; i <= Points; i++ {
		c := g.start.Mine[i]
		if c == 0 {
			continue
		}
		nd.occ |= 1 << i
		if i > 6 {
			nd.outside += c
		}
		nd.lo += uint64(c) * keyLo[i]
		nd.hi += uint64(c) * keyHi[i]
	}
	return nd
}

// roll returns the nodes of the legal plays' distinct results: the plays
// of the most dice, and among one-die plays of a non-double those of the
// larger die when there are any.
func (g *LongGenerator) roll(d Dice, first bool) []longNode {
	a, b := int8(d[0]), int8(d[1])
	if a < b {
		a, b = b, a
	}
	for i := range g.layers {
		g.layers[i] = g.layers[i][:0]
	}
	g.layers[0] = append(g.layers[0], g.root(int8(longHeads(d, first))))
	if a == b {
		n := 0
		for n < 4 {
			g.set.reset()
			for i := range g.layers[n] {
				g.layers[n+1] = g.expand(&g.layers[n][i], a, g.layers[n+1])
			}
			if len(g.layers[n+1]) == 0 {
				break
			}
			n++
		}
		if n == 0 {
			return nil
		}
		return g.layers[n]
	}
	// layers[1]: the larger die first; layers[2]: the smaller die first;
	// layers[3]: both dice.
	g.set.reset()
	g.layers[1] = g.expand(&g.layers[0][0], a, g.layers[1])
	g.set.reset()
	g.layers[2] = g.expand(&g.layers[0][0], b, g.layers[2])
	g.set.reset()
	for i := range g.layers[1] {
		g.layers[3] = g.expand(&g.layers[1][i], b, g.layers[3])
	}
	for i := range g.layers[2] {
		g.layers[3] = g.expand(&g.layers[2][i], a, g.layers[3])
	}
	switch {
	case len(g.layers[3]) > 0:
		return g.layers[3]
	case len(g.layers[1]) > 0:
		return g.layers[1]
	}
	return g.layers[2]
}

// expand appends to out every node one step of die from nd reaches that
// g.set has not seen yet.
func (g *LongGenerator) expand(nd *longNode, die int8, out []longNode) []longNode {
	src := nd.occ
	if nd.heads == 0 {
		src &^= 1 << 24
	}
	if nd.outside == 0 {
		// Bearing off: exactly, or by a larger die from the highest point.
		if top := int8(bits.Len32(nd.occ) - 1); top >= 1 && top < die {
			src &^= 1 << top
			out = g.child(nd, top, Off, out)
		}
	}
	// The points whose checker would land on an open point (or off by
	// the exact number, when bearing off).
	src &= ^(g.stop << die) &^ (1<<die - 1)
	if nd.outside > 0 {
		src &^= 1 << die
	}
	for src != 0 {
		from := int8(bits.Len32(src) - 1)
		src &^= 1 << from
		to := from - die
		if to > 0 && nd.mine[to] == 0 {
			occ := nd.occ | 1<<to
			if nd.mine[from] == 1 {
				occ &^= 1 << from
			}
			if runs6(occ)&^runs6(nd.occ)&g.forbid != 0 {
				continue // the step would make a forbidden block
			}
		}
		out = g.child(nd, from, to, out)
	}
	return out
}

// child appends the node after the step from/to when its position is new.
func (g *LongGenerator) child(nd *longNode, from, to int8, out []longNode) []longNode {
	lo, hi := nd.lo-keyLo[from], nd.hi-keyHi[from]
	if to != Off {
		lo += keyLo[to]
		hi += keyHi[to]
	}
	if !g.set.add(lo, hi) {
		return out
	}
	c := *nd
	c.lo, c.hi = lo, hi
	c.mine[from]--
	c.mine[to]++
	if c.mine[from] == 0 {
		c.occ &^= 1 << from
	}
	if to != Off {
		c.occ |= 1 << to
		if from > 6 && to <= 6 {
			c.outside--
		}
	}
	if from == 24 {
		c.heads--
	}
	c.steps[c.n] = Step{From: from, To: to}
	c.n++
	return append(out, c)
}

// LongPerft counts the positions reached after depth half-turns of long
// nardi from p, as Perft does: for each of the 21 rolls each distinct
// result (a roll with no legal play leads to the position itself), the
// opponent then to roll. first and theirFirst tell whether the mover's and
// the opponent's next turns are their first of the game.
func LongPerft(p Position, depth int, first, theirFirst bool) int64 {
	if depth <= 0 {
		return 1
	}
	var g LongGenerator
	return g.perft(p, depth, first, theirFirst)
}

func (g *LongGenerator) perft(p Position, depth int, first, theirFirst bool) int64 {
	if depth == 1 {
		return int64(g.CountAll(p, first))
	}
	var total int64
	var child LongGenerator
	for _, r := range Rolls {
		_, results := g.Plays(p, r.Dice, first)
		if len(results) == 0 {
			total += child.perft(p.Swap(), depth-1, theirFirst, false)
			continue
		}
		for _, res := range results {
			total += child.perft(res.Swap(), depth-1, theirFirst, false)
		}
	}
	return total
}
