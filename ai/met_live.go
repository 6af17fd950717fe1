package ai

// The match cube's live equities: in a match the take and cash points
// depend on the score and on the cube's level, and a cube is dead for a
// side that needs no more points than it is worth. So each side's take
// point of a double from cube k is found from the next level up (the
// taker then owns the cube at 2k and cashes at its own cash point, one
// less the doubler's take point at 2k), down from the level where the cube
// is dead for the taker; the equities with a live cube are linear in the
// chance of winning between the points where either side cashes (and
// beyond them on to the game's values at 0 and 1: liveLine), and the
// cube's efficiency blends them with the dead cube's, as Janowski's money
// formulas do.

// matchSide is one side of a match cube decision: the points it needs,
// the other side's, and how its wins and losses split into single, mars
// and koks (each split summing to 1).
type matchSide struct {
	away, oppAway int
	win, lose     [3]float64
	post          bool
}

// mwc is the side's chance of winning the match from a score.
func (s *matchSide) mwc(a, b int) float64 { return met(a, b, s.post) }

// other is the same decision seen by the other side.
func (s *matchSide) other() matchSide {
	return matchSide{away: s.oppAway, oppAway: s.away, win: s.lose, lose: s.win, post: s.post}
}

// winAvg and loseAvg are the side's match chance after winning or losing
// the game at cube k, the mars and koks counted.
func (s *matchSide) winAvg(k int) float64 {
	v := 0.0
	for j, f := range s.win {
		v += f * s.mwc(s.away-(j+1)*k, s.oppAway)
	}
	return v
}

func (s *matchSide) loseAvg(k int) float64 {
	v := 0.0
	for j, f := range s.lose {
		v += f * s.mwc(s.away, s.oppAway-(j+1)*k)
	}
	return v
}

// takePoint is the side's least chance of winning with which it takes a
// double from cube k (then owning the cube at 2k).
func (s *matchSide) takePoint(k int) float64 {
	lose, win := s.loseAvg(2*k), s.winAvg(2*k)
	slope := win - lose // the dead cube's
	if s.away > 2*k {   // its cube at 2k is alive
		o := s.other()
		cp := 1 - o.takePoint(2*k)
		if cp > 1e-6 {
			slope = cubeX*(s.mwc(s.away-2*k, s.oppAway)-lose)/cp + (1-cubeX)*slope
		}
	}
	pass := s.mwc(s.away, s.oppAway-k)
	if slope < 1e-9 {
		return 1
	}
	return min(1, max(0, (pass-lose)/slope))
}

// equity is the side's match chance at cube k, winning the game with
// chance p, the cube centred (owner −1), the side's (0) or the other
// side's (1).
func (s *matchSide) equity(p float64, k, owner int) float64 {
	win, lose := s.winAvg(k), s.loseAvg(k)
	dead := p*win + (1-p)*lose
	lowP, lowV := 0.0, lose // below lowP the other side cashes
	highP, highV := 1.0, win
	if owner != 0 && s.oppAway > k {
		lowP, lowV = s.takePoint(k), s.mwc(s.away, s.oppAway-k)
	}
	if owner != 1 && s.away > k {
		o := s.other()
		highP, highV = 1-o.takePoint(k), s.mwc(s.away-k, s.oppAway)
	}
	return cubeX*liveLine(p, lowP, highP, lose, lowV, highV, win) + (1-cubeX)*dead
}
