package ai

import (
	_ "embed"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"nardi/rules"
)

// Level is how well the computer plays.
type Level int

// The playing levels.
const (
	Beginner Level = iota
	Club
	Master
	// Grandmaster searches wider than Master and plays more of its close choices
	// out, in more sampled games, slower.
	Grandmaster
	// NetAlone plays the network alone: the best play at 0-ply, no search and no
	// mistakes (for measurement; not offered to players).
	NetAlone
)

// levelNames are the levels' names, the same words game.Level uses: the
// names players see, and "net" for NetAlone.
var levelNames = [...]string{Beginner: "beginner", Club: "club", Master: "master", Grandmaster: "grandmaster", NetAlone: "net"}

// formerLevelNames are the former names that cannot be mistaken, still
// read on the command line (the former "master" is the Grandmaster now,
// so "master" reads as the Master).
var formerLevelNames = map[string]Level{"easy": Beginner, "medium": Club, "hard": Master}

// String returns the level's name as used on the command line.
func (l Level) String() string {
	if l >= 0 && int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", int(l))
}

// ParseLevel reads "beginner", "club", "master", "grandmaster" or "net",
// or a former name: "easy", "medium", "hard".
func ParseLevel(s string) (Level, error) {
	for l, name := range levelNames {
		if s == name {
			return Level(l), nil
		}
	}
	if l, ok := formerLevelNames[s]; ok {
		return l, nil
	}
	return Master, fmt.Errorf("unknown level %q (want beginner, club, master, grandmaster or net)", s)
}

//go:embed weights/net.bin
var shippedWeights []byte

// shippedPruner is the shipped network's pruner (nardi-lab prune).
//
//go:embed weights/prune.bin
var shippedPruner []byte

// shippedRace is the shipped network's race network (nardi-lab train --race).
//
//go:embed weights/race.bin
var shippedRace []byte

// shippedCube is the network whose chances decide the cube (SetCube):
// taught the values of the teacher's positions only, where the main one
// is also taught the order of the plays.
//
//go:embed weights/cube.bin
var shippedCube []byte

var (
	shippedOnce sync.Once
	shippedNet  *Net
	shippedErr  error
)

// ShippedNet returns the network trained by the project and embedded in
// the binary, with its pruner, its race network (widened to its inputs
// when it has fewer) and its cube's network. It is loaded once and shared.
func ShippedNet() (*Net, error) {
	shippedOnce.Do(func() {
		shippedNet = new(Net)
		pruner := new(Net)
		shippedErr = shippedNet.UnmarshalBinary(shippedWeights)
		if shippedErr == nil && !shippedNet.shortEncoding() {
			shippedErr = errNetInputs
		}
		if shippedErr == nil {
			shippedErr = pruner.UnmarshalBinary(shippedPruner)
		}
		if shippedErr == nil && pruner.Inputs != NumInputs {
			shippedErr = fmt.Errorf("the pruner: %w", errNetInputs)
		}
		shippedNet.pruner = pruner
		race := new(Net)
		if shippedErr == nil {
			shippedErr = race.UnmarshalBinary(shippedRace)
		}
		if shippedErr == nil && race.Inputs > shippedNet.Inputs {
			shippedErr = fmt.Errorf("the race network: %w", errNetInputs)
		}
		if shippedErr == nil {
			// one of fewer inputs reads the others as 0: widened, it
			// judges as it did
			shippedErr = shippedNet.SetRace(race.Widen(shippedNet.Inputs))
		}
		cube := new(Net)
		if shippedErr == nil {
			shippedErr = cube.UnmarshalBinary(shippedCube)
		}
		if shippedErr == nil {
			shippedErr = shippedNet.SetCube(cube)
		}
	})
	return shippedNet, shippedErr
}

// style is how a level chooses: lookahead and deliberate mistakes.
type style struct {
	noise   float64 // spread of the error added to each play's equity
	maxLoss float64 // a play losing more than this at 0-ply is never chosen
	deep    bool    // look ahead one and two rolls on the best candidates
	// keep1 and window1 choose the candidates looked at one roll ahead
	// (at most keep1, within window1 of the best at 0-ply); keep2 and
	// window2 those looked at two rolls ahead.
	keep1, keep2     int
	window1, window2 float64
	// pruneKeep is how many of the pruner's best plays of a roll the
	// network judges inside the searches (0: the package's pruneKeep).
	pruneKeep int
	// keepR and windowR choose the candidates looked at depth rolls ahead
	// by rollouts (none when keepR is 0): trials sampled games each, the
	// sampled rolls judging the pruner's best rolloutKeep plays of each.
	keepR, trials, depth, rolloutKeep int
	windowR                           float64
	// share is how much of what the sampled games change over the 2-ply
	// a rollout's estimate keeps (1: all of it). The sampled games are
	// few and played at 0-ply, so their change is noisy; half of it
	// chooses better than all or none (README, "A judge one ply deeper,
	// and half a rollout").
	share float64
	// limit bounds a decision's time on a slow or busy machine (0: no
	// bound): the rollouts stop after the round of trials that passes it.
	limit time.Duration
}

// styles holds each level's style. No level looks three rolls ahead in
// full: in games against GNU Backgammon 0-ply the 3-ply searches lost to
// the same levels stopping at 2-ply (README, "Two plies, wider"). Master
// plays its best two within 0.05 at 2-ply on, four rolls deep, in 72
// sampled games each, the grandmaster its best three in 144 (README, "Rollouts"),
// both keeping half of what the sampled games change (README, "A judge one
// ply deeper, and half a rollout").
var styles = map[Level]style{
	Beginner: {noise: 0.18, maxLoss: 0.30},
	Club:     {noise: 0.035, maxLoss: 0.10},
	Master: {deep: true, keep1: 24, window1: 0.40, keep2: 10, window2: 0.25, pruneKeep: 16,
		keepR: 2, windowR: 0.05, trials: 72, depth: 4, rolloutKeep: 4, share: 0.5, limit: 250 * time.Millisecond},
	Grandmaster: {deep: true, keep1: 32, window1: 0.50, keep2: 16, window2: 0.35, pruneKeep: 32,
		keepR: 3, windowR: 0.05, trials: 144, depth: 4, rolloutKeep: 4, share: 0.5, limit: 1500 * time.Millisecond},
	// NetAlone: no noise and no loss allowed, so mistaken picks the best at 0-ply.
	NetAlone: {},
}

// Chooser chooses plays in some variant: the play of roll d in p (first:
// the mover's first turn of the game) and the position it leads to, ok
// false when nothing can be played. Player (for short nardi) and
// LongPlayer, LongHeuristic and LongRandom (for long nardi) are choosers.
type Chooser interface {
	Choose(p rules.Position, d rules.Dice, first bool, seed uint64) (rules.Play, rules.Position, bool)
}

// Player chooses plays for one level. It is safe for concurrent use.
type Player struct {
	Eval  *Evaluator
	Level Level
	// Exact drops the level's time limit, so that its choices depend only
	// on the position, the roll and the seed even on a slow machine (tests
	// and measurements); with the limit they do so whenever it is not
	// reached.
	Exact bool
	// tuned, when set (Tune), is the style played instead of the level's.
	tuned *style
}

// style returns the style the player plays: the level's unless tuned.
func (pl *Player) style() style {
	if pl.tuned != nil {
		return *pl.tuned
	}
	return styles[pl.Level]
}

// NewPlayer returns a player of the level for the rule set and scoring.
func NewPlayer(net *Net, rs rules.RuleSet, s rules.Scoring, level Level) *Player {
	return &Player{Eval: NewEvaluator(net, rs, s), Level: level}
}

// Choose returns the play the level makes with the roll, and the position
// it leads to (seen from the mover). ok is false when nothing can be
// played. The choice depends only on the position, the roll and seed
// (unless the level's time limit is reached; see Exact), so that games can
// be replayed and tests are deterministic.
// (first does not matter in short nardi.)
func (pl *Player) Choose(p rules.Position, d rules.Dice, first bool, seed uint64) (play rules.Play, result rules.Position, ok bool) {
	return pl.ChooseBy(p, d, first, seed, time.Time{})
}

// ChooseBy is Choose with the decision due by stop as well as within the
// level's time limit (zero: the limit alone). A search short of time
// plays fewer of its close choices out first, then looks two rolls ahead
// on fewer candidates, never on fewer than two: a short budget costs a
// little strength, never a decision the network alone would make. With
// Exact set, stop is ignored.
func (pl *Player) ChooseBy(p rules.Position, d rules.Dice, _ bool, seed uint64, stop time.Time) (play rules.Play, result rules.Position, ok bool) {
	plays, results := rules.LegalPlays(p, d, pl.Eval.Rules)
	if len(plays) == 0 {
		return rules.Play{}, p, false
	}
	if len(plays) == 1 {
		return plays[0], results[0], true
	}
	if pl.Exact {
		stop = time.Time{}
	} else if lim := pl.style().limit; lim > 0 {
		if own := time.Now().Add(lim); stop.IsZero() || own.Before(stop) {
			stop = own
		}
	}
	i := pl.choose(p, d, results, seed, stop)
	return plays[i], results[i], true
}

// ply2Cost is the mean wall time of one candidate's 2-ply on this machine
// as it runs now (ns, a moving average), by which a search short of time
// plans how many candidates it can look at two rolls ahead.
var ply2Cost atomic.Int64

// ply2Fits returns how many candidates' 2-ply fit before stop (many when
// stop is zero), by the moving average of their cost.
func ply2Fits(stop time.Time) int {
	if stop.IsZero() {
		return math.MaxInt
	}
	cost := ply2Cost.Load()
	if cost <= 0 {
		return math.MaxInt // not measured yet
	}
	return int(time.Until(stop).Nanoseconds() / cost)
}

// notePly2 adds the wall time of n candidates' 2-ply to the moving
// average.
func notePly2(took time.Duration, n int) {
	if n <= 0 {
		return
	}
	per := took.Nanoseconds() / int64(n)
	old := ply2Cost.Load()
	if old > 0 {
		per = old + (per-old)/4
	}
	ply2Cost.Store(per)
}

// choose returns the index of the result the level chooses; stop, when not
// zero, is when the decision should be made by.
func (pl *Player) choose(p rules.Position, d rules.Dice, results []rules.Position, seed uint64, stop time.Time) int {
	st := pl.style()
	e := pl.Eval.withKeep(st.pruneKeep)
	var s scratch
	eqs := e.ply0(&p, results, &s, nil)
	cs := make([]candidate, len(results))
	for i, eq := range eqs {
		cs[i] = candidate{i, eq}
	}
	if !st.deep {
		return mistaken(cs, st, p, d, seed)
	}
	cs = filter(cs, st.keep1, st.window1)
	if len(cs) == 1 {
		return cs[0].i
	}
	for k := range cs {
		cs[k].eq = e.ply1(&results[cs[k].i], &s)
	}
	cs = filter(cs, min(st.keep2, max(2, ply2Fits(stop))), st.window2)
	if len(cs) == 1 {
		return cs[0].i
	}
	// Each candidate's 2-ply is the start of its rollout, kept for the
	// rollouts: its first two rolls in full.
	began := time.Now()
	ros := make(map[int]*rollout, len(cs))
	var inner scratch
	for k := range cs {
		ro := e.newRollout(&results[cs[k].i], &inner)
		ros[cs[k].i] = ro
		cs[k].eq = ro.two
	}
	s.work += inner.work
	notePly2(time.Since(began), len(cs))
	if st.keepR > 1 {
		// The rollouts' sampled games follow, 36 at a time for each
		// candidate: not begun unless the time left holds as many 2-plies
		// as there are candidates.
		if top := filter(cs, min(st.keepR, ply2Fits(stop)), st.windowR); len(top) > 1 {
			started := make([]*rollout, len(top))
			for k, c := range top {
				started[k] = ros[c.i]
			}
			e.rolloutsFrom(started, top, st.trials, st.depth, st.rolloutKeep, st.share, rollHash(p, d)^seed*0x9e3779b97f4a7c15, stop, &s)
			cs = top
		}
	}
	return filter(cs, 1, 0)[0].i
}

// rollHash is a hash of the position and the roll, from which a level's
// choices draw their chances together with the game's seed.
func rollHash(p rules.Position, d rules.Dice) uint64 {
	h := fnv.New64a()
	h.Write([]byte(p.PositionID()))
	h.Write([]byte{byte(d[0]), byte(d[1])})
	return h.Sum64()
}

// mistaken picks the play whose equity plus a deterministic error is the
// largest, among plays that lose at most st.maxLoss: mistakes are likelier
// the closer a play is to the best, as a person's are.
func mistaken(cs []candidate, st style, p rules.Position, d rules.Dice, seed uint64) int {
	rng := rand.New(rand.NewPCG(rollHash(p, d), seed))
	best := math.Inf(-1)
	for _, c := range cs {
		best = max(best, c.eq)
	}
	choice, score := cs[0].i, math.Inf(-1)
	for _, c := range cs {
		if c.eq < best-st.maxLoss {
			continue
		}
		v := c.eq + rng.NormFloat64()*st.noise
		if v > score {
			choice, score = c.i, v
		}
	}
	return choice
}
