package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"time"
)

// inlineBase is where the ids of inline messages as chats begin: below
// every id Telegram gives a chat, so that none is taken for another, and
// negative, so that an inline message is paced as a group (its audience
// is unknown).
const inlineBase = -(int64(1) << 62)

// InlineChat returns the chat id that stands for an inline message, and
// records it: the same id for the same message, always.
func (s *Store) InlineChat(ctx context.Context, inlineID string, now time.Time) (int64, error) {
	h := fnv.New64a()
	h.Write([]byte(inlineID))
	id := inlineBase - int64(h.Sum64()>>3)
	for range 8 { // another message with the same hash: the next id
		_, err := s.db.ExecContext(ctx, `INSERT INTO inline_messages (chat_id, inline_id, created_at) VALUES (?, ?, ?)
			ON CONFLICT DO NOTHING`, id, inlineID, ms(now))
		if err != nil {
			return 0, fmt.Errorf("store: inline message %q: %w", inlineID, err)
		}
		var have string
		if err := s.db.QueryRowContext(ctx, `SELECT inline_id FROM inline_messages WHERE chat_id = ?`, id).Scan(&have); err != nil {
			return 0, fmt.Errorf("store: inline message %q: %w", inlineID, err)
		}
		if have == inlineID {
			return id, nil
		}
		id--
	}
	return 0, fmt.Errorf("store: inline message %q: no free id", inlineID)
}

// NotePosted records who posted an inline message and which card it was
// (the result's id), as Telegram's chosen_inline_result tells, and
// returns the chat id that stands for the message.
func (s *Store) NotePosted(ctx context.Context, inlineID string, poster int64, card string, now time.Time) (int64, error) {
	chat, err := s.InlineChat(ctx, inlineID, now)
	if err != nil {
		return 0, err
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE inline_messages SET poster = ?, card = ? WHERE chat_id = ?`,
		poster, card, chat); err != nil {
		return 0, fmt.Errorf("store: poster of inline message %q: %w", inlineID, err)
	}
	return chat, nil
}

// InlinePoster returns who posted the inline message a chat id stands for
// and which card it was; known is false while Telegram has not told (no
// chosen_inline_result yet, or inline feedback off).
func (s *Store) InlinePoster(ctx context.Context, chat int64) (poster int64, card string, known bool, err error) {
	var p sql.NullInt64
	var c sql.NullString
	err = s.db.QueryRowContext(ctx, `SELECT poster, card FROM inline_messages WHERE chat_id = ?`, chat).Scan(&p, &c)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", false, nil
	}
	if err != nil {
		return 0, "", false, fmt.Errorf("store: poster of inline chat %d: %w", chat, err)
	}
	return p.Int64, c.String, p.Valid, nil
}

// PruneInline forgets the inline messages made before a time that no
// longer matter: no game on them is active or has changed since, and no
// challenge of theirs is open (a card never taken, a game long over).
// It returns how many it forgot.
func (s *Store) PruneInline(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM inline_messages WHERE created_at < ?1
		AND NOT EXISTS (SELECT 1 FROM boards b JOIN games g ON g.id = b.game_id
			WHERE b.chat_id = inline_messages.chat_id AND (g.status = 'active' OR g.updated_at >= ?1))
		AND NOT EXISTS (SELECT 1 FROM challenges c
			WHERE c.source = 'inline:' || inline_messages.chat_id AND c.status = 'open')`, ms(before))
	if err != nil {
		return 0, fmt.Errorf("store: prune inline messages: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("store: prune inline messages: %w", err)
	}
	return n, nil
}

// IsInline tells whether a chat id stands for an inline message.
func IsInline(chat int64) bool { return chat <= inlineBase }

// InlineID returns the inline_message_id of a chat that stands for an
// inline message, or ErrNotFound.
func (s *Store) InlineID(ctx context.Context, chat int64) (string, error) {
	var id string
	err := s.db.QueryRowContext(ctx, `SELECT inline_id FROM inline_messages WHERE chat_id = ?`, chat).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("store: inline chat %d: %w", chat, ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("store: inline chat %d: %w", chat, err)
	}
	return id, nil
}

// Secret returns a named random secret of 32 bytes, made at its first use
// and kept, so that what it signs stays valid across restarts.
func (s *Store) Secret(ctx context.Context, name string) ([]byte, error) {
	var b [32]byte
	rand.Read(b[:])
	key := "secret:" + name
	if _, err := s.db.ExecContext(ctx, `INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING`,
		key, hex.EncodeToString(b[:])); err != nil {
		return nil, fmt.Errorf("store: secret %s: %w", name, err)
	}
	var v string
	if err := s.db.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = ?`, key).Scan(&v); err != nil {
		return nil, fmt.Errorf("store: secret %s: %w", name, err)
	}
	secret, err := hex.DecodeString(v)
	if err != nil {
		return nil, fmt.Errorf("store: secret %s: %w", name, err)
	}
	return secret, nil
}
