package ai

import (
	"math"

	"nardi/ai/internal/nn"
	"nardi/rules"
)

// CubeState is what a cube decision depends on besides the position: the
// cube, who owns it, and the match.
type CubeState struct {
	// MatchLength is the match's length in points; 0 for a money game.
	MatchLength int
	// Score is the points each side has: [player on roll, opponent].
	Score [2]int
	// Cube is the cube's value; Owner is -1 while it is centred, 0 when
	// the player on roll owns it, 1 when the opponent does.
	Cube, Owner int
	// Crawford tells that this is the Crawford game: no double.
	Crawford bool
	// Jacoby: in a money game, mars and koks count only once the cube has
	// been turned.
	Jacoby bool
}

// CubeDecision is a cube decision of the player on roll before the roll:
// the equities of no double, double and take, double and pass, in units
// of the current cube (in a match, the normalised match equity, as gnubg
// writes it), and what to do.
type CubeDecision struct {
	ND, DT, DP float64
	// Double tells whether the player on roll should double now; Take
	// whether the opponent should take if doubled now.
	Double, Take bool
}

// cubeX is the cube's efficiency in Janowski's model: how far the game is
// from a fully live cube (1) and from a dead one (0), in money games and
// matches alike. gnubg uses 0.68 for contact; with the cube network's
// chances, the live match cube and the live equity rising beyond the cash
// points, 0.64 decides best on the judged set (doubler 0.72, taker 0.23;
// 0.62–0.68 all within 0.93 and 0.28; at 0.56 and 0.76, 1.45 and 1.50).
const cubeX = 0.64

// Cube decides the cube for the player on roll in p, before the roll,
// from the chances two rolls ahead (each of the player's rolls and each
// of the opponent's answers played at its best): in a money game with
// Janowski's cubeful equities, in a match through the match equity table
// (met.go). On gnubg's judged set, looking two rolls ahead rather than
// one took the errors from doubler 3.05, taker 2.73 to 2.87, 1.87.
func (e *Evaluator) Cube(p rules.Position, cs CubeState) CubeDecision {
	pr := e.forCube().RollProbs(p)
	var d CubeDecision
	if cs.MatchLength > 0 {
		d = matchCube(pr, cs)
	} else {
		d = moneyCube(pr, cs, e.Scoring)
	}
	best := math.Max(d.ND, math.Min(d.DT, d.DP))
	d.Take = d.DT <= d.DP
	d.Double = !cs.Crawford && cs.Owner != 1 && math.Min(d.DT, d.DP) > d.ND && best > d.ND
	return d
}

// forCube returns the evaluator that decides the cube: e itself, or when
// its network has a cube network (SetCube), the same with that network
// (and the race network beside it).
func (e *Evaluator) forCube() *Evaluator {
	if e.Net == nil || e.Net.cube == nil {
		return e
	}
	cube := *e.Net.cube // shares the weights
	cube.race, cube.late = e.Net.race, e.Net.late
	c := *e
	c.Net = &cube
	if e.opp == e {
		c.opp = &c
		return &c
	}
	o := *e.opp
	o.Net, o.opp, c.opp = &cube, &c, &o
	return &c
}

// RollProbs returns the cubeless chances of the player on roll in p
// before the roll, two rolls ahead: each of the player's rolls played at
// its best (at 0-ply), then each of the opponent's replies at its best,
// the chances read after it, weighted by the rolls' likelihood.
func (e *Evaluator) RollProbs(p rules.Position) Probs {
	var s scratch
	return e.rollProbs(&p, &s, false)
}

// SearchProbs is RollProbs with each best play found as the searches find
// it (the pruner's best few judged by the network, see bestPlay): the
// chances two rolls ahead that the master level's 2-ply sees.
func (e *Evaluator) SearchProbs(p rules.Position) Probs {
	var s scratch
	return e.rollProbs(&p, &s, true)
}

// rollProbs is RollProbs with scratch s, each best play found by judging
// every play or, when pruned, as the searches find it (bestPlay: the
// pruner's best few judged by the network).
func (e *Evaluator) rollProbs(p *rules.Position, s *scratch, pruned bool) Probs {
	var g rules.Generator
	return overRolls(func(d rules.Dice) Probs {
		results := g.Results(*p, d, e.Rules)
		if len(results) == 0 {
			return e.probs1(p, s, pruned)
		}
		i := e.best(p, results, s, pruned)
		if r := results[i]; !r.Won() {
			return e.probs1(&r, s, pruned)
		}
		return e.resultProbs(&results[i], s)
	})
}

// best returns the index of the best of the results of plays from p at
// 0-ply: by bestPlay when pruned, else judging every play.
func (e *Evaluator) best(p *rules.Position, results []rules.Position, s *scratch, pruned bool) int {
	if pruned {
		i, _ := e.bestPlay(p, results, s)
		return i
	}
	s.eqs = e.ply0(p, results, s, s.eqs)
	return nn.Argmax(s.eqs)
}

// overRolls averages the chances after each of the 21 rolls, weighted by
// the roll's likelihood.
func overRolls(after func(d rules.Dice) Probs) Probs {
	var sum [NumOutputs]float64
	for _, roll := range rules.Rolls {
		pr := after(roll.Dice)
		for k := range sum {
			sum[k] += float64(roll.Weight) * float64(pr[k])
		}
	}
	var out Probs
	for k := range sum {
		out[k] = float32(sum[k] / 36)
	}
	return out
}

// resultProbs returns the mover's chances after a play that led to r.
func (e *Evaluator) resultProbs(r *rules.Position, s *scratch) Probs {
	if r.Won() {
		v := r.Value(rules.WithKoks)
		pr := Probs{OutWin: 1}
		if v >= rules.Mars {
			pr[OutWinMars] = 1
		}
		if v >= rules.Koks {
			pr[OutWinKoks] = 1
		}
		return pr
	}
	opp := r.Swap()
	return e.probs(&opp, s).flip()
}

// winLoss returns the average value of a win and of a loss.
func winLoss(pr Probs, s rules.Scoring) (w, l float64) {
	p := float64(pr[OutWin])
	wm, lm := float64(pr[OutWinMars]), float64(pr[OutLoseMars])
	if s == rules.WithKoks {
		wm += float64(pr[OutWinKoks])
		lm += float64(pr[OutLoseKoks])
	}
	w, l = 1, 1
	if p > 1e-7 {
		w += wm / p
	}
	if p < 1-1e-7 {
		l += lm / (1 - p)
	}
	return w, l
}

// moneyCube is Janowski's cubeful money equity for the three decisions.
func moneyCube(pr Probs, cs CubeState, scoring rules.Scoring) CubeDecision {
	p := float64(pr[OutWin])
	w, l := winLoss(pr, scoring)
	ndW, ndL := w, l
	if cs.Jacoby && cs.Cube == 1 && cs.Owner < 0 {
		ndW, ndL = 1, 1 // mars and koks count only once the cube is turned
	}
	return CubeDecision{ND: janowski(p, ndW, ndL, cs.Owner), DT: 2 * janowski(p, w, l, 1), DP: 1}
}

// janowski is the cubeful equity, in units of the cube, of a player who
// wins with chance p, w points on average when winning and l when losing,
// the cube centred (owner -1), theirs (0) or the opponent's (1): a blend,
// by the cube's efficiency, of the cubeless equity and the equity with a
// fully live cube (Janowski, "Take-points in money games", 1993). The
// live equity is linear in p between the points where either side cashes
// (−1 and +1 there); beyond them the game is played on for mars, the
// equity rising on to w at p = 1 (falling to −l at p = 0): a position too
// good to double is worth more than a cash.
func janowski(p, w, l float64, owner int) float64 {
	tp := (l - 0.5) / (w + l + 0.5) // below it the opponent cashes
	cp := (l + 1) / (w + l + 0.5)   // above it the player cashes
	lowP, lowV, highP, highV := tp, -1.0, cp, 1.0
	if owner == 0 {
		lowP, lowV = 0, -l // the opponent cannot cash
	}
	if owner == 1 {
		highP, highV = 1, w // the player cannot cash
	}
	return (1-cubeX)*(p*w-(1-p)*l) + cubeX*liveLine(p, lowP, highP, -l, lowV, highV, w)
}

// liveLine is the equity with a fully live cube at chance p: from lose at
// p = 0 to lowV at lowP, where the other side cashes, to highV at highP,
// where the side cashes, to win at p = 1, linear in between.
func liveLine(p, lowP, highP, lose, lowV, highV, win float64) float64 {
	switch {
	case p <= lowP:
		if lowP < 1e-9 {
			return lowV
		}
		return lose + (lowV-lose)*p/lowP
	case p >= highP:
		if highP > 1-1e-9 {
			return highV
		}
		return highV + (win-highV)*(p-highP)/(1-highP)
	default:
		return lowV + (highV-lowV)*(p-lowP)/(highP-lowP)
	}
}

// probs1 returns the mover's chances after a result r (the opponent to
// roll), averaged over the opponent's rolls, each answered with its best
// play at 0-ply (found as best finds it). (After a roll that could not be
// played, r is the mover's position as it was.)
func (e *Evaluator) probs1(r *rules.Position, s *scratch, pruned bool) Probs {
	opp := r.Swap()
	var g rules.Generator
	return overRolls(func(d rules.Dice) Probs {
		replies := g.Results(opp, d, e.Rules)
		if len(replies) == 0 {
			return e.probs(r, s)
		}
		reply := replies[e.opp.best(&opp, replies, s, pruned)]
		if reply.Won() {
			return e.resultProbs(&reply, s).flip()
		}
		me := reply.Swap()
		return e.probs(&me, s)
	})
}
