package ai

import "nardi/rules"

// Values are what the ends of a game are worth to the player whose view
// an evaluator takes, in units of the stake: Win[k] for winning a single
// (k = 0), a mars (1) or a koks (2), Lose[k] for losing one (positive).
// In a money game they are 1, 2, 3 (a koks counting as a mars when the
// scoring has none); in a match they come from the match equity table,
// so that a mars weighs what it weighs at the score.
type Values struct {
	Win, Lose [3]float64
}

// moneyValues are a money game's values under a scoring.
func moneyValues(s rules.Scoring) Values {
	v := Values{Win: [3]float64{1, 2, 3}, Lose: [3]float64{1, 2, 3}}
	if s != rules.WithKoks {
		v.Win[2], v.Lose[2] = 2, 2
	}
	return v
}

// mirror is the same values seen from the other player: the other's win
// is the player's loss, worth to the other what it costs the player (the
// values are normalised match equities, so what one side gains the other
// loses).
func (v Values) mirror() Values {
	return Values{Win: v.Lose, Lose: v.Win}
}

// matchValues are the values of the player on roll at a match score with
// the cube at cs.Cube: each end's match winning chance, normalised so that
// a single win is +1 and a single loss −1.
func matchValues(cs CubeState) Values {
	a, b, c := cs.MatchLength-cs.Score[0], cs.MatchLength-cs.Score[1], cs.Cube
	// The games after this one are post-Crawford when this is the
	// Crawford game, or when a side is 1-away already.
	post := cs.Crawford || a == 1 || b == 1
	w1, l1 := met(a-c, b, post), met(a, b-c, post)
	if w1-l1 < 1e-9 {
		return Values{Win: [3]float64{1, 1, 1}, Lose: [3]float64{1, 1, 1}}
	}
	norm := func(m float64) float64 { return (2*m - w1 - l1) / (w1 - l1) }
	var v Values
	for k := range 3 {
		v.Win[k] = norm(met(a-(k+1)*c, b, post))
		v.Lose[k] = -norm(met(a, b-(k+1)*c, post))
	}
	return v
}

// ForCube returns an evaluator that plays checkers for the cube and match
// state: in a match with the values of the score, in a money game under
// the Jacoby rule with the cube centred with no mars or koks counting;
// otherwise e itself.
func (e *Evaluator) ForCube(cs CubeState) *Evaluator {
	v, ok := cubeValues(cs, e.Scoring)
	if !ok {
		return e
	}
	return e.withValues(v)
}

// cubeValues are the values of ForCube, ok false when they are the money
// game's.
func cubeValues(cs CubeState, s rules.Scoring) (Values, bool) {
	switch {
	case cs.MatchLength > 0:
		v := matchValues(cs)
		if s != rules.WithKoks {
			v.Win[2], v.Lose[2] = v.Win[1], v.Lose[1]
		}
		return v, true
	case cs.Jacoby && cs.Cube == 1 && cs.Owner < 0:
		return Values{Win: [3]float64{1, 1, 1}, Lose: [3]float64{1, 1, 1}}, true
	}
	return Values{}, false
}

// withValues returns a copy of e with other values, and its mirror for
// the opponent's turns of a search.
func (e *Evaluator) withValues(v Values) *Evaluator {
	me, them := *e, *e
	me.values, them.values = v, v.mirror()
	return paired(me, them, v == v.mirror())
}

// withKeep returns e, or a copy of it (and of its mirror) whose searches
// have the network judge the pruner's best keep plays of each roll
// instead of pruneKeep (0: pruneKeep).
func (e *Evaluator) withKeep(keep int) *Evaluator {
	if e.keep == keep {
		return e
	}
	me, them := *e, *e.opp
	me.keep, them.keep = keep, keep
	return paired(me, them, e.opp == e)
}

// paired returns me with them as its mirror for the opponent's turns, or
// as its own mirror when the two are the same (symmetric).
func paired(me, them Evaluator, symmetric bool) *Evaluator {
	if symmetric {
		me.opp = &me
		return &me
	}
	me.opp, them.opp = &them, &me
	return &me
}

// equity is the expected value, to the player on roll, of their chances.
func (e *Evaluator) equity(pr Probs) float64 { return e.values.equity(pr) }

// equity is the expected value of chances under these values.
func (v *Values) equity(pr Probs) float64 {
	w, wm, wk := float64(pr[OutWin]), float64(pr[OutWinMars]), float64(pr[OutWinKoks])
	l, lm, lk := 1-w, float64(pr[OutLoseMars]), float64(pr[OutLoseKoks])
	return v.Win[0]*(w-wm) + v.Win[1]*(wm-wk) + v.Win[2]*wk -
		(v.Lose[0]*(l-lm) + v.Lose[1]*(lm-lk) + v.Lose[2]*lk)
}

// won is what a won position r (the mover has borne off all) is worth to
// the mover.
func (e *Evaluator) won(r *rules.Position) float64 {
	return e.values.Win[r.Value(rules.WithKoks)-1]
}
