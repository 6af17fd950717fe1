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
	err := txOn(ctx, s.durable, func(tx *txn) error {
		for _, u := range updates {
			// An update handled already (delivered again) is not stored.
			if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO inbox (update_id, body, received_at)
				SELECT ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM inbox_done WHERE update_id = ?)`,
				u.ID, u.Body, now, u.ID); err != nil {
				return err
			}
		}
		// The offset only grows (webhook deliveries may come out of order).
		_, err := tx.ExecContext(ctx, `INSERT INTO meta (key, value) VALUES ('update_offset', ?)
			ON CONFLICT (key) DO UPDATE SET value = CASE WHEN CAST(value AS INTEGER) > CAST(excluded.value AS INTEGER)
				THEN value ELSE excluded.value END`, strconv.FormatInt(next, 10))
		return err
	})
	if err != nil {
		return fmt.Errorf("store: receive %d updates: %w", len(updates), err)
	}
	return nil
}

// ReceiveOne stores one update delivered by itself (a webhook's), and
// tells whether it is new: false when it is stored already or was handled
// lately, as when Telegram delivers it again.
func (s *Store) ReceiveOne(ctx context.Context, u Update) (fresh bool, err error) {
	err = txOn(ctx, s.durable, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO inbox (update_id, body, received_at)
			SELECT ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM inbox_done WHERE update_id = ?)`,
			u.ID, u.Body, ms(time.Now()), u.ID)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		fresh = n == 1
		return err
	})
	if err != nil {
		return false, fmt.Errorf("store: receive update %d: %w", u.ID, err)
	}
	return fresh, nil
}

// MaxTries is how often an update is handled (its handler panicked, or
// the process died while handling it) before it is put aside.
const MaxTries = 3

// Pending returns the stored updates not yet handled, oldest first, to
// replay after a restart. Each replay counts as a try; an update tried
// MaxTries times is put aside in inbox_dead instead and returned as dead.
func (s *Store) Pending(ctx context.Context) (pending, dead []Update, err error) {
	err = s.tx(ctx, func(tx *txn) error {
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
	err = s.tx(ctx, func(tx *txn) error {
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
func moveAside(ctx context.Context, tx *txn, id int64) error {
	if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO inbox_dead (update_id, body, received_at, tries, failed_at)
		SELECT update_id, body, received_at, tries, ? FROM inbox WHERE update_id = ?`, ms(time.Now()), id); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM inbox WHERE update_id = ?`, id)
	return err
}

// Done forgets a handled update.
func (s *Store) Done(ctx context.Context, id int64) error {
	err := s.tx(ctx, func(tx *txn) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM inbox WHERE update_id = ?`, id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO inbox_done (update_id, done_at) VALUES (?, ?)`, id, ms(time.Now()))
		return err
	})
	if err != nil {
		return fmt.Errorf("store: update %d done: %w", id, err)
	}
	return nil
}

// ForgetHandled forgets the updates handled before a time.
func (s *Store) ForgetHandled(ctx context.Context, before time.Time) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM inbox_done WHERE done_at < ?`, ms(before)); err != nil {
		return fmt.Errorf("store: forget handled updates: %w", err)
	}
	return nil
}

// InboxDepth counts the updates stored and not yet handled.
func (s *Store) InboxDepth(ctx context.Context) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM inbox`).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: inbox depth: %w", err)
	}
	return n, nil
}

// Ping tells whether the database answers.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	if err := s.db.QueryRowContext(ctx, `SELECT 1`).Scan(&one); err != nil {
		return fmt.Errorf("store: ping: %w", err)
	}
	return nil
}
