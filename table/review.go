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

// Mistake is one of a player's plays that the hard search judges worse
// than another.
type Mistake struct {
	Turn   int            // the play's number among the game's turns, from 1
	Dice   rules.Dice     // the roll
	Before rules.Position // the position before the play, from the player's side
	Played rules.Play
	Best   rules.Play
	Loss   float64 // equity given away
}

// Review is a player's game as the hard search judges it: the biggest
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

// judges are a review's two measures of a turn: the hard search's
// judgement of a play (judge) and the roll's luck with the mover's
// chances before it (story).
type judges struct {
	judge func(p rules.Position, d rules.Dice, first bool, after rules.Position) (ai.Verdict, bool)
	story func(p rules.Position, d rules.Dice, first bool) ai.Story
}

// judge returns the judges of a seat's game of the options: for the match
// score in a match, under Jacoby's values in a Jacoby game; long nardi's
// on its own network.
func (s *Service) judge(opts game.Options, match game.MatchState, seat game.Seat) (judges, error) {
	cs := ai.CubeState{Cube: 1, Owner: -1, Jacoby: opts.Jacoby, Crawford: match.Crawford}
	if opts.Match > 0 {
		cs.MatchLength = opts.Match
		cs.Score = [2]int{match.Score[seat], match.Score[seat.Other()]}
	}
	if opts.Game() == rules.Long {
		net, err := ai.ShippedLongNet()
		if err != nil {
			return judges{}, fmt.Errorf("review: %w", err)
		}
		ev := ai.NewLongEvaluator(net).ForCube(cs)
		return judges{judge: ev.Judge, story: ev.Story}, nil
	}
	ev := s.player(game.Hard, opts).Eval.ForCube(cs)
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
	opts    game.Options
	match   game.MatchState
	seat    game.Seat
	won     bool // the person won the game reviewed
	once    sync.Once
}

// BeginReview readies a review of the actor's plays in their newest
// finished game in the chat (in a match, the last game played to its end),
// to be posted in the chat to. When it was posted there already, it
// returns the message that holds it and no job. It refuses ErrReviewBusy
// while the person's previous review is under way, and ErrNoFinishedGame
// before a game has ended.
func (s *Service) BeginReview(ctx context.Context, a Actor, to int64) (job *ReviewJob, posted int64, err error) {
	rec, err := s.LatestGame(ctx, a)
	if err != nil {
		return nil, 0, err
	}
	g := rec.Game
	seat, err := seatAt(g, a)
	if err != nil {
		return nil, 0, err
	}
	job = &ReviewJob{s: s, seat: seat, opts: g.Options(), history: g.History(), match: g.Match()}
	number := g.Match().Number
	if res, over := g.Result(); over {
		job.won = res.Winner == seat
	} else {
		past := g.Past()
		if len(past) == 0 {
			return nil, 0, refuse(ErrNoFinishedGame, "game %d goes on", rec.ID)
		}
		last := past[len(past)-1]
		job.history, job.match, number = last.History, last.Match, len(past)
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
	js, err := s.judge(opts, j.match, seat)
	if err != nil {
		return Review{}, err
	}
	r := Review{Game: j.key.Game, Number: j.key.Number, Seat: seat, Variant: opts.Game()}
	pos := opts.Game().Start() // seat 0's view
	var total float64
	first := [2]bool{true, true}
	for i, t := range j.history {
		mover := pos
		if t.Seat == 1 {
			mover = pos.Swap()
		}
		play := t.Play()
		after := opts.Game().NewTurn(mover, t.Dice, opts.Rules, first[t.Seat]).PositionAfter(play.Steps[:play.N])
		if err := s.thinking.acquire(ctx, idle); err != nil {
			return Review{}, fmt.Errorf("review of game %d: %w", j.key.Game, err)
		}
		st := js.story(mover, t.Dice, first[t.Seat])
		s.thinking.release()
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
		if t.Seat == seat && !t.Pass() && !t.Forced {
			if err := s.thinking.acquire(ctx, idle); err != nil {
				return Review{}, fmt.Errorf("review of game %d: %w", j.key.Game, err)
			}
			v, ok := js.judge(mover, t.Dice, first[t.Seat], after)
			s.thinking.release()
			if ok {
				r.Decisions++
				total += v.Loss()
				if v.Loss() > 1e-6 {
					r.Worst = append(r.Worst, Mistake{Turn: i + 1, Dice: t.Dice, Before: mover, Played: play, Best: v.Best, Loss: v.Loss()})
				}
			}
		}
		first[t.Seat] = false
		if t.Seat == 1 {
			after = after.Swap()
		}
		pos = after
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
