// Package bearoff is an exact one-sided bear-off database.
//
// It covers every position of up to MaxCheckers checkers spread over a
// side's six home points (NumPositions positions, the empty one included)
// and stores, for each, the probability distribution of the number of rolls
// the side needs to bear all its checkers off when it always plays to
// minimise the expected number of rolls, together with that expectation.
//
// The tables are computed by the package itself (see Build and Get); nothing
// is loaded from disk. Two rule sets are supported, selected by a bool:
// standard backgammon bear-off, and nardi, where among the legal plays only
// those moving the most pips are allowed.
//
// A position is given as [6]int8 counts, points[0] being the 1-point (the
// point nearest to bearing off) and points[5] the 6-point.
package bearoff

import (
	"fmt"
	"math"
	"math/bits"
	"sync"
)

const (
	// NumPoints is the number of home points.
	NumPoints = 6
	// MaxCheckers is the largest number of checkers a position may hold.
	MaxCheckers = 15
	// NumPositions is the number of positions in a database:
	// C(MaxCheckers+NumPoints, NumPoints) = C(21, 6).
	NumPositions = 54264
	// MaxRolls is the length of the array Dist returns: entries 0 ..
	// MaxRolls-1. The last entry would hold the folded tail P(n >=
	// MaxRolls-1), but no position of the database ever needs more than 30
	// rolls, so the distributions are exact, not cut.
	MaxRolls = 32
)

// binom[n][k] = C(n, k) for the combinatorial number system of Index.
var binom [MaxCheckers + NumPoints + 1][NumPoints + 1]int32

func init() {
	for n := range binom {
		binom[n][0] = 1
		for k := 1; k <= NumPoints && k <= n; k++ {
			binom[n][k] = binom[n-1][k-1]
			if k < n {
				binom[n][k] += binom[n-1][k]
			}
		}
	}
}

// numWithAtMost returns how many positions hold at most m checkers; they
// are exactly the indices 0 .. numWithAtMost(m)-1.
func numWithAtMost(m int) int { return int(binom[m+NumPoints][NumPoints]) }

// Valid reports whether points is a position of the database: no negative
// count and at most MaxCheckers checkers in all.
func Valid(points [6]int8) bool {
	total := 0
	for _, c := range points {
		if c < 0 {
			return false
		}
		total += int(c)
	}
	return total <= MaxCheckers
}

// Index returns the position's index in 0 .. NumPositions-1 (combinatorial
// number system: with c_k checkers on point k, s_k = c_1+...+c_k + k-1 and
// the index is the sum of C(s_k, k)). The empty position has index 0, and
// positions with at most m checkers come before all others. Index panics if
// the position is not Valid.
func Index(points [6]int8) int {
	sum, idx := 0, 0
	for k, c := range points {
		if c < 0 {
			panic(fmt.Sprintf("bearoff: negative count in %v", points))
		}
		sum += int(c)
		if sum > MaxCheckers {
			panic(fmt.Sprintf("bearoff: more than %d checkers in %v", MaxCheckers, points))
		}
		idx += int(binom[sum+k][k+1])
	}
	return idx
}

// Position returns the position with index i, the inverse of Index. It
// panics if i is out of range.
func Position(i int) [6]int8 {
	if i < 0 || i >= NumPositions {
		panic(fmt.Sprintf("bearoff: index %d out of range", i))
	}
	var s [NumPoints + 1]int // s[k] = s_k, s[0] = -1
	s[0] = -1
	for k := NumPoints; k >= 1; k-- {
		n := k - 1
		for n+1 < len(binom) && int(binom[n+1][k]) <= i {
			n++
		}
		s[k] = n
		i -= int(binom[n][k])
	}
	var p [6]int8
	for k := 1; k <= NumPoints; k++ {
		p[k-1] = int8(s[k] - s[k-1] - 1)
	}
	return p
}

// pos is a position packed four bits per point: bits 4(p-1) .. 4p-1 hold
// the count on point p.
type pos uint32

func pack(points [6]int8) pos {
	var s pos
	for k, c := range points {
		s |= pos(c) << (4 * k)
	}
	return s
}

func (s pos) count(p int) int { return int(s>>(4*(p-1))) & 15 }

// highest returns the highest occupied point, 0 for the empty position.
func (s pos) highest() int { return (bits.Len32(uint32(s)) + 3) / 4 }

func (s pos) pips() int {
	n := 0
	for p := 1; s != 0; p++ {
		n += p * int(s&15)
		s >>= 4
	}
	return n
}

func (s pos) index() int {
	sum, idx := 0, 0
	for k := 1; k <= NumPoints; k++ {
		sum += int(s & 15)
		s >>= 4
		idx += int(binom[sum+k-1][k])
	}
	return idx
}

// DB is the bear-off database of one rule set. It is immutable once built
// and safe for concurrent use.
type DB struct {
	nardi bool
	n     int       // positions covered: indices 0 .. n-1
	mean  []float64 // expected rolls, by index
	off   []uint32  // start of the position's probabilities in prob
	first []uint8   // smallest roll count with a stored probability
	size  []uint8   // number of stored probabilities
	prob  []float32 // P(exactly first+j rolls) for j < size, all positions
}

// lazyDB builds a database on first use.
type lazyDB struct {
	once sync.Once
	db   *DB
}

func (l *lazyDB) get(nardi bool, maxCheckers int) *DB {
	l.once.Do(func() { l.db = build(nardi, maxCheckers) })
	return l.db
}

var cache [2]lazyDB // standard, nardi

// Get returns the database of the rule set (nardi or standard), building it
// on first use (about a quarter of a second). It is safe for concurrent use;
// each rule set is built once.
func Get(nardi bool) *DB {
	if nardi {
		return cache[1].get(true, MaxCheckers)
	}
	return cache[0].get(false, MaxCheckers)
}

// Nardi reports the rule set the database was built for.
func (db *DB) Nardi() bool { return db.nardi }

func (db *DB) idx(points [6]int8) int {
	i := Index(points)
	if i >= db.n {
		panic(fmt.Sprintf("bearoff: position %v not in a database of %d positions", points, db.n))
	}
	return i
}

// Mean returns the expected number of rolls the side needs to bear off all
// its checkers from the position, playing to minimise that number. It
// panics if the position is not Valid.
func (db *DB) Mean(points [6]int8) float64 { return db.mean[db.idx(points)] }

// DistRange returns the position's distribution without copying: p[j] is
// the probability of needing exactly first+j rolls, and every other number
// of rolls has probability 0. The slice must not be modified. It panics if
// the position is not Valid.
func (db *DB) DistRange(points [6]int8) (first int, p []float32) {
	return db.span(db.idx(points))
}

func (db *DB) span(i int) (int, []float32) {
	o := db.off[i]
	return int(db.first[i]), db.prob[o : o+uint32(db.size[i]) : o+uint32(db.size[i])]
}

// Dist returns the position's distribution: Dist(p)[n] is the probability
// of needing exactly n rolls (the last entry would be P(n >= MaxRolls-1),
// see MaxRolls). It panics if the position is not Valid.
func (db *DB) Dist(points [6]int8) [MaxRolls]float32 {
	var d [MaxRolls]float32
	first, p := db.DistRange(points)
	for j, v := range p {
		d[min(first+j, MaxRolls-1)] += v
	}
	return d
}

// ProbWithin returns the probability that the side bears off all its
// checkers within n rolls (n <= 0 gives 1 for the empty position only). It
// panics if the position is not Valid.
func (db *DB) ProbWithin(points [6]int8, n int) float64 {
	first, p := db.DistRange(points)
	s := 0.0
	for j := 0; j < len(p) && first+j <= n; j++ {
		s += float64(p[j])
	}
	return min(s, 1)
}

// WinProb returns the probability that the side to roll, with position
// onRoll, bears off all its checkers before the other side, with position
// other, does so: the sum over n of P_onRoll(n) * P_other(>= n). The two
// positions are independent one-sided races (no contact), each side playing
// to minimise its expected rolls (which is not always the play that
// maximises its winning chance against a given opponent, so this is the
// usual close one-sided approximation). If onRoll is empty the result is 1;
// if only other is empty it is 0. It panics if either position is not
// Valid.
func (db *DB) WinProb(onRoll, other [6]int8) float64 {
	fa, pa := db.DistRange(onRoll)
	fb, pb := db.DistRange(other)
	// Walk n upwards keeping below = P_other(< n).
	win, below := 0.0, 0.0
	j := 0
	for i, v := range pa {
		n := fa + i
		for ; j < len(pb) && fb+j < n; j++ {
			below += float64(pb[j])
		}
		win += float64(v) * max(0, 1-below)
	}
	return min(win, 1)
}

// roll is one of the 21 distinct rolls, hi >= lo, with its probability.
type roll struct {
	hi, lo int
	p      float64
}

var rolls = func() []roll {
	var r []roll
	for hi := 1; hi <= 6; hi++ {
		for lo := 1; lo <= hi; lo++ {
			p := 2.0 / 36
			if hi == lo {
				p = 1.0 / 36
			}
			r = append(r, roll{hi, lo, p})
		}
	}
	return r
}()

// moves appends to buf the positions one die d can lead to from the
// non-empty position s: a checker from p > d to p-d, a checker borne off
// from p == d, or, when d exceeds the highest occupied point, the checker on
// that point borne off. There is always at least one.
func moves(s pos, d int, buf []pos) []pos {
	hi := s.highest()
	for p := 1; p <= hi; p++ {
		if s.count(p) == 0 {
			continue
		}
		bit := pos(1) << (4 * (p - 1))
		switch {
		case p > d:
			buf = append(buf, s-bit+bit>>(4*d))
		case p == d || p == hi:
			buf = append(buf, s-bit)
		}
	}
	return buf
}

// gen enumerates the positions a roll can lead to. It works on position
// indices, with the one-die successors of every position precomputed.
//
// A gen belongs to the one build that made it and is never shared, so its
// methods are left out of the race detector (go:norace): there they made a
// build four times slower, for every test process that builds a database.
type gen struct {
	nardi bool
	pips  []uint8  // pip count, by index
	off   []int32  // succ[off[6i+d-1]:off[6i+d]] are the successors
	succ  []int32  // of position i by one die d
	stamp []uint32 // stamp[j] == cur: j already listed in this step
	cur   uint32
	a, b  []int32
	parts []int32
	res   []int32
}

//go:norace
func newGen(nardi bool, packed []pos) *gen {
	n := len(packed)
	g := &gen{
		nardi: nardi,
		pips:  make([]uint8, n),
		off:   make([]int32, 6*n+1),
		succ:  make([]int32, 0, 3*6*n),
		stamp: make([]uint32, n),
	}
	var buf []pos
	for i, s := range packed {
		g.pips[i] = uint8(s.pips())
		for d := 1; d <= 6; d++ {
			if s != 0 {
				buf = moves(s, d, buf[:0])
				for _, x := range buf {
					g.succ = append(g.succ, int32(x.index()))
				}
			}
			g.off[6*i+d] = int32(len(g.succ))
		}
	}
	return g
}

//go:norace
func (g *gen) next(i int32, d int) []int32 {
	k := 6*int(i) + d
	return g.succ[g.off[k-1]:g.off[k]]
}

// newStep starts a new deduplication scope.
//
//go:norace
func (g *gen) newStep() {
	g.cur++
	if g.cur == 0 {
		clear(g.stamp)
		g.cur = 1
	}
}

// add appends j to buf unless it was already listed in this step.
//
//go:norace
func (g *gen) add(buf []int32, j int32) []int32 {
	if g.stamp[j] != g.cur {
		g.stamp[j] = g.cur
		buf = append(buf, j)
	}
	return buf
}

// plays returns the distinct positions (indices) the legal plays of roll
// (hi, lo) lead to from the non-empty position i. The slice is valid until
// the next call.
//
// As many dice as possible must be played, and bearing off the last checker
// ends the play with all dice counted as played. Since a non-empty position
// can always play any die, every play uses all dice; the rule "if only one
// die can be played, play the larger" is kept for completeness. In nardi,
// only the plays moving the most pips remain; a play moves pips(before) -
// pips(after) pips (a checker borne off with a larger die counts only the
// pips it had left), so these are the results with the fewest pips.
//
//go:norace
func (g *gen) plays(i int32, hi, lo int) []int32 {
	res := g.res[:0]
	if hi == lo {
		cur := append(g.a[:0], i)
		next := g.b[:0]
		for range 4 {
			next = next[:0]
			g.newStep()
			for _, x := range cur {
				if x == 0 {
					next = g.add(next, 0)
					continue
				}
				for _, y := range g.next(x, hi) {
					next = g.add(next, y)
				}
			}
			if len(next) == 0 {
				break
			}
			cur, next = next, cur
		}
		g.a, g.b = cur, next
		res = append(res, cur...)
	} else {
		parts := g.parts[:0] // one die played, the other not playable
		g.newStep()
		for _, order := range [2][2]int{{hi, lo}, {lo, hi}} {
			for _, x := range g.next(i, order[0]) {
				if x == 0 {
					res = g.add(res, 0)
					continue
				}
				ys := g.next(x, order[1])
				if len(ys) == 0 && order[0] == hi {
					parts = append(parts, x)
				}
				for _, y := range ys {
					res = g.add(res, y)
				}
			}
		}
		if len(res) == 0 {
			// Only one die is playable: the larger if it can be, else the
			// smaller.
			if len(parts) == 0 {
				parts = append(parts, g.next(i, lo)...)
			}
			res = append(res, parts...)
		}
		g.parts = parts
	}
	if g.nardi && len(res) > 1 {
		best := uint8(255)
		for _, x := range res {
			best = min(best, g.pips[x])
		}
		k := 0
		for _, x := range res {
			if g.pips[x] == best {
				res[k] = x
				k++
			}
		}
		res = res[:k]
	}
	g.res = res
	return res
}

// Build computes the database of the rule set: nardi (plays must move the
// most pips) or standard backgammon bear-off. Use Get for a shared, cached
// copy.
func Build(nardi bool) *DB { return build(nardi, MaxCheckers) }

// tieEps: results whose means differ by no more than this are considered
// equally good, and the one with the smaller index is chosen, so that the
// distributions do not depend on rounding or enumeration order.
const tieEps = 1e-12

// buildCap bounds the roll counts handled while building; a tail beyond it
// would be folded into its last entry (never happens, see MaxRolls).
const buildCap = MaxRolls

// build computes the database restricted to positions with at most
// maxCheckers checkers (a prefix of the indices, with the same values as the
// full database).
func build(nardi bool, maxCheckers int) *DB {
	n := numWithAtMost(maxCheckers)
	db := &DB{
		nardi: nardi,
		n:     n,
		mean:  make([]float64, n),
		off:   make([]uint32, n),
		first: make([]uint8, n),
		size:  make([]uint8, n),
	}

	// Enumerate the positions and order them by pip count: every play
	// lowers the pip count, so a position's successors come before it.
	packed := make([]pos, n)
	var byPips [MaxCheckers*NumPoints + 2]int32
	var c [6]int8
	var rec func(k, left int)
	rec = func(k, left int) {
		if k < 0 {
			s := pack(c)
			packed[s.index()] = s
			byPips[s.pips()+1]++
			return
		}
		for v := 0; v <= left; v++ {
			c[k] = int8(v)
			rec(k-1, left-v)
		}
	}
	rec(NumPoints-1, maxCheckers)
	for i := 1; i < len(byPips); i++ {
		byPips[i] += byPips[i-1]
	}
	order := make([]int32, n)
	for i, s := range packed {
		pp := s.pips()
		order[byPips[pp]] = int32(i)
		byPips[pp]++
	}
	g := newGen(nardi, packed)

	// Distributions are accumulated in float64 and stored as float32.
	work := make([]float64, 0, n*13)
	woff := make([]uint32, n)
	var tmp [buildCap]float64
	for _, i := range order {
		if i == 0 { // empty: no roll needed
			woff[i] = uint32(len(work))
			work = append(work, 1)
			db.size[i] = 1
			continue
		}
		tmp = [buildCap]float64{}
		mean := 1.0
		for _, r := range rolls {
			best, bestMean := int32(-1), math.Inf(1)
			for _, j := range g.plays(i, r.hi, r.lo) {
				m := db.mean[j]
				if m < bestMean-tieEps || (m <= bestMean+tieEps && j < best) {
					best, bestMean = j, m
				}
			}
			mean += r.p * bestMean
			f := int(db.first[best]) + 1
			for k, v := range work[woff[best] : woff[best]+uint32(db.size[best])] {
				tmp[min(f+k, buildCap-1)] += r.p * v
			}
		}
		db.mean[i] = mean
		lo, hi := 0, buildCap-1
		for tmp[lo] == 0 {
			lo++
		}
		for tmp[hi] == 0 {
			hi--
		}
		woff[i] = uint32(len(work))
		work = append(work, tmp[lo:hi+1]...)
		db.first[i] = uint8(lo)
		db.size[i] = uint8(hi + 1 - lo)
	}

	// Store in index order.
	db.prob = make([]float32, len(work))
	o := uint32(0)
	for i := range n {
		db.off[i] = o
		for _, v := range work[woff[i] : woff[i]+uint32(db.size[i])] {
			db.prob[o] = float32(v)
			o++
		}
	}
	return db
}
