package ai

import (
	"math"

	"nardi/ai/bearoff"
	"nardi/ai/internal/nn"
	"nardi/rules"
)

// Probs are the chances of the player on roll, indexed by OutWin and the
// other output constants.
type Probs [NumOutputs]float32

// Equity is the expected points of the player on roll per point at stake,
// with mars worth 2 and, when the scoring counts koks, koks worth 3.
func (p Probs) Equity(s rules.Scoring) float64 {
	e := 2*float64(p[OutWin]) - 1 + float64(p[OutWinMars]) - float64(p[OutLoseMars])
	if s == rules.WithKoks {
		e += float64(p[OutWinKoks]) - float64(p[OutLoseKoks])
	}
	return e
}

// flip returns the same chances seen from the other player.
func (p Probs) flip() Probs {
	return Probs{1 - p[OutWin], p[OutLoseMars], p[OutLoseKoks], p[OutWinMars], p[OutWinKoks]}
}

// outcome is the chances of a won game, for the winner, worth value.
func outcome(value int) [NumOutputs]float32 {
	t := [NumOutputs]float32{OutWin: 1}
	if value >= rules.Mars {
		t[OutWinMars] = 1
	}
	if value >= rules.Koks {
		t[OutWinKoks] = 1
	}
	return t
}

// tidy makes the chances consistent: a koks is a mars, a mars is a win.
func (p *Probs) tidy() {
	w := p[OutWin]
	p[OutWinMars] = min(p[OutWinMars], w)
	p[OutWinKoks] = min(p[OutWinKoks], p[OutWinMars])
	p[OutLoseMars] = min(p[OutLoseMars], 1-w)
	p[OutLoseKoks] = min(p[OutLoseKoks], p[OutLoseMars])
}

// Evaluator estimates positions: exactly from the bear-off database when
// both sides bear off and both have borne off a checker, else with the
// network. It is safe for concurrent use.
type Evaluator struct {
	Net   *Net
	Rules rules.RuleSet
	// Scoring is what a won game is worth: rules.WithKoks for the classic
	// game and for backgammon as gnubg scores it.
	Scoring rules.Scoring
	db      *bearoff.DB
	values  Values     // what the ends are worth to the player in view
	opp     *Evaluator // the same seen from the opponent (e itself when symmetric)
	keep    int        // the pruner's best plays the network judges in bestPlay (0: pruneKeep)
}

// NewEvaluator returns an evaluator for the rule set and scoring, valuing
// the ends as in a money game (see ForCube for a match).
func NewEvaluator(net *Net, rs rules.RuleSet, s rules.Scoring) *Evaluator {
	e := &Evaluator{Net: net, Rules: rs, Scoring: s, db: bearoff.Get(rs == rules.Nardi), values: moneyValues(s)}
	e.opp = e
	return e
}

// scratch is one goroutine's working memory.
type scratch struct {
	f   features
	a   activations
	b   base
	gen rules.Generator
	eqs []float64
	// pb and pa are the pruner's base and activations; top the results
	// it keeps.
	pb  base
	pa  activations
	top []int
	// work counts the positions evaluated with this scratch and, once a
	// search returns, those of the scratch it used inside.
	work int
}

// home returns the side's checkers on its home points, or false when some
// are still outside or on the bar.
func home(s *[26]int8) (pts [6]int8, ok bool) {
	for i := 7; i <= rules.Bar; i++ {
		if s[i] > 0 {
			return pts, false
		}
	}
	copy(pts[:], s[1:7])
	return pts, true
}

// exact returns the chances of a pure bear-off in which both sides have
// borne off a checker already, so no mars is possible.
func (e *Evaluator) exact(p *rules.Position) (Probs, bool) {
	if p.Mine[rules.Off] == 0 || p.Theirs[rules.Off] == 0 {
		return Probs{}, false
	}
	mine, ok := home(&p.Mine)
	if !ok {
		return Probs{}, false
	}
	theirs, ok := home(&p.Theirs)
	if !ok {
		return Probs{}, false
	}
	return Probs{OutWin: float32(e.db.WinProb(mine, theirs))}, true
}

// probs evaluates a position with its player on roll, before the roll.
func (e *Evaluator) probs(p *rules.Position, s *scratch) Probs {
	if pr, ok := e.exact(p); ok {
		return pr
	}
	net := e.Net.forPos(p)
	net.encode(&s.f, p)
	net.forward(&s.f, &s.a)
	pr := Probs(s.a.out)
	pr.tidy()
	return pr
}

// afterPlay returns the equity for the mover of the position reached by a
// play, seen from the mover (who is no longer on roll).
func (e *Evaluator) afterPlay(r *rules.Position, s *scratch) float64 {
	if r.Won() {
		return e.won(r)
	}
	opp := r.Swap()
	return e.equity(e.probs(&opp, s).flip())
}

// Evaluate returns the chances of the player on roll in the position.
func (e *Evaluator) Evaluate(p rules.Position) Probs {
	var s scratch
	return e.probs(&p, &s)
}

// ply0 returns the equities, for the mover, of the results of plays from
// p, evaluating each from p's own evaluation by the points that changed.
func (e *Evaluator) ply0(p *rules.Position, results []rules.Position, s *scratch, out []float64) []float64 {
	s.work += len(results)
	return e.rank(e.Net.forPos(p), &s.b, &s.a, p, results, s, out)
}

// rank is ply0 by the network net, from base b with activations a.
func (e *Evaluator) rank(net *Net, b *base, a *activations, p *rules.Position, results []rules.Position, s *scratch, out []float64) []float64 {
	opp := p.Swap()
	net.setBase(b, &opp, &s.f)
	return e.rankFrom(net, b, a, results, out)
}

// rankFrom is rank from b, already set to the position before the plays.
func (e *Evaluator) rankFrom(net *Net, b *base, a *activations, results []rules.Position, out []float64) []float64 {
	out = out[:0]
	for i := range results {
		out = append(out, e.resultEquity(net, b, a, &results[i]))
	}
	return out
}

// resultEquity is the mover's 0-ply equity of result r by the network net,
// from base b (set to the position before the play, the opponent on roll).
func (e *Evaluator) resultEquity(net *Net, b *base, a *activations, r *rules.Position) float64 {
	if r.Won() {
		return e.won(r)
	}
	if r.Mine[rules.Off] > 0 && r.Theirs[rules.Off] > 0 {
		o := r.Swap()
		if pr, ok := e.exact(&o); ok {
			return e.equity(pr.flip())
		}
	}
	if other := e.other(net, r); other != nil {
		// The play took the game to another network's phase: that network
		// judges it in a whole pass.
		o := r.Swap()
		other.encode(&a.f, &o)
		other.forward(&a.f, a)
	} else {
		net.forwardSwapped(b, r, a)
	}
	pr := Probs(a.out)
	pr.tidy()
	return e.equity(pr.flip())
}

// other returns the network of result r's phase when it is not net, the
// network of the position before the play (nil when it is, or when net is
// not one of the evaluator's phases: a pruner ranks every phase).
func (e *Evaluator) other(net *Net, r *rules.Position) *Net {
	main := e.Net
	if main.race == nil && main.late == nil || net != main && net != main.race && net != main.late {
		return nil
	}
	if n := main.forPos(r); n != net {
		return n
	}
	return nil
}

// bestPlay returns the index of the best of the results of plays from p
// at 0-ply and its equity for the mover. When the network has a pruner
// and there are more than e.keep results (pruneKeep unless withKeep set
// it), the network judges only the pruner's best that many: a search's
// inner steps (the opponent's answer, the mover's next play) cost a
// fraction of judging every play.
func (e *Evaluator) bestPlay(p *rules.Position, results []rules.Position, s *scratch) (int, float64) {
	opp := p.Swap()
	net := e.Net.forPos(p)
	net.baseFor(&s.b, &opp, &s.f)
	pruner, keep := e.Net.pruner, e.keep
	if keep == 0 {
		keep = pruneKeep
	}
	if pruner == nil || len(results) <= keep {
		s.work += len(results)
		s.eqs = e.rankFrom(net, &s.b, &s.a, results, s.eqs)
		i := nn.Argmax(s.eqs)
		return i, s.eqs[i]
	}
	s.work += (len(results)+pruneShare-1)/pruneShare + keep
	pruner.baseFor(&s.pb, &opp, &s.f)
	s.eqs = e.rankFrom(pruner, &s.pb, &s.pa, results, s.eqs)
	s.top = nn.TopIndices(s.eqs, keep, s.top)
	best, bestEq := -1, math.Inf(-1)
	for _, i := range s.top {
		eq := e.resultEquity(net, &s.b, &s.a, &results[i])
		if eq > bestEq || eq == bestEq && i < best {
			best, bestEq = i, eq
		}
	}
	return best, bestEq
}

// best0 returns the largest 0-ply equity for the mover among the results
// of plays from p.
func (e *Evaluator) best0(p *rules.Position, results []rules.Position, s *scratch) float64 {
	_, eq := e.bestPlay(p, results, s)
	return eq
}

// ply1 returns the mover's equity of a result averaged over the opponent's
// 21 rolls, the opponent answering each with its best play at 0-ply.
func (e *Evaluator) ply1(r *rules.Position, s *scratch) float64 {
	if r.Won() {
		return e.won(r)
	}
	opp := r.Swap()
	total := 0.0
	var inner scratch
	for _, roll := range rules.Rolls {
		replies := s.gen.Results(opp, roll.Dice, e.Rules)
		var mine float64
		if len(replies) == 0 {
			mine = e.equity(e.probs(r, &inner)) // the mover is on roll again
		} else {
			mine = -e.opp.best0(&opp, replies, &inner)
		}
		total += float64(roll.Weight) * mine
	}
	s.work += inner.work
	return total / 36
}
