package bot

import (
	"context"
	"encoding/json"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-telegram/bot/models"

	"nardi/locales"
	"nardi/store"
	"nardi/table"
)

// request is what a handler knows about the update it handles.
type request struct {
	chat      int64
	group     bool
	user      store.User
	lang      locales.Lang
	messageID int    // the message the update came with
	queryID   string // for a callback query
	answered  bool
	args      string // a command's arguments
	replyTo   *models.User
	mentions  []string  // @usernames in a command
	at        time.Time // when a callback query began to be handled
}

// actor is who acts in the request, for the centre.
func (r *request) actor() table.Actor {
	return table.Actor{User: r.user, Chat: r.chat, Message: int64(r.messageID)}
}

// langOf returns the language a user reads.
func langOf(u store.User) locales.Lang {
	if l, ok := locales.Parse(u.Language); ok {
		return l
	}
	return locales.FromTelegram(u.LangCode)
}

// maxName is the longest name shown, in UTF-16 units as Telegram counts.
const maxName = 32

// displayName returns a person's name for captions: at most maxName UTF-16
// units (an emoji or a letter outside the basic plane counts two), cut
// with an ellipsis.
func displayName(u *models.User) string {
	name := strings.TrimSpace(u.FirstName + " " + u.LastName)
	if name == "" {
		name = u.Username
	}
	units := 0
	for i, r := range name {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if units+w > maxName-1 && i+utf8.RuneLen(r) < len(name) {
			return name[:i] + "…"
		}
		units += w
	}
	return name
}

// handleUpdate is called for every update, once handled or replayed.
func (b *Bot) handleUpdate(ctx context.Context, raw store.Update) {
	var u models.Update
	if err := json.Unmarshal(raw.Body, &u); err != nil {
		b.log.Warn("unreadable update", "update", raw.ID, "err", err)
		return
	}
	switch {
	case u.Message != nil:
		b.handleMessage(ctx, u.Message)
	case u.CallbackQuery != nil:
		b.handleCallback(ctx, u.CallbackQuery)
	case u.InlineQuery != nil:
		b.onInlineQuery(ctx, u.InlineQuery)
	case u.ChosenInlineResult != nil:
		b.onInlinePosted(ctx, u.ChosenInlineResult)
	case u.MyChatMember != nil && u.MyChatMember.Chat.Type == models.ChatTypePrivate:
		// The person blocked the bot, or came back: whether it may write
		// to them first.
		if nm := u.MyChatMember.NewChatMember; nm.Banned != nil || nm.Left != nil {
			b.notStarted(ctx, u.MyChatMember.From.ID)
		} else if user, err := b.knowUser(ctx, &u.MyChatMember.From); err == nil {
			b.markStarted(ctx, &user)
		}
	}
}

// command is one of the bot's commands: the one list of them, in the
// order of the command menu, which describes each under "cmd.<name>" in
// every language. The /start menu's buttons name commands of this table.
type command struct {
	name string
	run  func(b *Bot, ctx context.Context, r *request)
}

var commands = []command{
	{"start", (*Bot).cmdStart},
	{"play", (*Bot).cmdPlay},
	{"help", (*Bot).cmdHelp},
	{"rules", (*Bot).cmdRules},
	{"lang", (*Bot).cmdLang},
	{"settings", (*Bot).cmdSettings},
	{"board", (*Bot).cmdBoard},
	{"resign", (*Bot).cmdResign},
	{"stats", (*Bot).cmdStats},
	{"duel", (*Bot).cmdDuel},
	{"verify", (*Bot).cmdVerify},
	{"export", (*Bot).cmdExport},
	{"position", (*Bot).cmdPosition},
	{"review", (*Bot).cmdReview},
	{"top", (*Bot).cmdTop},
	{"tournament", (*Bot).cmdTournament},
}

// commandNamed finds a command of the table.
func commandNamed(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// parseCommand splits "/cmd@bot args" and tells whether the command is
// meant for this bot.
func (b *Bot) parseCommand(text string) (name, args string, ok bool) {
	if !strings.HasPrefix(text, "/") {
		return "", "", false
	}
	head, args, _ := strings.Cut(text[1:], " ")
	head, _, _ = strings.Cut(head, "\n")
	name, at, addressed := strings.Cut(head, "@")
	if addressed && !strings.EqualFold(at, b.username) {
		return "", "", false // for another bot
	}
	return strings.ToLower(name), strings.TrimSpace(args), true
}

func (b *Bot) handleMessage(ctx context.Context, m *models.Message) {
	if m.MigrateToChatID != 0 {
		// The group became a supergroup with another id: its games follow.
		if err := b.table.MigrateChat(ctx, m.Chat.ID, m.MigrateToChatID); err != nil {
			b.log.Error("following a migrated group failed", "from", m.Chat.ID, "to", m.MigrateToChatID, "err", err)
		}
		return
	}
	if m.From == nil || m.From.IsBot {
		return
	}
	name, args, ok := b.parseCommand(m.Text)
	private := m.Chat.Type == models.ChatTypePrivate
	b.noteChat(ctx, m.Chat)
	if !ok {
		if private {
			user, err := b.knowUser(ctx, m.From)
			if err == nil {
				b.markStarted(ctx, &user)
				r := &request{chat: m.Chat.ID, user: user, lang: langOf(user), messageID: m.ID}
				if !b.typedPlay(ctx, r, m.Text) {
					b.reply(ctx, r, "error.unknown_command", nil)
				}
			}
		}
		return
	}
	user, err := b.knowUser(ctx, m.From)
	if err != nil {
		b.log.Error("storing a user failed", "user", m.From.ID, "err", err)
		return
	}
	if private {
		b.markStarted(ctx, &user)
	}
	r := &request{chat: m.Chat.ID, group: !private, user: user, lang: langOf(user), messageID: m.ID, args: args}
	if m.ReplyToMessage != nil && m.ReplyToMessage.From != nil && !m.ReplyToMessage.From.IsBot {
		r.replyTo = m.ReplyToMessage.From
	}
	for _, e := range m.Entities {
		if e.Type == models.MessageEntityTypeMention {
			if mention := utf16Slice(m.Text, e.Offset, e.Length); mention != "" {
				r.mentions = append(r.mentions, strings.TrimPrefix(mention, "@"))
			}
		}
	}
	c, known := commandNamed(name)
	if !known {
		if private {
			b.reply(ctx, r, "error.unknown_command", nil)
		}
		return
	}
	if !private && !b.chatter.allow(r.chat, r.user.ID, time.Now()) {
		b.log.Debug("a command in a group left unanswered: too many", "chat", r.chat, "user", r.user.ID, "command", name)
		return
	}
	c.run(b, ctx, r)
}

// markStarted records that a person who writes to the bot in private has
// started it, so that the bot may write to them first from now on.
func (b *Bot) markStarted(ctx context.Context, u *store.User) {
	if u.Started {
		return
	}
	started := *u
	started.Started = true
	_, err := b.changeUser(ctx, started, func(ctx context.Context) error {
		return b.store.SetStarted(ctx, u.ID, true, b.cfg.Now())
	})
	if err != nil {
		b.log.Warn("recording a start failed", "user", u.ID, "err", err)
		return
	}
	*u = started
}

// utf16Slice cuts a text by UTF-16 offsets, as Telegram gives entities.
func utf16Slice(text string, offset, length int) string {
	pos, start := 0, -1
	for i, r := range text {
		if pos == offset {
			start = i
		}
		if start >= 0 && pos == offset+length {
			return text[start:i]
		}
		if r >= 0x10000 {
			pos += 2
		} else {
			pos++
		}
	}
	if start >= 0 && pos == offset+length {
		return text[start:]
	}
	return ""
}

func (b *Bot) handleCallback(ctx context.Context, q *models.CallbackQuery) {
	r := &request{queryID: q.ID, at: time.Now()}
	defer func() {
		if !r.answered {
			b.answer(ctx, r, "", false)
		}
	}()
	user, err := b.knowUser(ctx, &q.From)
	if err != nil {
		b.log.Error("storing a user failed", "user", q.From.ID, "err", err)
		b.answer(ctx, r, locales.T(locales.FromTelegram(q.From.LanguageCode), "toast.error", nil), false)
		return
	}
	r.user, r.lang = user, langOf(user)
	if msg := q.Message.Message; msg != nil {
		r.chat, r.messageID, r.group = msg.Chat.ID, msg.ID, msg.Chat.Type != models.ChatTypePrivate
		b.noteChat(ctx, msg.Chat)
	} else if q.Message.InaccessibleMessage != nil {
		m := q.Message.InaccessibleMessage
		r.chat, r.messageID, r.group = m.Chat.ID, m.MessageID, m.Chat.Type != models.ChatTypePrivate
	} else if q.InlineMessageID != "" {
		if err := b.inlineTap(ctx, r, q.InlineMessageID); err != nil {
			b.log.Error("reading an inline message failed", "err", err)
			b.answer(ctx, r, locales.T(r.lang, "toast.error", nil), false)
			return
		}
	}
	a, err := parseAction(q.Data)
	handle, known := ops[a.op]
	if err != nil || !known {
		b.toast(ctx, r, "toast.unknown")
		return
	}
	handle(b, ctx, r, a)
}

// answer answers the request's callback query once.
func (b *Bot) answer(ctx context.Context, r *request, text string, alert bool) {
	if r.queryID == "" || r.answered {
		return
	}
	r.answered = true
	if err := b.send.Answer(ctx, r.queryID, text, alert); err != nil {
		b.log.Warn("answering a button failed", "err", err)
	}
	outcome := "ok"
	switch {
	case alert:
		outcome = "alert"
	case text != "":
		outcome = "note"
	}
	b.cfg.Metrics.Tap(outcome, time.Since(r.at))
}

// toast answers with a short localized note.
func (b *Bot) toast(ctx context.Context, r *request, key string) {
	b.answer(ctx, r, locales.T(r.lang, key, nil), false)
}

// alert answers with a localized note the user must dismiss.
func (b *Bot) alert(ctx context.Context, r *request, key string) {
	b.answer(ctx, r, locales.T(r.lang, key, nil), true)
}

// reply sends a localized message to the request's chat.
func (b *Bot) reply(ctx context.Context, r *request, key string, data map[string]any) {
	b.replyKB(ctx, r, locales.T(r.lang, key, data), nil)
}

func (b *Bot) replyKB(ctx context.Context, r *request, text string, kb Keyboard) int {
	id, err := b.send.SendText(ctx, r.chat, text, kb)
	if err != nil {
		b.log.Warn("sending a message failed", "chat", r.chat, "err", err)
	}
	return id
}
