package ai

import (
	"math/rand/v2"
	"time"

	"nardi/rules"
)

// rolled is the best play, at 0-ply, of one of the 21 rolls: the position
// it leads to (seen from the player who rolled; the position itself when
// nothing can be played, moved false), its equity for that player, and
// whether it ends the game.
type rolled struct {
	next         rules.Position
	eq           float64
	moved, ended bool
}

// after returns the position the other player is on roll in once the
// player on roll in p has played r.
func (r *rolled) after(p *rules.Position) rules.Position {
	if r.moved {
		return r.next.Swap()
	}
	return p.Swap()
}

// rollAll fills out with the best play at 0-ply of each of the 21 rolls
// of the player on roll in p, and returns the mean of their equities (the
// player's equity one roll ahead).
func (e *Evaluator) rollAll(p *rules.Position, s *scratch, out *[21]rolled) float64 {
	mean := 0.0
	for k, roll := range rules.Rolls {
		results := s.gen.Results(*p, roll.Dice, e.Rules)
		r := &out[k]
		if len(results) == 0 {
			opp := p.Swap()
			*r = rolled{next: *p, eq: e.equity(e.probs(&opp, s).flip())}
		} else {
			i, eq := e.bestPlay(p, results, s)
			*r = rolled{next: results[i], eq: eq, moved: true, ended: results[i].Won()}
		}
		mean += float64(roll.Weight) * r.eq
	}
	return mean / 36
}

// outcomeRoll maps each of the 36 ordered outcomes of two dice to its
// index in rules.Rolls.
var outcomeRoll = func() (o [36]int) {
	for i := range o {
		a, b := i/6+1, i%6+1
		for k, r := range rules.Rolls {
			if r.Dice == (rules.Dice{max(a, b), min(a, b)}) {
				o[i] = k
			}
		}
	}
	return o
}()

// rollout is one candidate's search by rollouts: its first two rolls in
// full, and the sum of what the sampled games' later rolls changed.
type rollout struct {
	first  [21]rolled         // the opponent's answers to each roll
	mine   [21]rules.Position // the mover on roll after each answer
	second [21][21]rolled     // the mover's plays then
	two    float64            // the mover's equity two rolls ahead (ply2)
	sum    float64            // the changes of the sampled rolls
	won    bool               // the candidate wins at once: two is its value
	// third holds the opponent's plays of the third roll after the first
	// two rolls' k0 and k1, and their mean, once a trial has searched them:
	// trials that begin with the same two rolls share them.
	third [21][21]*thirdRoll
}

// thirdRoll is the third roll of a rollout's trials in full (see
// rollout.third).
type thirdRoll struct {
	plays [21]rolled
	mean  float64
}

// newRollout searches result r's first two rolls in full: the opponent's
// best answer to each roll, and the mover's best play of each roll then.
func (e *Evaluator) newRollout(r *rules.Position, s *scratch) *rollout {
	ro := new(rollout)
	if r.Won() {
		ro.two, ro.won = e.won(r), true
		return ro
	}
	opp := r.Swap()
	e.opp.rollAll(&opp, s, &ro.first)
	for k, roll := range rules.Rolls {
		a := &ro.first[k]
		v := -a.eq // the mover's value before its roll
		if !a.ended {
			ro.mine[k] = a.after(&opp)
			v = e.rollAll(&ro.mine[k], s, &ro.second[k])
		}
		ro.two += float64(roll.Weight) * v
	}
	ro.two /= 36
	return ro
}

// trial plays sampled game t on from the first two rolls' outcomes of
// trial t (each of the 36×36 once in 1,296 trials), both sides playing
// their best at 0-ply by sampled on dice drawn from seed and t,
// until depth rolls are done or the game ends or reaches the bear-off the
// database knows. At each roll it adds to the sum how much more the player
// on roll expects one roll ahead than the value the previous play left
// it, seen from the mover: the luck of the dice cancels, what the deeper
// look changes remains.
func (ro *rollout) trial(sampled *Evaluator, t, depth int, seed uint64, plays *[21]rolled, s *scratch) {
	k0, k1 := outcomeRoll[t%36], outcomeRoll[(7*t+t/36)%36]
	if ro.won || ro.first[k0].ended || ro.second[k0][k1].ended {
		return
	}
	prev := ro.second[k0][k1]
	p, sign, ev := prev.after(&ro.mine[k0]), -1.0, sampled.opp // the opponent on roll
	rng := rand.New(rand.NewPCG(seed, uint64(t)))
	for step := 2; step < depth; step++ {
		if _, ok := ev.exact(&p); ok {
			return // every later change is nothing
		}
		var mean float64
		switch th := ro.third[k0][k1]; {
		case step > 2:
			mean = ev.rollAll(&p, s, plays)
		case th != nil:
			*plays, mean = th.plays, th.mean
		default:
			mean = ev.rollAll(&p, s, plays)
			ro.third[k0][k1] = &thirdRoll{plays: *plays, mean: mean}
		}
		ro.sum += sign * (mean + prev.eq)
		prev = plays[outcomeRoll[rng.IntN(36)]]
		if prev.ended {
			return
		}
		p, sign, ev = prev.after(&p), -sign, ev.opp
	}
}

// rollouts re-estimates the candidates of results looking depth rolls
// ahead (at least 2; the opponent's roll is the first): the first two in
// full, as ply2 does, the later ones on sampled games (see trial), the
// same trials for every candidate so that their estimates differ by the
// plays more than by the dice. It plays the trials in rounds of 36 until
// trials are done or, when stop is not zero, the time is past stop, and
// returns how many it played. With depth 2 the estimates are ply2. The
// sampled rolls judge the pruner's best keep plays of each roll (0:
// pruneKeep), the first two as e does. Each estimate is ply2 and share of
// the mean change the sampled games make to it (1: all of it).
func (e *Evaluator) rollouts(results []rules.Position, cs []candidate, trials, depth, keep int, share float64, seed uint64, stop time.Time, s *scratch) int {
	var inner scratch
	ros := make([]*rollout, len(cs))
	for k := range cs {
		ros[k] = e.newRollout(&results[cs[k].i], &inner)
	}
	s.work += inner.work
	return e.rolloutsFrom(ros, cs, trials, depth, keep, share, seed, stop, s)
}

// rolloutsFrom is rollouts with each candidate's first two rolls searched
// already: ros[k] is newRollout of cs[k]'s result.
func (e *Evaluator) rolloutsFrom(ros []*rollout, cs []candidate, trials, depth, keep int, share float64, seed uint64, stop time.Time, s *scratch) int {
	var inner scratch
	sampled := e.withKeep(keep)
	var plays [21]rolled
	done := 0
	for depth > 2 && done < trials && (stop.IsZero() || time.Now().Before(stop)) {
		n := min(36, trials-done)
		for _, ro := range ros {
			for t := done; t < done+n; t++ {
				ro.trial(sampled, t, depth, seed, &plays, &inner)
			}
		}
		done += n
	}
	for k, ro := range ros {
		cs[k].eq = ro.two
		if done > 0 {
			cs[k].eq += share * ro.sum / float64(done)
		}
	}
	s.work += inner.work
	return done
}
