package table

import (
	"context"
	"errors"
	"strings"
	"time"

	"nardi/game"
	"nardi/rules"
	"nardi/store"
)

// tap runs an action a player took with a button on a board: the tapped
// message must be one of the game's current boards, the tapper must sit at
// the game, and act gets the seat to act for.
func (s *Service) tap(ctx context.Context, a Actor, id int64, act func(rec *store.GameRecord, seat game.Seat) error) (Outcome, error) {
	return s.mutate(ctx, id, func(rec *store.GameRecord, boards []store.Board) error {
		if _, err := boardOf(boards, a); err != nil {
			return err
		}
		seat, err := seatAt(rec.Game, a)
		if err != nil {
			return err
		}
		return act(rec, seat)
	})
}

// Step makes one checker step of the player's turn. Unless the player has
// asked to confirm moves, a step that completes the play ends the turn.
//
// On a group's board, where Telegram lets few edits through, a player may
// tap ahead of the board: a step of an earlier keyboard of the same turn
// is taken if it is still possible and was not taken since
// (game.Game.StepSeen, the stale-keyboard rule), and a step after which
// one way to finish is left finishes the turn at once
// (game.Game.FinishAlone). Private boards keep the strict rule.
func (s *Service) Step(ctx context.Context, a Actor, id int64, counter uint32, step rules.Step) (Outcome, error) {
	return s.tap(ctx, a, id, func(rec *store.GameRecord, seat game.Seat) error {
		g, now, commit := rec.Game, s.now(), !a.User.Settings.ConfirmMoves
		if rec.Kind != store.KindGroup {
			return g.Step(seat, counter, step, commit, now)
		}
		if err := g.StepSeen(seat, counter, step, commit, now); err != nil {
			return err
		}
		if commit {
			g.FinishAlone(now)
		}
		return nil
	})
}

// ResignOffer is what a player is asked before resigning.
type ResignOffer struct {
	Game *store.GameRecord
	// Seat is the resigner's; Board is the tapped board.
	Seat  game.Seat
	Board store.Board
	// Points is what the opponent would win.
	Points int
}

// AskResign checks that a player may resign now from the tapped board,
// and tells what it would cost; nothing changes until Resign.
func (s *Service) AskResign(ctx context.Context, a Actor, id int64, counter uint32) (ResignOffer, error) {
	var offer ResignOffer
	_, err := s.mutate(ctx, id, func(rec *store.GameRecord, boards []store.Board) error {
		b, err := boardOf(boards, a)
		if err != nil {
			return err
		}
		seat, err := seatAt(rec.Game, a)
		if err != nil {
			return err
		}
		if err := fresh(rec.Game, counter); err != nil {
			return err
		}
		offer = ResignOffer{Game: rec, Seat: seat, Board: b, Points: resignPoints(rec.Game, seat)}
		return errNoChange
	})
	if err == errNoChange {
		err = nil
	}
	return offer, err
}

// errNoChange ends a mutate that only looked.
var errNoChange = refuse(0, "no change")

// fresh refuses an old counter, or a game that is over.
func fresh(g *game.Game, counter uint32) error {
	switch {
	case g.Over():
		return refuse(ErrGameOver, "")
	case counter != g.Counter():
		return refuse(ErrStale, "counter %d, game at %d", counter, g.Counter())
	}
	return nil
}

// resignPoints is what a seat's resignation would give its opponent now.
func resignPoints(g *game.Game, seat game.Seat) int {
	return g.ResignValue(seat) * g.Cube().Value
}

// ResignQuestion is the resignation question a player asked with /resign:
// the game, its counter then, and the seat that asked. Its buttons say
// which seat asked, as a message that is not a board carries no seat.
type ResignQuestion struct {
	Game    int64
	Counter uint32
	Seat    game.Seat
}

// AskResignByCommand asks the player's resignation question for their
// game in the chat (the /resign command): show sends it with the points it
// would cost and returns its message, which is recorded as the player's
// question, so that its buttons work on it alone and for them alone.
func (s *Service) AskResignByCommand(ctx context.Context, a Actor, show func(q ResignQuestion, points int) (int64, error)) error {
	rec, err := s.ActiveGame(ctx, a)
	if err != nil {
		return err
	}
	seat, err := seatAt(rec.Game, a)
	if err != nil {
		return err
	}
	q := ResignQuestion{Game: rec.ID, Counter: rec.Game.Counter(), Seat: seat}
	points := resignPoints(rec.Game, seat)
	// A tap the moment the question appears waits until it is recorded.
	unlock := s.locks.Lock(promptKey(a.Chat))
	defer unlock()
	msg, err := show(q, points)
	if err != nil {
		return err
	}
	p := store.Prompt{ChatID: a.Chat, MessageID: msg, Kind: store.PromptResign, UserID: a.User.ID, Game: rec.ID, Seat: seat,
		Points: points, Number: rec.Game.Match().Number}
	return s.store.SetPrompt(ctx, p, s.now())
}

// promptWait is how long a tap on a question not recorded yet waits for
// the questions being sent in its chat.
const promptWait = 2 * time.Second

// awaitQuestion waits, before the game is locked, while a tap on a message
// that is neither a board of the game nor a recorded question may be on a
// /resign question just sent and not recorded yet: until the chat's
// questions on their way are recorded, or promptWait has passed.
func (s *Service) awaitQuestion(ctx context.Context, a Actor, id int64) {
	if boards, err := s.store.Boards(ctx, id); err == nil {
		if _, err := boardOf(boards, a); err == nil {
			return
		}
	}
	if _, err := s.store.PromptAt(ctx, a.Chat, a.Message); errors.Is(err, store.ErrNotFound) {
		s.locks.WaitFree(promptKey(a.Chat), promptWait)
	}
}

// Resign ends the game at the player's request, answering a resignation
// question: the one asked on a board (the tapped message is a board), or
// the one /resign asked in a message of its own (asked names its seat).
// A question belongs to the player who asked it; the other gets
// ErrNotYours. OnQuestion in the result tells that the tapped message was
// such a question, which the adapter removes once answered.
func (s *Service) Resign(ctx context.Context, a Actor, q ResignQuestion) (out Outcome, onQuestion bool, err error) {
	s.awaitQuestion(ctx, a, q.Game)
	out, err = s.mutate(ctx, q.Game, func(rec *store.GameRecord, boards []store.Board) error {
		seat, counter, err := s.questionSeat(ctx, rec, boards, a, q, &onQuestion)
		if err != nil {
			return err
		}
		return rec.Game.Resign(seat, counter, s.now())
	})
	return out, onQuestion, err
}

// KeepPlaying answers a resignation question with no: the board the
// question was asked on is redrawn as it was.
func (s *Service) KeepPlaying(ctx context.Context, a Actor, q ResignQuestion) (out Outcome, onQuestion bool, err error) {
	s.awaitQuestion(ctx, a, q.Game)
	out, err = s.mutate(ctx, q.Game, func(rec *store.GameRecord, boards []store.Board) error {
		if _, _, err := s.questionSeat(ctx, rec, boards, a, q, &onQuestion); err != nil {
			return err
		}
		return errNoChange
	})
	if err == errNoChange {
		out.Redraw, err = true, nil
	}
	return out, onQuestion, err
}

// questionSeat checks who answers a resignation question, and where: on
// one of the game's boards, the player who asked it; elsewhere only on the
// message /resign asked it in, recorded as that player's question of this
// game.
//
// The counter it returns is the one to answer at: a board's question, the
// one it was asked at; a /resign question, which the game's moves do not
// redraw, the game's current one while resigning still costs what the
// question said, in the same game of the match (the opponent's play since
// changes nothing of that).
func (s *Service) questionSeat(ctx context.Context, rec *store.GameRecord, boards []store.Board, a Actor, q ResignQuestion, onQuestion *bool) (game.Seat, uint32, error) {
	seat, err := seatAt(rec.Game, a)
	if err != nil {
		return seat, q.Counter, err
	}
	if q.Seat != seat {
		return seat, q.Counter, refuse(ErrNotYours, "seat %d asked, seat %d answers", q.Seat, seat)
	}
	if _, err := boardOf(boards, a); err == nil {
		return seat, q.Counter, nil
	}
	p, err := s.store.PromptAt(ctx, a.Chat, a.Message)
	if err != nil || p.Kind != store.PromptResign || p.Game != rec.ID {
		return seat, q.Counter, refuse(ErrStale, "message %d in chat %d is no question of game %d", a.Message, a.Chat, rec.ID)
	}
	if p.UserID != a.User.ID {
		return seat, q.Counter, refuse(ErrNotYours, "asked by user %d", p.UserID)
	}
	*onQuestion = true
	if err := s.store.DeletePrompt(ctx, a.Chat, a.Message); err != nil {
		s.log.Warn("forgetting an answered question failed", "err", err)
	}
	counter := q.Counter
	if p.Points > 0 && p.Points == resignPoints(rec.Game, seat) && p.Number == rec.Game.Match().Number {
		counter = rec.Game.Counter()
	}
	return seat, counter, nil
}

// TypedPlay makes a play the player wrote in notation ("24/18 13/8*") in
// their game in the chat. It fails with ErrNoGame when the text cannot be
// a play there (no "/" in it, or no game going), so the adapter may treat
// it as something else.
func (s *Service) TypedPlay(ctx context.Context, a Actor, text string) (Outcome, error) {
	if !strings.Contains(text, "/") {
		return Outcome{}, refuse(ErrNoGame, "not a play")
	}
	rec, err := s.ActiveGame(ctx, a)
	if err != nil {
		return Outcome{}, err
	}
	return s.mutate(ctx, rec.ID, func(rec *store.GameRecord, _ []store.Board) error {
		g := rec.Game
		// A message is played once: handled again (after a restart), it
		// finds its mark and changes nothing. The mark is made first, so
		// a crash in between loses the play rather than making it twice.
		if a.Message != 0 {
			if p, err := s.store.PromptAt(ctx, a.Chat, a.Message); err == nil && p.Kind == store.PromptTyped {
				return refuse(ErrStale, "message %d was played already", a.Message)
			}
			mark := store.Prompt{ChatID: a.Chat, MessageID: a.Message, Kind: store.PromptTyped, UserID: a.User.ID, Game: rec.ID}
			if err := s.store.SetPrompt(ctx, mark, s.now()); err != nil {
				return err
			}
		}
		seat, err := seatAt(g, a)
		if err != nil || g.Over() {
			return refuse(ErrNoGame, "no game of user %d", a.User.ID)
		}
		if g.Turn() != seat || g.Phase() != game.PhaseMoving {
			return refuse(ErrNotYourTurn, "")
		}
		play, err := rules.ParsePlayIn(g.TurnRules(), text)
		if err != nil {
			return refuse(ErrIllegal, "%v", err)
		}
		return g.ApplyPlay(seat, g.Counter(), play, s.now())
	})
}

// ActiveGame returns the actor's game going in the chat, or ErrNoGame.
func (s *Service) ActiveGame(ctx context.Context, a Actor) (*store.GameRecord, error) {
	rec, err := s.store.ActiveGame(ctx, a.Chat, a.User.ID)
	if CodeOf(err) == ErrUnknown {
		return nil, refuse(ErrNoGame, "user %d in chat %d", a.User.ID, a.Chat)
	}
	return rec, err
}

// seatAction is a game action a seat takes with the counter it saw.
type seatAction func(g *game.Game, seat game.Seat, counter uint32, now time.Time) error

// tapAction runs a game action from a board's button (see tap).
func (s *Service) tapAction(ctx context.Context, a Actor, id int64, counter uint32, act seatAction) (Outcome, error) {
	return s.tap(ctx, a, id, func(rec *store.GameRecord, seat game.Seat) error {
		return act(rec.Game, seat, counter, s.now())
	})
}

// NextGame starts the next game of a match now, at either player's tap
// (🔁 under a finished game of a match that goes on), without waiting for
// the pause.
func (s *Service) NextGame(ctx context.Context, a Actor, id int64, counter uint32) (Outcome, error) {
	return s.tapAction(ctx, a, id, counter, func(g *game.Game, _ game.Seat, counter uint32, now time.Time) error {
		return g.NextGame(counter, now)
	})
}

// Undo takes back the last step of the player's turn.
func (s *Service) Undo(ctx context.Context, a Actor, id int64, counter uint32) (Outcome, error) {
	return s.tapAction(ctx, a, id, counter, func(g *game.Game, seat game.Seat, counter uint32, _ time.Time) error {
		return g.Undo(seat, counter)
	})
}

// Confirm ends a turn whose play is complete.
func (s *Service) Confirm(ctx context.Context, a Actor, id int64, counter uint32) (Outcome, error) {
	return s.tapAction(ctx, a, id, counter, (*game.Game).Confirm)
}

// Claim ends the game for the player whose opponent has run out of time.
func (s *Service) Claim(ctx context.Context, a Actor, id int64, counter uint32) (Outcome, error) {
	return s.tapAction(ctx, a, id, counter, (*game.Game).ClaimTimeout)
}

// Double offers the cube, for the player on turn who may double, before
// the roll (classic games).
func (s *Service) Double(ctx context.Context, a Actor, id int64, counter uint32) (Outcome, error) {
	return s.tapAction(ctx, a, id, counter, (*game.Game).Double)
}

// Roll throws the dice for the player on turn who chose not to double.
func (s *Service) Roll(ctx context.Context, a Actor, id int64, counter uint32) (Outcome, error) {
	return s.tapAction(ctx, a, id, counter, (*game.Game).Roll)
}

// Take accepts a double offered to the player.
func (s *Service) Take(ctx context.Context, a Actor, id int64, counter uint32) (Outcome, error) {
	return s.tapAction(ctx, a, id, counter, (*game.Game).Take)
}

// Drop refuses a double offered to the player, who loses the stake.
func (s *Service) Drop(ctx context.Context, a Actor, id int64, counter uint32) (Outcome, error) {
	return s.tapAction(ctx, a, id, counter, (*game.Game).Drop)
}
