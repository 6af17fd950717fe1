package ai

import (
	_ "embed"
	"math"
	"sync"

	"nardi/ai/bearoff"
	"nardi/rules"
)

//go:embed weights/long.bin
var shippedLongWeights []byte

var (
	longOnce sync.Once
	longNet  *Net
	longErr  error
)

// ShippedLongNet returns the long nardi network trained by the project
// (by self-play, nardi-lab train --variant long, then taught by its own
// search, nardi-lab teach --variant long) and embedded in the binary.
func ShippedLongNet() (*Net, error) {
	longOnce.Do(func() {
		longNet = new(Net)
		if longErr = longNet.UnmarshalBinary(shippedLongWeights); longErr == nil && longNet.Inputs != LongInputs {
			longErr = errNetInputs
		}
	})
	return longNet, longErr
}

// LongEvaluator estimates long nardi positions: exactly from the bear-off
// database when both sides bear off and both have borne off a checker,
// else with a long nardi network. It is safe for concurrent use.
type LongEvaluator struct {
	Net    *Net
	db     *bearoff.DB
	values Values         // what the ends are worth to the player in view
	opp    *LongEvaluator // the same seen from the opponent (e itself when symmetric)
}

// NewLongEvaluator returns an evaluator on a network of LongInputs inputs,
// valuing the ends as in a money game (oin 1, mars 2).
func NewLongEvaluator(net *Net) *LongEvaluator {
	e := &LongEvaluator{Net: net, db: bearoff.Get(false), values: moneyValues(rules.OinMars)}
	e.opp = e
	return e
}

// ForCube returns an evaluator that plays for the match score as
// Evaluator.ForCube does (long nardi has no cube: only the score counts),
// or e itself in a money game.
func (e *LongEvaluator) ForCube(cs CubeState) *LongEvaluator {
	v, ok := cubeValues(cs, rules.OinMars)
	if !ok {
		return e
	}
	me, them := *e, *e
	me.values, them.values = v, v.mirror()
	me.opp, them.opp = &them, &me
	if v == v.mirror() {
		me.opp = &me
	}
	return &me
}

// longScratch is one goroutine's working memory for long nardi.
type longScratch struct {
	f   features
	a   activations
	gen rules.LongGenerator
}

// longFirst tells whether a side has yet to play its first turn: only then
// are all fifteen on its head (the first turn always moves one off).
func longFirst(s *[26]int8) bool { return s[24] == rules.Checkers }

// probs evaluates a position with its player on roll, before the roll.
func (e *LongEvaluator) probs(p *rules.Position, s *longScratch) Probs {
	if p.Mine[rules.Off] > 0 && p.Theirs[rules.Off] > 0 {
		mine, ok1 := home(&p.Mine)
		theirs, ok2 := home(&p.Theirs)
		if ok1 && ok2 {
			return Probs{OutWin: float32(e.db.WinProb(mine, theirs))}
		}
	}
	s.f.encodeLong(p)
	e.Net.forward(&s.f, &s.a)
	pr := Probs(s.a.out)
	pr[OutWinKoks], pr[OutLoseKoks] = 0, 0
	pr.tidy()
	return pr
}

// Evaluate returns the chances of the player on roll in the position.
func (e *LongEvaluator) Evaluate(p rules.Position) Probs {
	var s longScratch
	return e.probs(&p, &s)
}

// afterPlay returns the mover's equity of the position a play reached.
func (e *LongEvaluator) afterPlay(r *rules.Position, s *longScratch) float64 {
	if r.Won() {
		return e.values.Win[rules.Long.Value(*r, rules.OinMars)-1]
	}
	opp := r.Swap()
	return e.values.equity(e.probs(&opp, s).flip())
}

// best0 returns the mover's best equity among results at 0-ply, and its
// index.
func (e *LongEvaluator) best0(results []rules.Position, s *longScratch) (float64, int) {
	best, at := math.Inf(-1), 0
	for i := range results {
		if eq := e.afterPlay(&results[i], s); eq > best {
			best, at = eq, i
		}
	}
	return best, at
}

// onRoll1 returns the equity of the player on roll in p, each of the 21
// rolls played at its best at 0-ply.
func (e *LongEvaluator) onRoll1(p *rules.Position, s *longScratch) float64 {
	var g rules.LongGenerator
	total := 0.0
	for _, roll := range rules.Rolls {
		_, results := g.Plays(*p, roll.Dice, longFirst(&p.Mine))
		var eq float64
		if len(results) == 0 {
			opp := p.Swap()
			eq = e.values.equity(e.probs(&opp, s).flip())
		} else {
			eq, _ = e.best0(results, s)
		}
		total += float64(roll.Weight) * eq
	}
	return total / 36
}

// ahead returns the mover's equity of a result averaged over the
// opponent's 21 rolls, the opponent answering each with its best play at
// 0-ply; at depth 2 each answer is judged one roll further ahead (depth 0
// is the result's own 0-ply equity).
func (e *LongEvaluator) ahead(r *rules.Position, depth int, s *longScratch) float64 {
	if r.Won() || depth == 0 {
		return e.afterPlay(r, s)
	}
	opp := r.Swap()
	var g rules.LongGenerator
	total := 0.0
	for _, roll := range rules.Rolls {
		_, replies := g.Plays(opp, roll.Dice, longFirst(&opp.Mine))
		var mine float64
		switch {
		case len(replies) == 0 && depth == 1:
			mine = e.values.equity(e.probs(r, s))
		case len(replies) == 0:
			mine = e.onRoll1(r, s)
		default:
			eq, at := e.opp.best0(replies, s)
			if me := replies[at].Swap(); depth == 1 || replies[at].Won() {
				mine = -eq
			} else {
				mine = e.onRoll1(&me, s)
			}
		}
		total += float64(roll.Weight) * mine
	}
	return total / 36
}

// longStyles are the levels in long nardi: beginner and club as in short
// nardi; master one roll ahead on the best 16 within 0.30, then two rolls
// ahead on the best 2 within 0.08 (a long nardi search is cheap one roll
// deep and dear two deep: its doubles have many plays); grandmaster two rolls
// ahead on more of them.
var longStyles = map[Level]style{
	Beginner:    styles[Beginner],
	Club:        styles[Club],
	Master:      {deep: true, keep1: 16, window1: 0.30, keep2: 2, window2: 0.08},
	Grandmaster: {deep: true, keep1: 16, window1: 0.30, keep2: 6, window2: 0.20},
	NetAlone:    styles[NetAlone],
}

// LongPlayer plays long nardi with the shipped long nardi network: beginner
// and club make the deterministic, evaluator-guided mistakes of short
// nardi's levels; master and grandmaster look one roll ahead on the best
// candidates, then two on the best few of those (grandmaster on more). It
// never makes an illegal play, nor one that loses more than the level
// allows.
type LongPlayer struct {
	Level Level
	// Cube is the match score it plays for (the zero value: a money game).
	Cube CubeState
	// Net is the long nardi network it plays with (nil: the shipped one).
	Net *Net
}

// Choose returns the play the level makes with the roll in p (first: the
// mover's first turn), and the position it leads to; ok is false when
// nothing can be played.
func (pl LongPlayer) Choose(p rules.Position, d rules.Dice, first bool, seed uint64) (play rules.Play, result rules.Position, ok bool) {
	net := pl.Net
	if net == nil {
		var err error
		if net, err = ShippedLongNet(); err != nil {
			panic("ai: the shipped long nardi network: " + err.Error())
		}
	}
	return NewLongEvaluator(net).ForCube(pl.Cube).Choose(p, d, first, pl.Level, seed)
}

// Choose is LongPlayer.Choose on this evaluator's network.
func (e *LongEvaluator) Choose(p rules.Position, d rules.Dice, first bool, level Level, seed uint64) (play rules.Play, result rules.Position, ok bool) {
	t := rules.Long.NewTurn(p, d, rules.Standard, first)
	plays, results := t.Plays(), t.Results()
	if len(plays) == 0 {
		return rules.Play{}, p, false
	}
	if len(plays) == 1 {
		return plays[0], results[0], true
	}
	var s longScratch
	cs := make([]candidate, len(results))
	for i := range results {
		cs[i] = candidate{i, e.afterPlay(&results[i], &s)}
	}
	st := longStyles[level]
	if !st.deep {
		i := mistaken(cs, st, p, d, seed)
		return plays[i], results[i], true
	}
	cs = filter(cs, st.keep1, st.window1)
	if len(cs) == 1 {
		return plays[cs[0].i], results[cs[0].i], true
	}
	for k := range cs {
		cs[k].eq = e.ahead(&results[cs[k].i], 1, &s)
	}
	if st.keep2 > 0 {
		cs = filter(cs, st.keep2, st.window2)
		for k := range cs {
			cs[k].eq = e.ahead(&results[cs[k].i], 2, &s)
		}
	}
	i := filter(cs, 1, 0)[0].i
	return plays[i], results[i], true
}
