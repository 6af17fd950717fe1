package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"nardi/game"
)

// SharedBoard is the viewer of a group game's one board, seen by both.
const SharedBoard = game.NoSeat

// Board is a message that shows a game's board.
type Board struct {
	GameID int64
	// Viewer is the seat the board is drawn for, or SharedBoard for a
	// group game's one board.
	Viewer    game.Seat
	ChatID    int64
	MessageID int64
	// Shown is the move counter of the state the message shows, so that a
	// delayed edit never shows an older state over a newer one.
	Shown uint32
}

// SetBoard records the message of a game's board for a viewer, replacing
// the earlier one (as /board sends the board anew), with the counter it
// shows.
func (s *Store) SetBoard(ctx context.Context, b Board, now time.Time) error {
	_, err := s.db.ExecContext(ctx, `
		INSERT INTO boards (game_id, viewer, chat_id, message_id, shown, updated_at) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (game_id, viewer) DO UPDATE SET
			chat_id = excluded.chat_id, message_id = excluded.message_id,
			shown = excluded.shown, updated_at = excluded.updated_at`,
		b.GameID, int(b.Viewer), b.ChatID, b.MessageID, int64(b.Shown), ms(now))
	if err != nil {
		return fmt.Errorf("store: set board of game %d for %d: %w", b.GameID, b.Viewer, err)
	}
	return nil
}

// Boards returns a game's board messages.
func (s *Store) Boards(ctx context.Context, gameID int64) ([]Board, error) {
	rows, err := s.db.QueryContext(ctx, `
		SELECT game_id, viewer, chat_id, message_id, shown FROM boards WHERE game_id = ? ORDER BY viewer`, gameID)
	if err != nil {
		return nil, fmt.Errorf("store: boards of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var out []Board
	for rows.Next() {
		b, err := scanBoard(rows)
		if err != nil {
			return nil, fmt.Errorf("store: boards of game %d: %w", gameID, err)
		}
		out = append(out, b)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: boards of game %d: %w", gameID, err)
	}
	return out, nil
}

// BoardByMessage finds the board shown by a message.
func (s *Store) BoardByMessage(ctx context.Context, chatID, messageID int64) (Board, error) {
	b, err := scanBoard(s.db.QueryRowContext(ctx, `
		SELECT game_id, viewer, chat_id, message_id, shown FROM boards WHERE chat_id = ? AND message_id = ?`,
		chatID, messageID))
	if errors.Is(err, sql.ErrNoRows) {
		return Board{}, fmt.Errorf("store: board message %d in chat %d: %w", messageID, chatID, ErrNotFound)
	}
	if err != nil {
		return Board{}, fmt.Errorf("store: board message %d in chat %d: %w", messageID, chatID, err)
	}
	return b, nil
}

func scanBoard(row interface{ Scan(...any) error }) (Board, error) {
	var b Board
	var viewer int
	var shown int64
	err := row.Scan(&b.GameID, &viewer, &b.ChatID, &b.MessageID, &shown)
	b.Viewer, b.Shown = game.Seat(viewer), uint32(shown)
	return b, err
}

// MarkShown records that a board message now shows the state of the move
// counter, if that is newer than what it showed; it tells whether it was.
// A caller holding an older state than the one shown should not edit.
func (s *Store) MarkShown(ctx context.Context, gameID int64, viewer game.Seat, counter uint32, now time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, `
		UPDATE boards SET shown = ?, updated_at = ? WHERE game_id = ? AND viewer = ? AND shown < ?`,
		int64(counter), ms(now), gameID, int(viewer), int64(counter))
	if err != nil {
		return false, fmt.Errorf("store: mark board of game %d shown: %w", gameID, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("store: mark board of game %d shown: %w", gameID, err)
	}
	return n > 0, nil
}

// BehindBoards returns the games, up to limit, with a board message that
// shows an older state than the game's and has not changed since before
// a time: active games, and games finished since then, the most behind
// first. A crash between storing a move and editing its boards leaves
// such boards; the sweep redraws them.
func (s *Store) BehindBoards(ctx context.Context, before time.Time, limit int) ([]int64, error) {
	rows, err := s.db.QueryContext(ctx, `
		SELECT DISTINCT b.game_id FROM boards b JOIN games g ON g.id = b.game_id
		WHERE b.shown < g.counter AND b.updated_at < ?
			AND (g.status = 'active' OR (g.status = 'finished' AND g.finished_at >= ?))
		ORDER BY b.updated_at LIMIT ?`, ms(before), ms(before.Add(-time.Hour)), limit)
	if err != nil {
		return nil, fmt.Errorf("store: boards behind: %w", err)
	}
	return scanIDs(rows)
}
