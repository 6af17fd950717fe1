package ai

import "nardi/rules"

// LongInputs is the size of the long nardi network's input vector.
const LongInputs = 2*(24*4+1) + 9

// encodeLong describes a long nardi position, seen from the player on
// roll, as inputs: for each side and point (in the side's own numbering),
// one unit for a first checker, one for a second, one for a third and one
// growing with the rest; the borne-off checkers; then for each side its
// pip count, its checkers home, its longest run of held points and the
// points it holds in the six in front of the opponent's rearmost checker;
// and whether a checker still has to pass an opposing one.
func (f *features) encodeLong(p *rules.Position) {
	f.n = 0
	for side, s := range []*[26]int8{&p.Mine, &p.Theirs} {
		base := side * (24*4 + 1)
		for pt := 1; pt <= 24; pt++ {
			f.addPoint(base+(pt-1)*4, s[pt], 4) // a head of 15 stays small
		}
		if s[rules.Off] > 0 {
			f.add(base+96, float32(s[rules.Off])/15)
		}
	}
	base := 2 * (24*4 + 1)
	mine, theirs := p.Pips()
	f.add(base, float32(mine)/360)
	f.add(base+1, float32(theirs)/360)
	if h := homeCount(p.Mine); h > 0 {
		f.add(base+2, float32(h)/15)
	}
	if h := homeCount(p.Theirs); h > 0 {
		f.add(base+3, float32(h)/15)
	}
	if r := longestRun(&p.Mine); r > 0 {
		f.add(base+4, float32(r)/6)
	}
	if r := longestRun(&p.Theirs); r > 0 {
		f.add(base+5, float32(r)/6)
	}
	if b := blockAhead(&p.Mine, &p.Theirs); b > 0 {
		f.add(base+6, float32(b)/6)
	}
	if b := blockAhead(&p.Theirs, &p.Mine); b > 0 {
		f.add(base+7, float32(b)/6)
	}
	if longContact(p) {
		f.add(base+8, 1)
	}
}

// homeCount counts a side's checkers in its home (points 1..6).
func homeCount(s [26]int8) int {
	n := 0
	for i := 1; i <= 6; i++ {
		n += int(s[i])
	}
	return n
}

// longestRun is the longest run of points a side holds, in its own
// numbering from 24 down to 1.
func longestRun(s *[26]int8) int {
	run, best := 0, 0
	for i := 1; i <= 24; i++ {
		if s[i] > 0 {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}

// blockAhead counts the points held by side among the six the other
// side's rearmost checker must cross next.
func blockAhead(side, other *[26]int8) int {
	back := rearmost(other)
	n := 0
	for k := 1; k <= 6 && back-k >= 1; k++ {
		if side[rules.Long.Facing(back-k)] > 0 {
			n++
		}
	}
	return n
}

// longContact tells whether some checker of one side still has to pass a
// checker of the other in long nardi: the mover's rearmost checker has not
// yet passed all the opponent's checkers on its way home, or the other
// way round.
func longContact(p *rules.Position) bool {
	return aheadOf(&p.Mine, &p.Theirs) || aheadOf(&p.Theirs, &p.Mine)
}

// aheadOf tells whether some checker of other stands in front of side's
// rearmost checker, on its way home.
func aheadOf(side, other *[26]int8) bool {
	back := rearmost(side)
	for i := back - 1; i >= 1; i-- {
		if other[rules.Long.Facing(i)] > 0 {
			return true
		}
	}
	return false
}
