package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"nardi/game"
)

// PromptKind is what a prompt's buttons do.
type PromptKind string

// The kinds of prompts.
const (
	PromptMenu     PromptKind = "menu"     // the /start menu
	PromptLang     PromptKind = "lang"     // the /lang menu
	PromptSettings PromptKind = "settings" // the /settings menu
	PromptLevel    PromptKind = "level"    // the choice of the computer's level
	PromptDuel     PromptKind = "duel"     // the choice of an invited duel's terms
	PromptResign   PromptKind = "resign"   // the question /resign asks
	PromptTyped    PromptKind = "typed"    // a person's message with a play, once played
)

// Prompt is a message with buttons that belongs to one person and one
// purpose, so that a tap is taken only on it and only from them.
type Prompt struct {
	ChatID    int64
	MessageID int64
	Kind      PromptKind
	UserID    int64
	// Game and Seat are a resignation question's, Points what it said
	// resigning would cost, and Number the game of the match it was asked
	// in.
	Game   int64
	Seat   game.Seat
	Points int
	Number int
}

// SetPrompt records a prompt.
func (s *Store) SetPrompt(ctx context.Context, p Prompt, now time.Time) error {
	_, err := s.db.ExecContext(ctx, `
		INSERT INTO prompts (chat_id, message_id, kind, user_id, game_id, seat, points, number, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (chat_id, message_id) DO UPDATE SET kind = excluded.kind, user_id = excluded.user_id,
			game_id = excluded.game_id, seat = excluded.seat, points = excluded.points, number = excluded.number,
			created_at = excluded.created_at`,
		p.ChatID, p.MessageID, string(p.Kind), p.UserID, p.Game, int(p.Seat), p.Points, p.Number, ms(now))
	if err != nil {
		return fmt.Errorf("store: set prompt %d in chat %d: %w", p.MessageID, p.ChatID, err)
	}
	return nil
}

// PromptAt returns the prompt a message shows, or ErrNotFound.
func (s *Store) PromptAt(ctx context.Context, chatID, messageID int64) (Prompt, error) {
	p := Prompt{ChatID: chatID, MessageID: messageID}
	var seat int
	err := s.db.QueryRowContext(ctx, `SELECT kind, user_id, game_id, seat, points, number FROM prompts WHERE chat_id = ? AND message_id = ?`,
		chatID, messageID).Scan(&p.Kind, &p.UserID, &p.Game, &seat, &p.Points, &p.Number)
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return Prompt{}, fmt.Errorf("store: prompt %d in chat %d: %w", messageID, chatID, err)
	}
	p.Seat = game.Seat(seat)
	return p, nil
}

// DeletePrompt forgets a prompt, as once answered.
func (s *Store) DeletePrompt(ctx context.Context, chatID, messageID int64) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM prompts WHERE chat_id = ? AND message_id = ?`, chatID, messageID); err != nil {
		return fmt.Errorf("store: delete prompt %d in chat %d: %w", messageID, chatID, err)
	}
	return nil
}

// DeletePrompts forgets the prompts made before a time (the daily
// clean-up).
func (s *Store) DeletePrompts(ctx context.Context, before time.Time) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM prompts WHERE created_at < ?`, ms(before)); err != nil {
		return fmt.Errorf("store: delete old prompts: %w", err)
	}
	return nil
}
