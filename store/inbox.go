package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"
)

// Update is one update as Telegram sent it, kept until it is handled.
type Update struct {
	ID   int64
	Body []byte
}

// Offset returns the next update id to ask Telegram for (0 at first).
func (s *Store) Offset(ctx context.Context) (int64, error) {
	var v string
	err := s.db.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = 'update_offset'`).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("store: update offset: %w", err)
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("store: update offset %q: %w", v, err)
	}
	return n, nil
}

// Receive stores updates and the next offset in one transaction; updates
// stored before are kept as they are.
func (s *Store) Receive(ctx context.Context, updates []Update, next int64) error {
	now := ms(time.Now())
	err := s.tx(ctx, func(tx *sql.Tx) error {
		for _, u := range updates {
			if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO inbox (update_id, body, received_at) VALUES (?, ?, ?)`,
				u.ID, u.Body, now); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO meta (key, value) VALUES ('update_offset', ?)
			ON CONFLICT (key) DO UPDATE SET value = excluded.value`, strconv.FormatInt(next, 10))
		return err
	})
	if err != nil {
		return fmt.Errorf("store: receive %d updates: %w", len(updates), err)
	}
	return nil
}

// Pending returns the stored updates not yet handled, oldest first.
func (s *Store) Pending(ctx context.Context) ([]Update, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT update_id, body FROM inbox ORDER BY update_id`)
	if err != nil {
		return nil, fmt.Errorf("store: pending updates: %w", err)
	}
	defer rows.Close()
	var out []Update
	for rows.Next() {
		var u Update
		if err := rows.Scan(&u.ID, &u.Body); err != nil {
			return nil, fmt.Errorf("store: pending updates: %w", err)
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

// Done forgets a handled update.
func (s *Store) Done(ctx context.Context, id int64) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM inbox WHERE update_id = ?`, id); err != nil {
		return fmt.Errorf("store: update %d done: %w", id, err)
	}
	return nil
}
