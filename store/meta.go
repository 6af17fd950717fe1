package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"
)

// Heartbeat records that the bot is alive at now. A bot that beats every
// second can, after a crash, give every clock back the time it was down:
// from LastHeartbeat to its restart (game.Game.Shift).
func (s *Store) Heartbeat(ctx context.Context, now time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO meta (key, value) VALUES ('heartbeat', ?)
		ON CONFLICT (key) DO UPDATE SET value = excluded.value`, strconv.FormatInt(ms(now), 10))
	if err != nil {
		return fmt.Errorf("store: heartbeat: %w", err)
	}
	return nil
}

// LastHeartbeat returns the last time recorded by Heartbeat, and false
// when there is none.
func (s *Store) LastHeartbeat(ctx context.Context) (time.Time, bool, error) {
	var v string
	err := s.db.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = 'heartbeat'`).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, false, nil
	}
	if err != nil {
		return time.Time{}, false, fmt.Errorf("store: last heartbeat: %w", err)
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return time.Time{}, false, fmt.Errorf("store: last heartbeat %q: %w", v, err)
	}
	return fromMS(n), true, nil
}
