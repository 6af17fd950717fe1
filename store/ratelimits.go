package store

import (
	"context"
	"fmt"
	"time"
)

// SetRateLimit records that Telegram asked not to send to the chat before
// until.
func (s *Store) SetRateLimit(ctx context.Context, chatID int64, until time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO rate_limits (chat_id, until) VALUES (?, ?)
		ON CONFLICT (chat_id) DO UPDATE SET until = max(until, excluded.until)`, chatID, msCeil(until))
	if err != nil {
		return fmt.Errorf("store: rate limit of chat %d: %w", chatID, err)
	}
	return nil
}

// RateLimits returns the chats whose retry_after is still in force at now,
// and forgets the others.
func (s *Store) RateLimits(ctx context.Context, now time.Time) (map[int64]time.Time, error) {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM rate_limits WHERE until <= ?`, ms(now)); err != nil {
		return nil, fmt.Errorf("store: rate limits: %w", err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT chat_id, until FROM rate_limits`)
	if err != nil {
		return nil, fmt.Errorf("store: rate limits: %w", err)
	}
	defer rows.Close()
	out := map[int64]time.Time{}
	for rows.Next() {
		var chat, until int64
		if err := rows.Scan(&chat, &until); err != nil {
			return nil, fmt.Errorf("store: rate limits: %w", err)
		}
		out[chat] = fromMS(until)
	}
	return out, rows.Err()
}
