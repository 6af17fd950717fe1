package table

import (
	"context"
	"errors"
	"time"

	"nardi/game"
	"nardi/store"
)

// dueOf is the one source of "when is the next automatic action": the
// game's own Due with the centre's one delay. The store keeps what it
// returns beside the game, for the sweep. In a group, whose edits are
// scarce, a pass or a forced play does not wait to be seen: it is made at
// once and the board shows it with the next roll, in one edit.
func (s *Service) dueOf(kind store.Kind, g *game.Game) game.Due {
	delay := s.cfg.AutoDelay
	if kind == store.KindGroup {
		delay = 0
	}
	d, _ := g.Due(delay)
	return d
}

// mutate is the one path by which a game changes: lock the game, load it
// and its boards, let change alter it (change returns an error to refuse,
// and changes nothing then), and store it with its next due action,
// guarded by the counter it was loaded with. Then what is due is
// scheduled. The Outcome names the boards to redraw: all of them when the
// counter moved, none after a change of the clocks alone.
func (s *Service) mutate(ctx context.Context, id int64, change func(rec *store.GameRecord, boards []store.Board) error) (Outcome, error) {
	return s.mutateAs(ctx, id, false, change)
}

// mutateAs is mutate, for a change made on the live board when live is
// set (see Change).
func (s *Service) mutateAs(ctx context.Context, id int64, live bool, change func(rec *store.GameRecord, boards []store.Board) error) (Outcome, error) {
	unlock := s.locks.Lock(gameKey(id))
	defer unlock()
	rec, err := s.store.LoadGame(ctx, id)
	if err != nil {
		return Outcome{}, err
	}
	boards, err := s.store.Boards(ctx, id)
	if err != nil {
		return Outcome{}, err
	}
	loaded := rec.Game.Counter()
	if err := change(rec, boards); err != nil {
		return Outcome{Game: rec, Boards: boards}, err
	}
	if rec.Status != store.StatusActive {
		// Abandoned: its game is not over, but nothing may change it.
		return Outcome{Game: rec, Boards: boards}, refuse(ErrGameOver, "game %d is %s", id, rec.Status)
	}
	now := s.now()
	due := s.dueOf(rec.Kind, rec.Game)
	if err := s.store.UpdateGame(ctx, id, rec.Game, loaded, due, now); err != nil {
		return Outcome{Game: rec, Boards: boards}, err
	}
	if rec.Game.Done() {
		rec.Status, rec.Finished = store.StatusFinished, rec.Game.Finished()
		if s.cfg.OnGameFinished != nil {
			s.cfg.OnGameFinished(rec.Kind)
		}
		s.noteDice(rec)
		if rec.Kind == store.KindPrivate {
			s.goAsync(func(ctx context.Context) { s.tournamentGameOver(ctx, id) })
		}
	}
	if rec.Game.Counter() != loaded {
		rec.Updated = now
	}
	out := Outcome{Game: rec, Boards: boards, Redraw: rec.Game.Counter() != loaded, Due: due}
	s.notify(Change{Game: id, Counter: rec.Game.Counter(), Redraw: out.Redraw, Live: live})
	if out.Redraw {
		s.noteReminder(ctx, rec)
		// A clock adjustment leaves the counter and what is due; the sweep
		// finds it when its time comes.
		s.schedule(id, due)
	}
	return out, nil
}

// schedule arranges for a due action to run: at once, or on a timer when
// it falls due within a few seconds. Actions due later are left to the
// sweep, which looks every second.
func (s *Service) schedule(id int64, due game.Due) {
	if due.Kind == game.DueNone {
		return
	}
	wait := due.At.Sub(s.now())
	switch {
	case wait <= 0:
		s.kick(id)
	case wait <= shortWait:
		time.AfterFunc(wait, func() { s.kick(id) })
	}
}

// shortWait is the longest wait schedule times itself.
const shortWait = 5 * time.Second

// isStale tells whether err only says that the game moved on first.
func isStale(err error) bool {
	return CodeOf(err) == ErrStale || errors.Is(err, store.ErrConflict)
}

// seatAt finds the actor's seat at a game, refusing a person who does not
// sit at it.
func seatAt(g *game.Game, a Actor) (game.Seat, error) {
	seat, ok := g.SeatOf(a.User.ID)
	if !ok {
		return game.NoSeat, refuse(ErrNotAPlayer, "user %d", a.User.ID)
	}
	return seat, nil
}

// boardOf tells which board of a game the actor's message is (its
// viewer), refusing a message that is not, or no longer, one of them: a
// board replaced by /board takes no taps. A tap must come from one of the
// game's chats.
func boardOf(boards []store.Board, a Actor) (store.Board, error) {
	for _, b := range boards {
		if b.ChatID == a.Chat && b.MessageID == a.Message && a.Message != 0 {
			return b, nil
		}
	}
	return store.Board{}, refuse(ErrStale, "message %d in chat %d is not a board", a.Message, a.Chat)
}

// started tells of a game begun.
func (s *Service) started(kind store.Kind) {
	if s.cfg.OnGameStarted != nil {
		s.cfg.OnGameStarted(kind)
	}
}
