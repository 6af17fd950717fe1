package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tg "github.com/go-telegram/bot"
	"github.com/go-telegram/bot/models"

	"nardi/metrics"
	"nardi/store"
)

// Sender makes Bot API calls the way Telegram wants them made: one at a
// time per chat, waiting out a 429's retry_after before anything else goes
// to that chat, retrying network failures with backoff, and treating
// "message is not modified" as success.
type Sender struct {
	api *tg.Bot
	log *slog.Logger
	// OnWait is told of a wait for Telegram, from from to until, of a
	// call made with ctx (which names the board it draws, if any: see
	// withBoard), so that game clocks are not charged for it. A wait
	// behind a retry_after that no board earned is not told.
	OnWait func(ctx context.Context, from, until time.Time)
	// OnLimit is told of each retry_after, so that it can outlive a restart.
	OnLimit func(chat int64, until time.Time)
	// InlineID finds the inline message a chat stands for (see
	// store.InlineChat), for the edits of inline messages.
	InlineID func(ctx context.Context, chat int64) (string, error)
	// Metrics counts the calls; Contact, when set, holds the time of the
	// last call Telegram answered (Unix nanoseconds), for /healthz.
	Metrics *metrics.Metrics
	Contact *atomic.Int64

	mu    sync.Mutex
	chats map[int64]*chatLane
	// pace is the pace of new group lanes (the zero value: Telegram's);
	// tests that do not measure the pace quicken it before the bot runs.
	pace lanePace
}

// Restore puts back the retry_after of chats from before a restart.
func (s *Sender) Restore(limits map[int64]time.Time) {
	for chat, until := range limits {
		s.lane(chat).limit(until)
	}
}

// Ready waits until a call to the chat could go out at once, so that a
// caller may build what it sends as late as possible.
func (s *Sender) Ready(ctx context.Context, chat int64) error {
	l := s.lane(chat)
	d, now := l.readyIn(chat)
	if until := now.Add(d); d > 0 && s.OnWait != nil {
		if from := l.creditable(now); until.After(from) {
			s.OnWait(ctx, from, until)
		}
	}
	return sleep(ctx, d)
}

// NewSender wraps a Bot API client.
func NewSender(api *tg.Bot, log *slog.Logger) *Sender {
	return &Sender{api: api, log: log, chats: map[int64]*chatLane{}}
}

// Prune forgets the lanes of chats that have been quiet for a minute, so
// that their number follows the chats in use, not all chats ever seen.
func (s *Sender) Prune() {
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	for chat, l := range s.chats {
		if l.idle(now) {
			delete(s.chats, chat)
		}
	}
}

func (s *Sender) lane(chat int64) *chatLane {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.chats[chat]
	if l == nil {
		l = &chatLane{pace: s.pace}
		s.chats[chat] = l
	}
	return l
}

// errNotModified tells that an edit changed nothing, which is fine.
func notModified(err error) bool {
	return err != nil && strings.Contains(err.Error(), "message is not modified")
}

// gone tells that a message can no longer be edited and must be sent anew.
func gone(err error) bool {
	if err == nil {
		return false
	}
	msg := err.Error()
	return strings.Contains(msg, "message to edit not found") ||
		strings.Contains(msg, "message can't be edited") ||
		strings.Contains(msg, "MESSAGE_ID_INVALID")
}

// forbidden tells that the user has blocked the bot or never started it.
func forbidden(err error) bool {
	return errors.Is(err, tg.ErrorForbidden) || (err != nil && strings.Contains(err.Error(), "Forbidden"))
}

// permanent tells whether retrying cannot help.
func permanent(err error) bool {
	return errors.Is(err, tg.ErrorBadRequest) || errors.Is(err, tg.ErrorForbidden) ||
		errors.Is(err, tg.ErrorUnauthorized) || errors.Is(err, tg.ErrorNotFound) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

const maxTries = 6

// call runs fn for a chat (chat 0: not bound to a chat) with retries, at
// the chat's pace (see chatLane); board tells a board's picture or caption
// from other messages.
func (s *Sender) call(ctx context.Context, chat int64, what string, fn func(context.Context) error) error {
	return s.paced(ctx, chat, what, false, fn)
}

// paced is call with the lane's priority given.
func (s *Sender) paced(ctx context.Context, chat int64, what string, board bool, fn func(context.Context) error) error {
	var l *chatLane
	if chat != 0 {
		l = s.lane(chat)
	}
	backoff := 250 * time.Millisecond
	var err error
	for try := 0; try < maxTries; try++ {
		if l != nil {
			if err := l.acquire(ctx, chat, board); err != nil {
				return err
			}
		}
		err = fn(ctx)
		if l != nil {
			l.release()
		}
		if err == nil || notModified(err) {
			s.Metrics.Call(what, "ok")
			if s.Contact != nil {
				s.Contact.Store(time.Now().UnixNano())
			}
			return nil
		}
		var tooMany *tg.TooManyRequestsError
		if errors.As(err, &tooMany) {
			wait := time.Duration(max(1, tooMany.RetryAfter)) * time.Second
			s.Metrics.Call(what, "429")
			s.Metrics.Waited(wait)
			s.log.Warn("telegram rate limit", "call", what, "chat", chat, "retry_after", wait)
			if l != nil {
				until := time.Now().Add(wait)
				// Only a board's wait is given back to the clocks: a
				// reply's 429 (a player's spam of commands) is no one's,
				// nor is it when the next board's Ready meets it.
				switch {
				case !board:
					l.spend(until)
				case s.OnWait != nil:
					s.OnWait(ctx, time.Now(), until)
				}
				l.limit(until)
				if s.OnLimit != nil {
					s.OnLimit(chat, until)
				}
				continue
			}
			if err := sleep(ctx, wait); err != nil {
				return err
			}
			continue
		}
		s.Metrics.Call(what, "error")
		if permanent(err) {
			return fmt.Errorf("%s: %w", what, err)
		}
		s.log.Warn("telegram call failed, retrying", "call", what, "chat", chat, "err", err, "retry_in", backoff)
		if err := sleep(ctx, backoff); err != nil {
			return err
		}
		backoff = min(2*backoff, 5*time.Second)
	}
	return fmt.Errorf("%s: giving up after %d tries: %w", what, maxTries, err)
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Keyboard is an inline keyboard: rows of buttons.
type Keyboard [][]models.InlineKeyboardButton

func (k Keyboard) markup() models.ReplyMarkup {
	if k == nil {
		return &models.InlineKeyboardMarkup{InlineKeyboard: [][]models.InlineKeyboardButton{}}
	}
	return &models.InlineKeyboardMarkup{InlineKeyboard: k}
}

// SendText sends an HTML message and returns its id.
func (s *Sender) SendText(ctx context.Context, chat int64, text string, kb Keyboard) (int, error) {
	var id int
	err := s.call(ctx, chat, "sendMessage", func(ctx context.Context) error {
		params := &tg.SendMessageParams{ChatID: chat, Text: text, ParseMode: models.ParseModeHTML,
			LinkPreviewOptions: &models.LinkPreviewOptions{IsDisabled: tg.True()}}
		if kb != nil {
			params.ReplyMarkup = kb.markup()
		}
		m, err := s.api.SendMessage(ctx, params)
		if err == nil {
			id = m.ID
		}
		return err
	})
	return id, err
}

// SendReply sends an HTML message in reply to an earlier message of the
// chat (on its own if that one is gone, or to is 0) and returns its id.
func (s *Sender) SendReply(ctx context.Context, chat int64, to int, text string) (int, error) {
	var id int
	err := s.call(ctx, chat, "sendMessage", func(ctx context.Context) error {
		params := &tg.SendMessageParams{ChatID: chat, Text: text, ParseMode: models.ParseModeHTML,
			LinkPreviewOptions: &models.LinkPreviewOptions{IsDisabled: tg.True()}}
		if to != 0 {
			params.ReplyParameters = &models.ReplyParameters{MessageID: to, AllowSendingWithoutReply: true}
		}
		m, err := s.api.SendMessage(ctx, params)
		if err == nil {
			id = m.ID
		}
		return err
	})
	return id, err
}

// EditInlinePhoto changes an inline message's picture (by URL: Telegram
// takes no upload for an inline message), caption and keyboard; lane is
// the chat that stands for the message, which paces the calls.
func (s *Sender) EditInlinePhoto(ctx context.Context, lane int64, inlineID, url, caption string, kb Keyboard) error {
	return s.paced(ctx, lane, "editMessageMedia", true, func(ctx context.Context) error {
		_, err := s.api.EditMessageMedia(ctx, &tg.EditMessageMediaParams{InlineMessageID: inlineID,
			Media:       &models.InputMediaPhoto{Media: url, Caption: caption, ParseMode: models.ParseModeHTML},
			ReplyMarkup: kb.markup()})
		return inlineEdited(err)
	})
}

// EditText changes an HTML message's text and keyboard.
func (s *Sender) EditText(ctx context.Context, chat int64, msg int, text string, kb Keyboard) error {
	return s.call(ctx, chat, "editMessageText", func(ctx context.Context) error {
		_, err := s.api.EditMessageText(ctx, &tg.EditMessageTextParams{ChatID: chat, MessageID: msg, Text: text,
			ParseMode: models.ParseModeHTML, ReplyMarkup: kb.markup(),
			LinkPreviewOptions: &models.LinkPreviewOptions{IsDisabled: tg.True()}})
		return err
	})
}

// SendPhoto sends a PNG with an HTML caption and returns the message id.
func (s *Sender) SendPhoto(ctx context.Context, chat int64, png []byte, caption string, kb Keyboard) (int, error) {
	var id int
	err := s.paced(ctx, chat, "sendPhoto", true, func(ctx context.Context) error {
		m, err := s.api.SendPhoto(ctx, &tg.SendPhotoParams{ChatID: chat,
			Photo:   &models.InputFileUpload{Filename: "board.png", Data: bytes.NewReader(png)},
			Caption: caption, ParseMode: models.ParseModeHTML, ReplyMarkup: kb.markup()})
		if err == nil {
			id = m.ID
		}
		return err
	})
	return id, err
}

// SendDocument sends a file with an HTML caption.
func (s *Sender) SendDocument(ctx context.Context, chat int64, name string, data []byte, caption string) error {
	return s.call(ctx, chat, "sendDocument", func(ctx context.Context) error {
		_, err := s.api.SendDocument(ctx, &tg.SendDocumentParams{ChatID: chat,
			Document: &models.InputFileUpload{Filename: name, Data: bytes.NewReader(data)},
			Caption:  caption, ParseMode: models.ParseModeHTML})
		return err
	})
}

// EditPhoto replaces a photo message's picture, caption and keyboard.
func (s *Sender) EditPhoto(ctx context.Context, chat int64, msg int, png []byte, caption string, kb Keyboard) error {
	return s.paced(ctx, chat, "editMessageMedia", true, func(ctx context.Context) error {
		_, err := s.api.EditMessageMedia(ctx, &tg.EditMessageMediaParams{ChatID: chat, MessageID: msg,
			Media: &models.InputMediaPhoto{Media: "attach://board.png", MediaAttachment: bytes.NewReader(png),
				Caption: caption, ParseMode: models.ParseModeHTML},
			ReplyMarkup: kb.markup()})
		return err
	})
}

// EditCaption changes a photo message's caption and keyboard only; a chat
// that stands for an inline message (store.IsInline) edits that message.
func (s *Sender) EditCaption(ctx context.Context, chat int64, msg int, caption string, kb Keyboard) error {
	params := &tg.EditMessageCaptionParams{ChatID: chat, MessageID: msg, Caption: caption, ParseMode: models.ParseModeHTML,
		ReplyMarkup: kb.markup()}
	if store.IsInline(chat) {
		id, err := s.inlineID(ctx, chat)
		if err != nil {
			return err
		}
		params.ChatID, params.MessageID, params.InlineMessageID = nil, 0, id
	}
	return s.paced(ctx, chat, "editMessageCaption", true, func(ctx context.Context) error {
		_, err := s.api.EditMessageCaption(ctx, params)
		if params.InlineMessageID != "" {
			return inlineEdited(err)
		}
		return err
	})
}

// inlineEdited reads the answer to an edit of an inline message, which is
// True instead of the message: the client library fails to read that
// into a message, which is no failure of the edit.
func inlineEdited(err error) error {
	if err != nil && strings.Contains(err.Error(), "error decode response result") {
		return nil
	}
	return err
}

// inlineID finds the inline message a chat stands for.
func (s *Sender) inlineID(ctx context.Context, chat int64) (string, error) {
	if s.InlineID == nil {
		return "", fmt.Errorf("inline message of chat %d: unknown", chat)
	}
	return s.InlineID(ctx, chat)
}

// Answer answers a callback query, with a toast or an alert.
func (s *Sender) Answer(ctx context.Context, queryID, text string, alert bool) error {
	return s.call(ctx, 0, "answerCallbackQuery", func(ctx context.Context) error {
		_, err := s.api.AnswerCallbackQuery(ctx, &tg.AnswerCallbackQueryParams{CallbackQueryID: queryID, Text: text, ShowAlert: alert})
		return err
	})
}

// Delete removes a message, ignoring a message already gone.
func (s *Sender) Delete(ctx context.Context, chat int64, msg int) error {
	err := s.call(ctx, chat, "deleteMessage", func(ctx context.Context) error {
		_, err := s.api.DeleteMessage(ctx, &tg.DeleteMessageParams{ChatID: chat, MessageID: msg})
		return err
	})
	if err != nil && strings.Contains(err.Error(), "not found") {
		return nil
	}
	return err
}

// IsAdmin tells whether a person is the creator or an administrator of a
// group (getChatMember).
func (s *Sender) IsAdmin(ctx context.Context, chat, user int64) (bool, error) {
	var m *models.ChatMember
	err := s.call(ctx, 0, "getChatMember", func(ctx context.Context) error {
		var err error
		m, err = s.api.GetChatMember(ctx, &tg.GetChatMemberParams{ChatID: chat, UserID: user})
		return err
	})
	if err != nil {
		return false, fmt.Errorf("bot: is user %d an administrator of chat %d: %w", user, chat, err)
	}
	return m.Type == models.ChatMemberTypeOwner || m.Type == models.ChatMemberTypeAdministrator, nil
}
