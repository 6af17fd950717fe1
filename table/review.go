package table

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"nardi/ai"
	"nardi/game"
	"nardi/rules"
	"nardi/store"
)

// Mistake is one of a player's plays that the master search judges worse
// than another.
type Mistake struct {
	Turn   int            // the play's number among the game's turns, from 1
	Dice   rules.Dice     // the roll
	Before rules.Position // the position before the play, from the player's side
	Played rules.Play
	Best   rules.Play
	Loss   float64 // equity given away
	// Cube, for a cube decision instead of a play: what was done wrong
	// (CubeDoubled, CubeHeld, CubeTook, CubePassed); "" for a play.
	Cube string
}

// The cube mistakes a review names.
const (
	CubeDoubled = "doubled" // doubled when playing on was better
	CubeHeld    = "held"    // did not double when it was time
	CubeTook    = "took"    // took a double that should have been passed
	CubePassed  = "passed"  // passed a double that should have been taken
)

// Review is a player's game as the master search judges it: the biggest
// mistakes, worst first, and the PR-like error rate (the mean loss over
// the player's decisions × 500).
type Review struct {
	Game      int64
	Number    int // the game's number in its match (1 outside one)
	Seat      game.Seat
	Decisions int
	PR        float64
	Worst     []Mistake
	// Luck is each side's luck over the game (the equity its rolls gained
	// against the average roll, summed), Luck[0] the person's.
	Luck [2]float64
	// Chances are the person's chances to win before each turn, then at
	// the end (1 or 0); with no turn played, an even start and the end.
	// Turns[i] tells whose turn i was, Rolls its luck for its mover.
	Chances []float64
	Turns   []game.Seat
	Rolls   []float64
	// Variant is the game reviewed.
	Variant rules.Variant
}

// judges are a review's two measures of a turn: the master search's
// judgement of a play (judge) and the roll's luck with the mover's
// chances before it (story).
type judges struct {
	judge func(p rules.Position, d rules.Dice, first bool, after rules.Position) (ai.Verdict, bool)
	story func(p rules.Position, d rules.Dice, first bool) ai.Story
}

// turnCube is the cube and the match as a turn's mover faced them, as the
// evaluator reads them: the cube's value and owner then (0 the mover, 1
// the other, -1 centred), the match score from the mover's side. The
// computer's choices (cubeState) and the reviews' judgements share it.
func turnCube(opts game.Options, match game.MatchState, value int, owner, mover game.Seat) ai.CubeState {
	cs := ai.CubeState{Cube: value, Owner: -1, Jacoby: opts.Jacoby, Crawford: match.Crawford}
	if owner != game.NoSeat {
		cs.Owner = 0
		if owner != mover {
			cs.Owner = 1
		}
	}
	if opts.Match > 0 {
		cs.MatchLength = opts.Match
		cs.Score = [2]int{match.Score[mover], match.Score[mover.Other()]}
	}
	return cs
}

// judgesByCube makes a game's judges for each cube state its turns meet,
// once each.
type judgesByCube struct {
	s    *Service
	opts game.Options
	made map[ai.CubeState]judges
}

// of returns the judges under a cube state.
func (j *judgesByCube) of(cs ai.CubeState) (judges, error) {
	if js, ok := j.made[cs]; ok {
		return js, nil
	}
	js, err := j.s.judge(j.opts, cs)
	if err != nil {
		return judges{}, err
	}
	if j.made == nil {
		j.made = map[ai.CubeState]judges{}
	}
	j.made[cs] = js
	return js, nil
}

// judge returns the judges of a game of the options under a cube state
// (the match score, Jacoby's values, the cube's value and owner, from the
// mover's side); long nardi's on its own network.
func (s *Service) judge(opts game.Options, cs ai.CubeState) (judges, error) {
	if opts.Game() == rules.Long {
		net, err := ai.ShippedLongNet()
		if err != nil {
			return judges{}, fmt.Errorf("review: %w", err)
		}
		ev := ai.NewLongEvaluator(net).ForCube(cs)
		return judges{judge: ev.Judge, story: ev.Story}, nil
	}
	ev := s.player(game.Master, opts).Eval.ForCube(cs)
	return judges{
		judge: func(p rules.Position, d rules.Dice, _ bool, after rules.Position) (ai.Verdict, bool) {
			return ev.Judge(p, d, after)
		},
		story: func(p rules.Position, d rules.Dice, _ bool) ai.Story { return ev.Story(p, d) },
	}, nil
}

// reviewMistakes is how many mistakes a review names.
const reviewMistakes = 3

// ReviewJob is a review reserved for its person, who has at most one
// under way at a time: BeginReview makes it, Run judges the game, Finish
// records where it was posted and frees the person for the next one.
type ReviewJob struct {
	s       *Service
	key     store.ReviewKey
	history []game.TurnRecord
	cubes   []game.CubeAction
	opts    game.Options
	match   game.MatchState
	seat    game.Seat
	won     bool // the person won the game reviewed
	once    sync.Once
}

// BeginReview readies a review of the actor's plays in a game (id, as 🔍
// under its board names it; 0: their newest finished game in the chat) —
// in a match, the last game played to its end — to be posted in the chat
// to. When it was posted there already, it returns the message that holds
// it and no job. It refuses ErrReviewBusy while the person's previous
// review is under way, and ErrNoFinishedGame before a game has ended.
func (s *Service) BeginReview(ctx context.Context, a Actor, id, to int64) (job *ReviewJob, posted int64, err error) {
	rec, err := s.reviewed(ctx, a, id)
	if err != nil {
		return nil, 0, err
	}
	g := rec.Game
	seat, err := seatAt(g, a)
	if err != nil {
		return nil, 0, err
	}
	job = &ReviewJob{s: s, seat: seat, opts: g.Options(), history: g.History(), cubes: g.Cubes(), match: g.Match()}
	number := g.Match().Number
	if res, over := g.Result(); over {
		job.won = res.Winner == seat
	} else {
		past := g.Past()
		if len(past) == 0 {
			return nil, 0, refuse(ErrNoFinishedGame, "game %d goes on", rec.ID)
		}
		last := past[len(past)-1]
		job.history, job.cubes, job.match, number = last.History, last.Cubes, last.Match, len(past)
		job.won = last.Result.Winner == seat
	}
	job.key = store.ReviewKey{Game: rec.ID, Number: max(number, 1), User: a.User.ID, Chat: to}
	if id, err := s.store.ReviewMessage(ctx, job.key); err == nil {
		return nil, id, nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return nil, 0, err
	}
	if _, busy := s.reviewing.LoadOrStore(a.User.ID, struct{}{}); busy {
		return nil, 0, refuse(ErrReviewBusy, "user %d", a.User.ID)
	}
	return job, 0, nil
}

// reviewed is the game a review asks for: the one named, or the person's
// newest in the chat if a game of it has ended, else their newest
// finished one there (a game just begun does not hide the last).
func (s *Service) reviewed(ctx context.Context, a Actor, id int64) (*store.GameRecord, error) {
	if id != 0 {
		return s.store.LoadGame(ctx, id)
	}
	rec, err := s.LatestGame(ctx, a)
	if err != nil {
		return nil, err
	}
	if _, over := rec.Game.Result(); over || len(rec.Game.Past()) > 0 {
		return rec, nil
	}
	if done, err := s.store.LatestFinishedGame(ctx, a.Chat, a.User.ID); err == nil {
		return done, nil
	}
	return rec, nil // refused below: no game of it has ended
}

// Finish records the message the review was posted as (0: none) and frees
// its person for another review; only its first call counts.
func (j *ReviewJob) Finish(ctx context.Context, message int64) {
	j.once.Do(func() {
		defer j.s.reviewing.Delete(j.key.User)
		if message == 0 {
			return
		}
		if err := j.s.store.SetReviewMessage(ctx, j.key, message, j.s.now()); err != nil {
			j.s.log.Warn("recording a review failed", "game", j.key.Game, "err", err)
		}
	})
}

// Run judges the person's plays in the game. Each judgement waits for a
// thinking slot after every computer's move waiting (see slots), so that
// no game is held up for more than one judgement; it returns ctx's error
// as soon as ctx ends.
func (j *ReviewJob) Run(ctx context.Context) (Review, error) {
	s, seat, opts := j.s, j.seat, j.opts
	byCube := judgesByCube{s: s, opts: opts}
	r := Review{Game: j.key.Game, Number: j.key.Number, Seat: seat, Variant: opts.Game()}
	var total float64
	cube := cubeWalk{value: 1, owner: game.NoSeat, actions: j.cubes}
	pos, err := replay(opts, j.history, func(i int, t game.TurnRecord, mover, after rules.Position, first bool) error {
		if opts.Cube && i > 0 { // no cube before the opening roll
			m, err := j.judgeCube(ctx, &cube, i, t.Seat, mover)
			if err != nil {
				return err
			}
			if m != nil {
				r.Worst = append(r.Worst, *m)
			}
		}
		// The cube and score as the mover faced them (after the cube
		// actions before this turn).
		js, err := byCube.of(turnCube(opts, j.match, cube.value, cube.owner, t.Seat))
		if err != nil {
			return err
		}
		var st ai.Story
		if err := s.thinking.idly(ctx, func() { st = js.story(mover, t.Dice, first) }); err != nil {
			return fmt.Errorf("review of game %d: %w", j.key.Game, err)
		}
		if i == 0 {
			// The opening roll is never a double: against the 36 rolls'
			// mean its luck is biased (about -0.03), so it counts none.
			st.Luck = 0
		}
		win := st.Win
		if t.Seat != seat {
			win = 1 - win
		}
		r.Chances, r.Turns, r.Rolls = append(r.Chances, win), append(r.Turns, t.Seat), append(r.Rolls, st.Luck)
		if t.Seat == seat {
			r.Luck[0] += st.Luck
		} else {
			r.Luck[1] += st.Luck
		}
		if t.Seat != seat || t.Pass() || t.Forced {
			return nil
		}
		var v ai.Verdict
		var ok bool
		if err := s.thinking.idly(ctx, func() { v, ok = js.judge(mover, t.Dice, first, after) }); err != nil {
			return fmt.Errorf("review of game %d: %w", j.key.Game, err)
		}
		if ok {
			r.Decisions++
			total += v.Loss()
			if v.Loss() > 1e-6 {
				r.Worst = append(r.Worst, Mistake{Turn: i + 1, Dice: t.Dice, Before: mover, Played: t.Play(), Best: v.Best, Loss: v.Loss()})
			}
		}
		return nil
	})
	if err != nil {
		return Review{}, err
	}
	if n := len(j.history); opts.Cube && n > 0 {
		// A double passed ends the game before the next turn: judged here.
		turn, mover := j.history[n-1].Seat.Other(), pos
		if turn == 1 {
			mover = pos.Swap()
		}
		m, err := j.judgeCube(ctx, &cube, n, turn, mover)
		if err != nil {
			return Review{}, err
		}
		if m != nil {
			r.Worst = append(r.Worst, *m)
		}
	}
	if r.Decisions > 0 {
		r.PR = total / float64(r.Decisions) * 500
	}
	if len(r.Chances) == 0 {
		r.Chances = []float64{0.5} // no turn was played: the start, even by symmetry
	}
	end := 0.0 // the end: won or lost
	if j.won {
		end = 1
	}
	r.Chances = append(r.Chances, end)
	slices.SortStableFunc(r.Worst, func(a, b Mistake) int {
		switch {
		case a.Loss > b.Loss:
			return -1
		case a.Loss < b.Loss:
			return 1
		}
		return 0
	})
	r.Worst = r.Worst[:min(len(r.Worst), reviewMistakes)]
	return r, nil
}

// cubeWalk follows the cube through a game's turns.
type cubeWalk struct {
	value   int
	owner   game.Seat
	actions []game.CubeAction
}

// at applies the cube actions made before turn i, and returns those.
func (c *cubeWalk) at(i int) []game.CubeAction {
	var now []game.CubeAction
	for len(c.actions) > 0 && c.actions[0].Before <= i {
		a := c.actions[0]
		c.actions = c.actions[1:]
		now = append(now, a)
		if a.Kind == game.CubeTake {
			c.value, c.owner = a.Value, a.Seat
		}
	}
	return now
}

// judgeCube weighs the person's cube decisions before turn i, whose mover
// is to roll in mover: to double or not (their turn, the cube theirs to
// turn), to take or pass (the opponent doubled). It returns the mistake,
// if the decision gave equity away.
func (j *ReviewJob) judgeCube(ctx context.Context, c *cubeWalk, i int, turn game.Seat, mover rules.Position) (*Mistake, error) {
	value, owner := c.value, c.owner
	acts := c.at(i)
	seat := j.seat
	mayDouble := turn == seat && (owner == game.NoSeat || owner == seat) && value < 64 && !j.match.Crawford
	doubled, answer := false, game.CubeKind(0)
	for _, a := range acts {
		switch {
		case a.Kind == game.CubeDouble && a.Seat == turn:
			doubled = true
		case (a.Kind == game.CubeTake || a.Kind == game.CubeDrop) && a.Seat != turn:
			answer = a.Kind
		}
	}
	if !mayDouble && !(turn != seat && doubled) {
		return nil, nil
	}
	cs := turnCube(j.opts, j.match, value, owner, turn)
	var d ai.CubeDecision
	if err := j.s.thinking.idly(ctx, func() { d = j.s.player(game.Master, j.opts).Eval.Cube(mover, cs) }); err != nil {
		return nil, fmt.Errorf("review of game %d: %w", j.key.Game, err)
	}
	best := min(d.DT, d.DP) // the doubler's equity once doubled, the answer right
	m := &Mistake{Turn: i + 1, Before: mover}
	switch {
	case turn == seat && doubled && !d.Double:
		m.Cube, m.Loss = CubeDoubled, d.ND-best
	case turn == seat && !doubled && d.Double:
		m.Cube, m.Loss = CubeHeld, best-d.ND
	case turn != seat && answer == game.CubeTake && !d.Take:
		m.Cube, m.Loss = CubeTook, d.DT-d.DP // for the taker: −DT against −DP
	case turn != seat && answer == game.CubeDrop && d.Take:
		m.Cube, m.Loss = CubePassed, d.DP-d.DT
	default:
		return nil, nil
	}
	if m.Loss <= 1e-6 {
		return nil, nil
	}
	return m, nil
}

// replay walks a game's turns from the start, calling f with each turn,
// its mover's position before it and after its play (both from the
// mover's side) and whether it was the mover's first turn; it returns the
// final position from seat 0's side.
func replay(opts game.Options, history []game.TurnRecord, f func(i int, t game.TurnRecord, mover, after rules.Position, first bool) error) (rules.Position, error) {
	pos := opts.Game().Start() // seat 0's view
	first := [2]bool{true, true}
	for i, t := range history {
		mover := pos
		if t.Seat == 1 {
			mover = pos.Swap()
		}
		play := t.Play()
		after := opts.Game().NewTurn(mover, t.Dice, opts.Rules, first[t.Seat]).PositionAfter(play.Steps[:play.N])
		if err := f(i, t, mover, after, first[t.Seat]); err != nil {
			return pos, err
		}
		first[t.Seat] = false
		if t.Seat == 1 {
			after = after.Swap()
		}
		pos = after
	}
	return pos, nil
}
