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
	err := txOn(ctx, s.durable, func(tx *sql.Tx) error {
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

// MaxTries is how often an update is handled (its handler panicked, or
// the process died while handling it) before it is put aside.
const MaxTries = 3

// Pending returns the stored updates not yet handled, oldest first, to
// replay after a restart. Each replay counts as a try; an update tried
// MaxTries times is put aside in inbox_dead instead and returned as dead.
func (s *Store) Pending(ctx context.Context) (pending, dead []Update, err error) {
	err = s.tx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT update_id, body, tries FROM inbox ORDER BY update_id`)
		if err != nil {
			return err
		}
		var all []Update
		var tries []int
		for rows.Next() {
			var u Update
			var n int
			if err := rows.Scan(&u.ID, &u.Body, &n); err != nil {
				rows.Close()
				return err
			}
			all, tries = append(all, u), append(tries, n)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for i, u := range all {
			if tries[i] >= MaxTries {
				dead = append(dead, u)
				if err := moveAside(ctx, tx, u.ID); err != nil {
					return err
				}
				continue
			}
			if _, err := tx.ExecContext(ctx, `UPDATE inbox SET tries = tries + 1 WHERE update_id = ?`, u.ID); err != nil {
				return err
			}
			pending = append(pending, u)
		}
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("store: pending updates: %w", err)
	}
	return pending, dead, nil
}

// Failed records that an update's handler failed; past MaxTries the update
// is put aside, and Failed tells so.
func (s *Store) Failed(ctx context.Context, id int64) (dead bool, err error) {
	err = s.tx(ctx, func(tx *sql.Tx) error {
		var tries int
		err := tx.QueryRowContext(ctx, `UPDATE inbox SET tries = tries + 1 WHERE update_id = ? RETURNING tries`, id).Scan(&tries)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil || tries < MaxTries {
			return err
		}
		dead = true
		return moveAside(ctx, tx, id)
	})
	if err != nil {
		return false, fmt.Errorf("store: update %d failed: %w", id, err)
	}
	return dead, nil
}

// moveAside moves an update from the inbox to inbox_dead.
func moveAside(ctx context.Context, tx *sql.Tx, id int64) error {
	if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO inbox_dead (update_id, body, received_at, tries, failed_at)
		SELECT update_id, body, received_at, tries, ? FROM inbox WHERE update_id = ?`, ms(time.Now()), id); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM inbox WHERE update_id = ?`, id)
	return err
}

// Done forgets a handled update.
func (s *Store) Done(ctx context.Context, id int64) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM inbox WHERE update_id = ?`, id); err != nil {
		return fmt.Errorf("store: update %d done: %w", id, err)
	}
	return nil
}
