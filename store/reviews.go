package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ReviewKey names one person's review of one game of a match (Number 1
// outside a match) in one chat.
type ReviewKey struct {
	Game   int64
	Number int
	User   int64
	Chat   int64
}

// ReviewMessage returns the message that holds a review posted already,
// or ErrNotFound.
func (s *Store) ReviewMessage(ctx context.Context, k ReviewKey) (int64, error) {
	var id int64
	err := s.db.QueryRowContext(ctx, `SELECT message_id FROM reviews WHERE game_id = ? AND number = ? AND user_id = ? AND chat_id = ?`,
		k.Game, k.Number, k.User, k.Chat).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("store: review of game %d in chat %d: %w", k.Game, k.Chat, err)
	}
	return id, nil
}

// SetReviewMessage records the message a review was posted as.
func (s *Store) SetReviewMessage(ctx context.Context, k ReviewKey, message int64, now time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO reviews (game_id, number, user_id, chat_id, message_id, posted_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, number, user_id, chat_id) DO UPDATE SET
			message_id = excluded.message_id, posted_at = excluded.posted_at`,
		k.Game, k.Number, k.User, k.Chat, message, ms(now))
	if err != nil {
		return fmt.Errorf("store: record the review of game %d in chat %d: %w", k.Game, k.Chat, err)
	}
	return nil
}
