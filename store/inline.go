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
