package table

import (
	"context"
	"errors"
	"slices"

	"nardi/game"
	"nardi/store"
)

// ShowBoard sends a game's board for a viewer (a seat, or
// store.SharedBoard) to a chat as a new message and records it as that
// viewer's board, so that an older message stops taking taps. The game is
// held meanwhile: a tap the moment the picture appears waits until it is
// recorded, and the board shows the game as it is then. Its due actions
// are set going after.
func (s *Service) ShowBoard(ctx context.Context, id int64, viewer game.Seat, chat int64) (Outcome, error) {
	out, err := s.showBoard(ctx, id, viewer, chat)
	if err == nil {
		s.kick(id)
	}
	return out, err
}

func (s *Service) showBoard(ctx context.Context, id int64, viewer game.Seat, chat int64) (Outcome, error) {
	unlock := s.locks.Lock(gameKey(id))
	defer unlock()
	rec, err := s.store.LoadGame(ctx, id)
	if err != nil {
		return Outcome{}, err
	}
	msg, err := s.cfg.Display.SendBoard(ctx, rec, viewer, chat)
	if err != nil {
		return Outcome{Game: rec}, err
	}
	b := store.Board{GameID: id, Viewer: viewer, ChatID: chat, MessageID: msg, Shown: rec.Game.Counter()}
	if err := s.store.SetBoard(ctx, b, s.now()); err != nil {
		return Outcome{Game: rec}, err
	}
	boards, err := s.store.Boards(ctx, id)
	return Outcome{Game: rec, Boards: boards, Due: s.dueOf(rec.Kind, rec.Game)}, err
}

// Resent is a board sent anew by /board.
type Resent struct {
	Outcome
	// Viewer is whom the new board is drawn for.
	Viewer game.Seat
	// Replaced are the messages that showed the board before, in the same
	// chat and for the same viewer: they no longer take taps.
	Replaced []store.Board
}

// ResendBoard sends the board of the actor's game in the chat anew, at
// the bottom of the chat (the /board command).
func (s *Service) ResendBoard(ctx context.Context, a Actor) (Resent, error) {
	rec, err := s.ActiveGame(ctx, a)
	if err != nil {
		return Resent{}, err
	}
	viewer := store.SharedBoard
	if rec.Kind != store.KindGroup {
		if viewer, err = seatAt(rec.Game, a); err != nil {
			return Resent{}, err
		}
	}
	old, err := s.store.Boards(ctx, rec.ID)
	if err != nil {
		return Resent{}, err
	}
	out, err := s.ShowBoard(ctx, rec.ID, viewer, a.Chat)
	if err != nil {
		return Resent{}, err
	}
	res := Resent{Outcome: out, Viewer: viewer}
	for _, b := range old {
		if b.ChatID == a.Chat && b.Viewer == viewer {
			res.Replaced = append(res.Replaced, b)
		}
	}
	return res, nil
}

// Shown records that a board message now shows the game at a counter, if
// that is newer than what it showed.
func (s *Service) Shown(ctx context.Context, b store.Board, counter uint32) error {
	_, err := s.store.MarkShown(ctx, b.GameID, b.Viewer, counter, s.now())
	return err
}

// Busy tells whether a game is being played in a chat.
func (s *Service) Busy(ctx context.Context, chat int64) bool {
	ids, err := s.store.ActiveGamesInChat(ctx, chat)
	return err == nil && len(ids) > 0
}

// Boards returns a game's board messages as they are now.
func (s *Service) Boards(ctx context.Context, id int64) ([]store.Board, error) {
	return s.store.Boards(ctx, id)
}

// Current returns a game as it is now with its board messages, for a
// redraw that was not handed an Outcome (a change of language or
// settings).
func (s *Service) Current(ctx context.Context, id int64) (Outcome, error) {
	rec, err := s.store.LoadGame(ctx, id)
	if err != nil {
		return Outcome{}, err
	}
	boards, err := s.store.Boards(ctx, id)
	return Outcome{Game: rec, Boards: boards, Redraw: true, Due: s.dueOf(rec.Kind, rec.Game)}, err
}

// MigrateChat follows a group that Telegram upgraded to a supergroup with
// a new id: its games go on there, each board sent anew in the new chat.
func (s *Service) MigrateChat(ctx context.Context, from, to int64) error {
	ids, err := s.store.MigrateChat(ctx, from, to)
	if err != nil {
		return err
	}
	for _, id := range ids {
		boards, err := s.store.Boards(ctx, id)
		if err != nil {
			return err
		}
		for _, b := range boards {
			if b.ChatID != to {
				continue
			}
			if _, err := s.ShowBoard(ctx, id, b.Viewer, to); err != nil {
				s.log.Warn("sending a board in a migrated chat failed", "game", id, "err", err)
			}
		}
	}
	return nil
}

// LatestGame returns the actor's newest game in the chat, over or not (as
// for /verify and /export), or ErrNoGame.
func (s *Service) LatestGame(ctx context.Context, a Actor) (*store.GameRecord, error) {
	rec, err := s.store.LatestGame(ctx, a.Chat, a.User.ID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, refuse(ErrNoGame, "user %d in chat %d", a.User.ID, a.Chat)
	}
	return rec, err
}

// showLost sends the boards that active games lack, as a crash between a
// game's start and its boards leaves them: a player who could not see the
// game, whose clock would run out unseen.
func (s *Service) showLost(ctx context.Context) {
	ids, err := s.store.ActiveGames(ctx)
	if err != nil {
		s.log.Warn("looking for games without boards failed", "err", err)
		return
	}
	for _, id := range ids {
		boards, err := s.store.Boards(ctx, id)
		if err != nil {
			continue
		}
		rec, err := s.store.LoadGame(ctx, id)
		if err != nil {
			continue
		}
		for _, v := range boardsDue(rec) {
			shown := slices.ContainsFunc(boards, func(b store.Board) bool { return b.Viewer == v.viewer && b.ChatID == v.chat })
			if shown {
				continue
			}
			if _, err := s.ShowBoard(ctx, id, v.viewer, v.chat); err != nil {
				s.log.Warn("showing a game without a board failed", "game", id, "chat", v.chat, "err", err)
			}
		}
	}
}

// boardView is a board a game should have: whom it is drawn for, where.
type boardView struct {
	viewer game.Seat
	chat   int64
}

// boardsDue are the boards a game is played on: a group's one shared
// board, else each person's own in their private chat. (An inline game's
// board is its card, set as it begins.)
func boardsDue(rec *store.GameRecord) []boardView {
	if rec.Kind == store.KindGroup {
		if store.IsInline(rec.Chats[0]) {
			return nil
		}
		return []boardView{{store.SharedBoard, rec.Chats[0]}}
	}
	var out []boardView
	for _, seat := range []game.Seat{0, 1} {
		if !rec.Game.Player(seat).IsComputer() && rec.Chats[seat] != 0 {
			out = append(out, boardView{seat, rec.Chats[seat]})
		}
	}
	return out
}
