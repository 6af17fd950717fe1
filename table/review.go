package table

import (
	"context"
	"fmt"
	"slices"

	"nardi/ai"
	"nardi/game"
	"nardi/rules"
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
}

// judge returns the hard search's judge of a seat's plays in a game of
// the options: for the match score in a match, under Jacoby's values in a
// Jacoby game; long nardi's on its own network.
func (s *Service) judge(opts game.Options, match game.MatchState, seat game.Seat) (func(p rules.Position, d rules.Dice, first bool, after rules.Position) (ai.Verdict, bool), error) {
	cs := ai.CubeState{Cube: 1, Owner: -1, Jacoby: opts.Jacoby, Crawford: match.Crawford}
	if opts.Match > 0 {
		cs.MatchLength = opts.Match
		cs.Score = [2]int{match.Score[seat], match.Score[seat.Other()]}
	}
	if opts.Game() == rules.Long {
		net, err := ai.ShippedLongNet()
		if err != nil {
			return nil, fmt.Errorf("review: %w", err)
		}
		return ai.NewLongEvaluator(net).ForCube(cs).Judge, nil
	}
	ev := s.player(game.Hard, opts).Eval.ForCube(cs)
	return func(p rules.Position, d rules.Dice, _ bool, after rules.Position) (ai.Verdict, bool) {
		return ev.Judge(p, d, after)
	}, nil
}

// reviewMistakes is how many mistakes a review names.
const reviewMistakes = 3

// Review judges the actor's plays in their newest finished game in the
// chat (in a match, the last game played to its end). It reads the game
// and changes nothing; each judgement takes a thinking slot, so that the
// computer's moves and everyone's boards are never held up for long.
func (s *Service) Review(ctx context.Context, a Actor) (Review, error) {
	rec, err := s.LatestGame(ctx, a)
	if err != nil {
		return Review{}, err
	}
	g := rec.Game
	seat, err := seatAt(g, a)
	if err != nil {
		return Review{}, err
	}
	history, number, match := g.History(), g.Match().Number, g.Match()
	if !g.Over() {
		past := g.Past()
		if len(past) == 0 {
			return Review{}, refuse(ErrNoFinishedGame, "game %d goes on", rec.ID)
		}
		last := past[len(past)-1]
		history, number, match = last.History, len(past), last.Match
	}
	opts := g.Options()
	judge, err := s.judge(opts, match, seat)
	if err != nil {
		return Review{}, err
	}
	r := Review{Game: rec.ID, Number: max(number, 1), Seat: seat}
	pos := opts.Game().Start() // seat 0's view
	var total float64
	first := [2]bool{true, true}
	for i, t := range history {
		mover := pos
		if t.Seat == 1 {
			mover = pos.Swap()
		}
		play := t.Play()
		after := opts.Game().NewTurn(mover, t.Dice, opts.Rules, first[t.Seat]).PositionAfter(play.Steps[:play.N])
		if t.Seat == seat && !t.Pass() && !t.Forced {
			if err := ctx.Err(); err != nil {
				return Review{}, err
			}
			s.thinking <- struct{}{}
			v, ok := judge(mover, t.Dice, first[t.Seat], after)
			<-s.thinking
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
