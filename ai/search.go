package ai

import (
	"slices"

	"nardi/rules"
)

// candidate is a play under consideration with its current estimate.
type candidate struct {
	i  int // index into the results
	eq float64
}

// filter keeps the best candidates: at most keep of them, and only those
// within window of the best.
func filter(cs []candidate, keep int, window float64) []candidate {
	slices.SortStableFunc(cs, func(a, b candidate) int {
		switch {
		case a.eq > b.eq:
			return -1
		case a.eq < b.eq:
			return 1
		}
		return a.i - b.i
	})
	n := 1
	for n < len(cs) && n < keep && cs[n].eq >= cs[0].eq-window {
		n++
	}
	return cs[:n]
}

// ply2 returns the mover's equity of a result averaged over the opponent's
// rolls, the opponent answering each with its best play at 0-ply, each
// answer then judged at 1-ply from the mover's side.
func (e *Evaluator) ply2(r *rules.Position, s *scratch) float64 {
	return e.replied(r, s, e.onRoll1)
}

// replied returns the mover's equity of a result averaged over the
// opponent's 21 rolls, each answered as in answered and then judged by
// onRoll.
func (e *Evaluator) replied(r *rules.Position, s *scratch, onRoll func(*rules.Position, *scratch) float64) float64 {
	if r.Won() {
		return e.won(r)
	}
	opp := r.Swap()
	total := 0.0
	var inner scratch
	for _, roll := range rules.Rolls {
		total += float64(roll.Weight) * e.answered(r, &opp, roll.Dice, s, &inner, onRoll)
	}
	s.work += inner.work
	return total / 36
}

// answered returns the mover's equity of result r once the opponent (opp
// is r swapped) has answered its roll d with its best play at 0-ply: the
// mover, on roll again, judged by onRoll (in r itself when the opponent
// cannot move). inner is the scratch of the search below.
func (e *Evaluator) answered(r, opp *rules.Position, d rules.Dice, s, inner *scratch, onRoll func(*rules.Position, *scratch) float64) float64 {
	me, ended, eq := e.answer(r, opp, d, s, inner)
	if ended {
		return eq
	}
	return onRoll(&me, inner)
}

// answer plays the opponent's answer to its roll d in result r (opp is r
// swapped), its best play at 0-ply, and returns the position the mover is
// then on roll in (r itself when the opponent cannot move); when the answer
// ends the game, ended is true and eq is the mover's equity.
func (e *Evaluator) answer(r, opp *rules.Position, d rules.Dice, s, inner *scratch) (me rules.Position, ended bool, eq float64) {
	replies := s.gen.Results(*opp, d, e.Rules)
	if len(replies) == 0 {
		return *r, false, 0
	}
	i, _ := e.opp.bestPlay(opp, replies, inner)
	reply := replies[i]
	if reply.Won() {
		return rules.Position{}, true, -e.opp.won(&reply)
	}
	return reply.Swap(), false, 0
}

// onRoll1 returns the equity of the player on roll in p, looking one roll
// ahead: each of the 21 rolls played at its best at 0-ply.
func (e *Evaluator) onRoll1(p *rules.Position, s *scratch) float64 {
	var plays [21]rolled
	return e.rollAll(p, s, &plays)
}
