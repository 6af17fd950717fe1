package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"nardi/game"
)

// ChallengeStatus is where a challenge stands.
type ChallengeStatus string

// The statuses of a challenge.
const (
	ChallengeOpen      ChallengeStatus = "open"
	ChallengeAccepted  ChallengeStatus = "accepted"
	ChallengeExpired   ChallengeStatus = "expired"
	ChallengeCancelled ChallengeStatus = "cancelled"
)

// Challenge is an invitation to a duel: a ⚔ button in a group, or a deep
// link to forward from a private chat.
type Challenge struct {
	// Code names the challenge in callback data and deep links: 16
	// base64url characters, made by NewChallenge.
	Code string
	// Kind is KindGroup or KindPrivate.
	Kind Kind
	// From is the challenger's user id.
	From int64
	// ChatID is the chat that shows the challenge: the group, the
	// challenger's private chat for an invite link, or the private chat of
	// the one person a private challenge (a rematch offer) is for.
	ChatID int64
	// MessageID is the challenge's message, to edit when it ends.
	MessageID int64
	// Target, when not 0, is the only user who may accept.
	Target int64
	// TargetName, when not "", is the @username (without @) of the only
	// user who may accept, for a challenge naming someone the bot has not
	// seen.
	TargetName string
	// Options are the terms of the game it starts.
	Options game.Options
	Status  ChallengeStatus
	// AcceptedBy and GameID are set once accepted.
	AcceptedBy int64
	GameID     int64
	// Created and Expires are when it was made and when it lapses.
	Created, Expires time.Time
	// Source names what made it ("chat:message" of the command or the
	// tapped message), so that the same update handled again finds it.
	Source string
}

// codeBytes is the randomness of a challenge code: 12 bytes give 16
// base64url characters, well within a deep link's 64.
const codeBytes = 12

func newCode() string {
	b := make([]byte, codeBytes)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// NewChallenge stores an open challenge with a fresh random code (any Code,
// Status, AcceptedBy and GameID given are ignored) and returns it.
func (s *Store) NewChallenge(ctx context.Context, c Challenge, now time.Time) (Challenge, error) {
	if c.Kind != KindGroup && c.Kind != KindPrivate {
		return Challenge{}, fmt.Errorf("store: new challenge: kind %q", c.Kind)
	}
	opts, err := json.Marshal(c.Options)
	if err != nil {
		return Challenge{}, fmt.Errorf("store: new challenge: %w", err)
	}
	c.Status, c.AcceptedBy, c.GameID = ChallengeOpen, 0, 0
	c.TargetName = strings.TrimPrefix(c.TargetName, "@")
	c.Created = fromMS(ms(now))
	c.Expires = fromMS(ms(c.Expires))
	for range 5 {
		c.Code = newCode()
		_, err = s.db.ExecContext(ctx, `
			INSERT INTO challenges (code, kind, from_user, chat_id, message_id, target_user, target_name, options, created_at, expires_at, source)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			c.Code, string(c.Kind), c.From, c.ChatID, c.MessageID, c.Target, c.TargetName, string(opts), ms(c.Created), ms(c.Expires), c.Source)
		if !isUnique(err) {
			break
		}
	}
	if err != nil {
		return Challenge{}, fmt.Errorf("store: new challenge from user %d: %w", c.From, err)
	}
	return c, nil
}

const challengeColumns = `code, kind, from_user, chat_id, message_id, target_user, target_name, options, status,
	COALESCE(accepted_by, 0), COALESCE(game_id, 0), created_at, expires_at, source`

func scanChallenge(row interface{ Scan(...any) error }) (Challenge, error) {
	var c Challenge
	var opts string
	var created, expires int64
	err := row.Scan(&c.Code, &c.Kind, &c.From, &c.ChatID, &c.MessageID, &c.Target, &c.TargetName, &opts, &c.Status,
		&c.AcceptedBy, &c.GameID, &created, &expires, &c.Source)
	if err != nil {
		return Challenge{}, err
	}
	c.Created, c.Expires = fromMS(created), fromMS(expires)
	if err := json.Unmarshal([]byte(opts), &c.Options); err != nil {
		return Challenge{}, fmt.Errorf("challenge %s options: %w", c.Code, err)
	}
	return c, nil
}

// Challenge returns a challenge by code.
func (s *Store) Challenge(ctx context.Context, code string) (Challenge, error) {
	c, err := scanChallenge(s.db.QueryRowContext(ctx, `SELECT `+challengeColumns+` FROM challenges WHERE code = ?`, code))
	if errors.Is(err, sql.ErrNoRows) {
		return Challenge{}, fmt.Errorf("store: challenge %q: %w", code, ErrNotFound)
	}
	if err != nil {
		return Challenge{}, fmt.Errorf("store: challenge %q: %w", code, err)
	}
	return c, nil
}

// SetChallengeMessage records the message that shows a challenge.
func (s *Store) SetChallengeMessage(ctx context.Context, code string, messageID int64) error {
	res, err := s.db.ExecContext(ctx, `UPDATE challenges SET message_id = ? WHERE code = ?`, messageID, code)
	if err == nil {
		if n, _ := res.RowsAffected(); n == 0 {
			err = ErrNotFound
		}
	}
	if err != nil {
		return fmt.Errorf("store: set message of challenge %q: %w", code, err)
	}
	return nil
}

// AcceptChallenge accepts a challenge for a user and starts its game, all
// in one transaction, so a challenge is accepted at most once however many
// people tap at the same moment. start gets the challenge as it stands in
// the transaction, still open; it decides whether the user may take it (the rules of
// challenges are the caller's) and builds the new game (the challenger and
// the acceptor in their seats, with the game's opening roll); it should be
// quick. AcceptChallenge fails with ErrNotFound, ErrChallengeTaken (no
// longer open), ErrAlreadyPlaying, or start's error; then nothing changes.
func (s *Store) AcceptChallenge(ctx context.Context, code string, by int64, now time.Time,
	start func(Challenge) (NewGame, error)) (Challenge, int64, error) {
	var c Challenge
	var id int64
	err := s.tx(ctx, func(tx *txn) error {
		var err error
		c, err = scanChallenge(tx.QueryRowContext(ctx, `SELECT `+challengeColumns+` FROM challenges WHERE code = ?`, code))
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if c.Status != ChallengeOpen {
			return ErrChallengeTaken
		}
		ng, err := start(c)
		if err != nil {
			return err
		}
		if id, err = s.createGame(ctx, tx, ng, now); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE challenges SET status = 'accepted', accepted_by = ?, game_id = ?
			WHERE code = ? AND status = 'open'`, by, id, code)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return ErrChallengeTaken
		}
		c.Status, c.AcceptedBy, c.GameID = ChallengeAccepted, by, id
		return nil
	})
	if err != nil {
		return Challenge{}, 0, fmt.Errorf("store: accept challenge %q by user %d: %w", code, by, err)
	}
	return c, id, nil
}

// ChallengeFrom returns the newest challenge made by a source, or
// ErrNotFound.
func (s *Store) ChallengeFrom(ctx context.Context, source string) (Challenge, error) {
	c, err := scanChallenge(s.db.QueryRowContext(ctx, `SELECT `+challengeColumns+` FROM challenges
		WHERE source = ? AND source <> '' ORDER BY created_at DESC, rowid DESC LIMIT 1`, source))
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return Challenge{}, fmt.Errorf("store: challenge from %q: %w", source, err)
	}
	return c, nil
}

// OpenChallengesBy counts a person's challenges shown in a chat that are
// open and not past their expiry by now.
func (s *Store) OpenChallengesBy(ctx context.Context, from, chatID int64, now time.Time) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM challenges
		WHERE from_user = ? AND chat_id = ? AND status = 'open' AND expires_at > ?`, from, chatID, ms(now)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: open challenges of user %d in chat %d: %w", from, chatID, err)
	}
	return n, nil
}

// OpenChallengeBetween returns the newest challenge from one user to
// another (named by user id) shown in a chat that is still open and not
// past its expiry by now, or ErrNotFound.
func (s *Store) OpenChallengeBetween(ctx context.Context, from, target, chatID int64, now time.Time) (Challenge, error) {
	c, err := scanChallenge(s.db.QueryRowContext(ctx, `SELECT `+challengeColumns+` FROM challenges
		WHERE from_user = ? AND target_user = ? AND chat_id = ? AND status = 'open' AND expires_at > ?
		ORDER BY created_at DESC, rowid DESC LIMIT 1`, from, target, chatID, ms(now)))
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return Challenge{}, fmt.Errorf("store: open challenge from user %d to user %d in chat %d: %w", from, target, chatID, err)
	}
	return c, nil
}

// CancelChallenge withdraws an open challenge (who may is the caller's
// rule); it fails with ErrChallengeTaken when it is no longer open.
func (s *Store) CancelChallenge(ctx context.Context, code string) error {
	res, err := s.db.ExecContext(ctx,
		`UPDATE challenges SET status = 'cancelled' WHERE code = ? AND status = 'open'`, code)
	if err == nil {
		if n, _ := res.RowsAffected(); n == 0 {
			err = ErrChallengeTaken
		}
	}
	if err != nil {
		return fmt.Errorf("store: cancel challenge %q: %w", code, err)
	}
	return nil
}

// ExpireChallenges marks every open challenge past its expiry as expired
// and returns them, so that their messages can say so. Each is returned by
// one call only.
func (s *Store) ExpireChallenges(ctx context.Context, now time.Time) ([]Challenge, error) {
	rows, err := s.db.QueryContext(ctx, `
		UPDATE challenges SET status = 'expired' WHERE status = 'open' AND expires_at <= ?
		RETURNING `+challengeColumns, ms(now))
	if err != nil {
		return nil, fmt.Errorf("store: expire challenges: %w", err)
	}
	defer rows.Close()
	var out []Challenge
	for rows.Next() {
		c, err := scanChallenge(rows)
		if err != nil {
			return nil, fmt.Errorf("store: expire challenges: %w", err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: expire challenges: %w", err)
	}
	return out, nil
}

// DeleteChallenges deletes the challenges that are no longer open and were
// made before a time (the daily clean-up), and tells how many.
func (s *Store) DeleteChallenges(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM challenges WHERE status <> 'open' AND created_at < ?`, ms(before))
	if err != nil {
		return 0, fmt.Errorf("store: delete old challenges: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("store: delete old challenges: %w", err)
	}
	return n, nil
}
