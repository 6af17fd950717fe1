package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/go-telegram/bot/models"

	"nardi/game"
	"nardi/locales"
	"nardi/store"
)

// Remind tells a player of a slow game, in their private chat, that the
// game waits for them: the opponent, the group and a link to the board
// where Telegram allows one (a supergroup's message), or a reply to the
// board in the private chat of an invited duel. Nobody who has not started
// the bot, or who switched reminders off in /settings, is written to; a
// person who turns out to have blocked the bot (403) is marked so, as
// everywhere, and written to no more until they come back.
func (b *Bot) Remind(ctx context.Context, rec *store.GameRecord, seat game.Seat) {
	p := rec.Game.Player(seat)
	user, err := b.store.User(ctx, p.UserID)
	if err != nil || !user.Started || user.Settings.NoReminders {
		return
	}
	lang := langOf(user)
	opponent := rec.Game.Player(seat.Other()).Name
	chat, board := rec.Chats[seat], 0
	if out, err := b.table.Current(ctx, rec.ID); err == nil {
		for _, bd := range out.Boards {
			if bd.ChatID == chat && (bd.Viewer == seat || bd.Viewer == store.SharedBoard) {
				board = int(bd.MessageID)
			}
		}
	}
	hint := locales.T(lang, "duel.remind_off_hint", nil)
	if chat == user.ID || store.IsInline(chat) { // an invited duel: the board is in this chat
		if chat != user.ID {
			board = 0 // an inline message: in a chat the bot does not know
		}
		text := locales.T(lang, "duel.remind_private", map[string]any{"Opponent": opponent}) + "\n" + hint
		_, err := b.send.SendReply(ctx, user.ID, board, text)
		b.reminderSent(ctx, user.ID, err)
		return
	}
	info, err := b.store.ChatInfo(ctx, chat)
	if err != nil {
		info.Title = "…"
	}
	text := locales.T(lang, "duel.remind_group", map[string]any{"Opponent": opponent, "Chat": info.Title}) + "\n" + hint
	var kb Keyboard
	if link := messageLink(info, board); link != "" {
		kb = Keyboard{{{Text: locales.T(lang, "button.open_board", nil), URL: link}}}
	}
	_, err = b.send.SendText(ctx, user.ID, text, kb)
	b.reminderSent(ctx, user.ID, err)
}

// reminderSent handles the error of a reminder's sending: a person who
// blocked the bot, or never started it, is marked as one it may not write
// to first (see notStarted); any other failure is logged.
func (b *Bot) reminderSent(ctx context.Context, user int64, err error) {
	switch {
	case forbidden(err):
		b.notStarted(ctx, user)
	case err != nil:
		b.log.Warn("sending a reminder failed", "user", user, "err", err)
	}
}

// messageLink is a link to a message of a group, where Telegram has one:
// by the group's @username, or (a supergroup's, for its members) by its
// id; "" for a basic group's.
func messageLink(c store.Chat, message int) string {
	switch {
	case message == 0:
		return ""
	case c.Username != "":
		return fmt.Sprintf("https://t.me/%s/%d", c.Username, message)
	case c.Super && strings.HasPrefix(strconv.FormatInt(c.ID, 10), "-100"):
		return fmt.Sprintf("https://t.me/c/%s/%d", strings.TrimPrefix(strconv.FormatInt(c.ID, 10), "-100"), message)
	}
	return ""
}

// noteChat records a group's title, username and kind as Telegram gives
// them, when they changed, for the reminders.
func (b *Bot) noteChat(ctx context.Context, c models.Chat) {
	if c.Type == models.ChatTypePrivate || c.Title == "" {
		return
	}
	info := store.Chat{ID: c.ID, Title: c.Title, Username: c.Username, Super: c.Type != models.ChatTypeGroup}
	if known, ok := b.chats.Load(c.ID); ok && known.(store.Chat) == info {
		return
	}
	if err := b.store.SetChat(ctx, info, time.Now()); err != nil {
		b.log.Warn("recording a group failed", "chat", c.ID, "err", err)
		return
	}
	b.chats.Store(c.ID, info)
}
