package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Settings are a person's choices for their board.
type Settings struct {
	// HomeLeft puts the home at the bottom left instead of bottom right.
	HomeLeft bool
	// Portrait draws the board upright instead of landscape.
	Portrait bool
	// ConfirmMoves makes a turn wait for ✅ after its last step.
	ConfirmMoves bool
	// NoReminders: no private reminder of a slow game's turn.
	NoReminders bool
}

// User is a person the bot has seen.
type User struct {
	// ID is the Telegram user id.
	ID int64
	// Name is the display name.
	Name string
	// Username is the @username without the @, or "".
	Username string
	// LangCode is Telegram's language_code as last seen.
	LangCode string
	// Language is the language chosen with /lang, or "" to follow LangCode.
	Language string
	// Settings are the board settings.
	Settings Settings
	// Started tells that the person has started the bot in a private chat,
	// so the bot may write to them first.
	Started bool
	// LastPlay and LastDuel are the terms of the person's last game
	// against the computer and of their last challenge, as the bot wrote
	// them for a menu ("c5/11+90"), or "" for none yet.
	LastPlay, LastDuel string
	// Created and Updated are when the row was made and last changed.
	Created, Updated time.Time
}

// UserInfo is what Telegram tells about a person with each update.
type UserInfo struct {
	ID       int64
	Name     string
	Username string
	LangCode string
}

const userColumns = `id, name, username, lang_code, language, home_left, portrait, confirm_moves, no_reminders, started, last_play, last_duel, created_at, updated_at`

// scanUser reads a row of userColumns.
func scanUser(row interface{ Scan(...any) error }) (User, error) {
	var u User
	var created, updated int64
	err := row.Scan(&u.ID, &u.Name, &u.Username, &u.LangCode, &u.Language,
		&u.Settings.HomeLeft, &u.Settings.Portrait, &u.Settings.ConfirmMoves, &u.Settings.NoReminders, &u.Started, &u.LastPlay, &u.LastDuel, &created, &updated)
	u.Created, u.Updated = fromMS(created), fromMS(updated)
	return u, err
}

// UpsertUser records a person as Telegram describes them now, creating
// them with default settings or refreshing name, username and language
// code (writing only when something changed), and returns the stored user.
func (s *Store) UpsertUser(ctx context.Context, info UserInfo, now time.Time) (User, error) {
	if info.ID == 0 {
		return User{}, fmt.Errorf("store: upsert user: no id")
	}
	row := s.db.QueryRowContext(ctx, `
		INSERT INTO users (id, name, username, lang_code, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET
			name = excluded.name, username = excluded.username,
			lang_code = excluded.lang_code, updated_at = excluded.updated_at
		WHERE name <> excluded.name OR username <> excluded.username OR lang_code <> excluded.lang_code
		RETURNING `+userColumns,
		info.ID, info.Name, info.Username, info.LangCode, ms(now), ms(now))
	u, err := scanUser(row)
	if errors.Is(err, sql.ErrNoRows) { // nothing changed: no row returned
		return s.User(ctx, info.ID)
	}
	if err != nil {
		return User{}, fmt.Errorf("store: upsert user %d: %w", info.ID, err)
	}
	return u, nil
}

// User returns a person by Telegram user id.
func (s *Store) User(ctx context.Context, id int64) (User, error) {
	u, err := scanUser(s.db.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, fmt.Errorf("store: user %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return User{}, fmt.Errorf("store: user %d: %w", id, err)
	}
	return u, nil
}

// UserByUsername finds a person by @username (with or without the @,
// case-insensitively).
func (s *Store) UserByUsername(ctx context.Context, username string) (User, error) {
	name := strings.TrimPrefix(username, "@")
	if name == "" {
		return User{}, fmt.Errorf("store: user @: %w", ErrNotFound)
	}
	u, err := scanUser(s.db.QueryRowContext(ctx,
		`SELECT `+userColumns+` FROM users WHERE username = ? COLLATE NOCASE ORDER BY updated_at DESC LIMIT 1`, name))
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, fmt.Errorf("store: user @%s: %w", name, ErrNotFound)
	}
	if err != nil {
		return User{}, fmt.Errorf("store: user @%s: %w", name, err)
	}
	return u, nil
}

// SetSettings stores a person's board settings.
func (s *Store) SetSettings(ctx context.Context, id int64, st Settings, now time.Time) error {
	return s.updateUser(ctx, id, "settings",
		`UPDATE users SET home_left = ?, portrait = ?, confirm_moves = ?, no_reminders = ?, updated_at = ? WHERE id = ?`,
		boolInt(st.HomeLeft), boolInt(st.Portrait), boolInt(st.ConfirmMoves), boolInt(st.NoReminders), ms(now), id)
}

// SetSetting stores one of a person's board settings, leaving the others
// as they are: "home_left", "portrait", "confirm_moves" or "no_reminders".
func (s *Store) SetSetting(ctx context.Context, id int64, name string, on bool, now time.Time) error {
	switch name {
	case "home_left", "portrait", "confirm_moves", "no_reminders":
	default:
		return fmt.Errorf("store: no setting %q", name)
	}
	return s.updateUser(ctx, id, name, `UPDATE users SET `+name+` = ?, updated_at = ? WHERE id = ?`, boolInt(on), ms(now), id)
}

// SetLanguage stores the language a person chose ("" to follow Telegram's).
func (s *Store) SetLanguage(ctx context.Context, id int64, lang string, now time.Time) error {
	return s.updateUser(ctx, id, "language",
		`UPDATE users SET language = ?, updated_at = ? WHERE id = ?`, lang, ms(now), id)
}

// SetStarted records whether the bot may write to a person first: true
// once they start it in a private chat, false when they block it.
func (s *Store) SetStarted(ctx context.Context, id int64, started bool, now time.Time) error {
	return s.updateUser(ctx, id, "started",
		`UPDATE users SET started = ?, updated_at = ? WHERE id = ?`, boolInt(started), ms(now), id)
}

// SetLastTerms records the terms of a person's last game against the
// computer (duel false) or of their last challenge (duel true), as the
// bot writes them.
func (s *Store) SetLastTerms(ctx context.Context, id int64, duel bool, terms string, now time.Time) error {
	column := "last_play"
	if duel {
		column = "last_duel"
	}
	return s.updateUser(ctx, id, column, `UPDATE users SET `+column+` = ?, updated_at = ? WHERE id = ?`, terms, ms(now), id)
}

// updateUser runs an UPDATE of one user, ErrNotFound when there is none.
func (s *Store) updateUser(ctx context.Context, id int64, what, query string, args ...any) error {
	res, err := s.db.ExecContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("store: set %s of user %d: %w", what, id, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("store: set %s of user %d: %w", what, id, ErrNotFound)
	}
	return nil
}
