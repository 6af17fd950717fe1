package ai

import "nardi/rules"

// This file is what the lab (package ai/train) needs of the long nardi
// evaluator to teach long nardi's network with its own deeper search: the
// chances some rolls ahead, and which positions no network judges.

// Exact tells whether the evaluator reads p's chances from the bear-off
// database instead of its network (both sides home, each with a checker
// off).
func (e *LongEvaluator) Exact(p *rules.Position) bool {
	if p.Mine[rules.Off] == 0 || p.Theirs[rules.Off] == 0 {
		return false
	}
	_, ok1 := home(&p.Mine)
	_, ok2 := home(&p.Theirs)
	return ok1 && ok2
}

// RollProbs returns the chances of the player on roll in p, looking depth
// rolls ahead: at depth 0 the evaluator's own; deeper, the mean over the
// 21 rolls of the chances depth−1 rolls on of the position each roll's
// best play at 0-ply leads to (as money equity), a roll without a play
// passing the turn. At depth 2 it is the value a search two rolls deep
// finds, the teacher of the long nardi network.
func (e *LongEvaluator) RollProbs(p rules.Position, depth int) Probs {
	var s longScratch
	return e.rollProbs(&p, depth, &s)
}

// rollProbs is RollProbs with a scratch; each level of the recursion has
// its own generator, as a generator's results live until its next call.
func (e *LongEvaluator) rollProbs(p *rules.Position, depth int, s *longScratch) Probs {
	if depth <= 0 || e.Exact(p) {
		return e.probs(p, s)
	}
	var g rules.LongGenerator
	return overRolls(func(d rules.Dice) Probs {
		_, results := g.Plays(*p, d, longFirst(&p.Mine))
		if len(results) == 0 {
			opp := p.Swap()
			return e.rollProbs(&opp, depth-1, s).flip()
		}
		_, at := e.best0(results, s)
		r := results[at]
		if r.Won() {
			return Probs(outcome(rules.Long.Value(r, rules.OinMars)))
		}
		opp := r.Swap()
		return e.rollProbs(&opp, depth-1, s).flip()
	})
}
