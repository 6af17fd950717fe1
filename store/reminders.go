package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Reminder is the reminder a game's player on turn is owed: once a turn,
// TurnKey naming the turn.
type Reminder struct {
	Game    int64
	TurnKey int64
	At      time.Time
}

// SetReminder arranges a game's reminder for a turn at a time; a reminder
// of the same turn keeps its time and whether it was sent.
func (s *Store) SetReminder(ctx context.Context, r Reminder) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO reminders (game_id, turn_key, remind_at) VALUES (?, ?, ?)
		ON CONFLICT (game_id) DO UPDATE SET remind_at = excluded.remind_at, turn_key = excluded.turn_key, sent = 0
		WHERE turn_key <> excluded.turn_key`, r.Game, r.TurnKey, ms(r.At))
	if err != nil {
		return fmt.Errorf("store: reminder of game %d: %w", r.Game, err)
	}
	return nil
}

// ClearReminder forgets a game's reminder (nobody is owed one).
func (s *Store) ClearReminder(ctx context.Context, game int64) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM reminders WHERE game_id = ?`, game); err != nil {
		return fmt.Errorf("store: clear the reminder of game %d: %w", game, err)
	}
	return nil
}

// DueReminders returns up to limit reminders not sent and due by now.
func (s *Store) DueReminders(ctx context.Context, now time.Time, limit int) ([]Reminder, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT game_id, turn_key, remind_at FROM reminders
		WHERE sent = 0 AND remind_at <= ? ORDER BY remind_at LIMIT ?`, ms(now), limit)
	if err != nil {
		return nil, fmt.Errorf("store: due reminders: %w", err)
	}
	defer rows.Close()
	var out []Reminder
	for rows.Next() {
		var r Reminder
		var at int64
		if err := rows.Scan(&r.Game, &r.TurnKey, &at); err != nil {
			return nil, fmt.Errorf("store: due reminders: %w", err)
		}
		r.At = fromMS(at)
		out = append(out, r)
	}
	return out, rows.Err()
}

// MarkReminded records a reminder sent, and tells whether it was still
// owed (false: sent already, or its turn is over).
func (s *Store) MarkReminded(ctx context.Context, r Reminder) (bool, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE reminders SET sent = 1 WHERE game_id = ? AND turn_key = ? AND sent = 0`, r.Game, r.TurnKey)
	if err != nil {
		return false, fmt.Errorf("store: mark the reminder of game %d: %w", r.Game, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Chat is a group as Telegram last described it.
type Chat struct {
	ID       int64
	Title    string
	Username string // its public @username without the @, or ""
	Super    bool   // a supergroup (or a channel), whose messages have links
}

// SetChat records a group's title, username and kind.
func (s *Store) SetChat(ctx context.Context, c Chat, now time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO chats (id, title, username, super, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET title = excluded.title, username = excluded.username, super = excluded.super,
			updated_at = excluded.updated_at`,
		c.ID, c.Title, c.Username, boolInt(c.Super), ms(now))
	if err != nil {
		return fmt.Errorf("store: chat %d: %w", c.ID, err)
	}
	return nil
}

// ChatInfo returns a group as last recorded, or ErrNotFound.
func (s *Store) ChatInfo(ctx context.Context, id int64) (Chat, error) {
	c := Chat{ID: id}
	err := s.db.QueryRowContext(ctx, `SELECT title, username, super FROM chats WHERE id = ?`, id).Scan(&c.Title, &c.Username, &c.Super)
	if errors.Is(err, sql.ErrNoRows) {
		return c, fmt.Errorf("store: chat %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return c, fmt.Errorf("store: chat %d: %w", id, err)
	}
	return c, nil
}
