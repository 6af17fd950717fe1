package bot

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/go-telegram/bot/models"

	"nardi/game"
	"nardi/locales"
	"nardi/store"
	"nardi/table"
)

// menuCommands are the commands the menu of /start offers, in its order;
// each button is labelled button.<name>.
var menuCommands = []string{"play", "duel", "rules", "help", "lang", "settings"}

// menu is the keyboard of /start.
func menu(lang locales.Lang) Keyboard {
	var buttons []models.InlineKeyboardButton
	for _, name := range menuCommands {
		buttons = append(buttons, button(locales.T(lang, "button."+name, nil), action{op: opMenu, arg: name}))
	}
	return fitRows(buttons...)
}

// groupAllows tells whether a person's tap in a group (or on an inline
// message) may be carried out now: it sends or edits a message there, so
// it counts as a command does. Too many are answered with a toast.
func (b *Bot) groupAllows(ctx context.Context, r *request) bool {
	if r.group && !b.chatter.allow(r.chat, r.user.ID, time.Now()) {
		b.toast(ctx, r, "toast.slow_down")
		return false
	}
	return true
}

func (b *Bot) cmdStart(ctx context.Context, r *request) {
	if !r.group && !r.user.Started {
		r.user.Started = true
		_, err := b.changeUser(ctx, r.user, func(ctx context.Context) error {
			return b.store.SetStarted(ctx, r.user.ID, true, b.cfg.Now())
		})
		if err != nil {
			b.log.Warn("recording a start failed", "user", r.user.ID, "err", err)
		}
	}
	if !r.group {
		b.liveMenu(ctx, r.user.ID, r.lang)
	}
	if code := strings.TrimSpace(r.args); code != "" && !r.group {
		if !b.sendPapers(ctx, r, code) {
			b.acceptInvite(ctx, r, code)
		}
		return
	}
	b.sendPrompt(ctx, r, store.PromptMenu, locales.T(r.lang, "start.welcome", map[string]any{"Name": r.user.Name}), menu(r.lang))
}

func (b *Bot) cmdHelp(ctx context.Context, r *request) {
	r = b.chatterTo(ctx, r)
	b.replyKB(ctx, r, locales.T(r.lang, "help.text", nil)+"\n\n"+locales.T(r.lang, "help.fair", nil), nil)
}

func (b *Bot) cmdRules(ctx context.Context, r *request) {
	r = b.chatterTo(ctx, r)
	if strings.EqualFold(strings.TrimSpace(r.args), longWord) {
		b.reply(ctx, r, "rules.long", nil)
		return
	}
	b.reply(ctx, r, "rules.part1", nil)
	b.reply(ctx, r, "rules.part2", nil)
}

// chatterTo is where a long answer to a command goes: in a group where a
// game is being played, to the person's private chat when the bot may
// write there, so that the group's budget stays with the board.
func (b *Bot) chatterTo(ctx context.Context, r *request) *request {
	if !r.group || !r.user.Started || !b.table.Busy(ctx, r.chat) {
		return r
	}
	private := *r
	private.chat, private.group = r.user.ID, false
	return &private
}

// langKeyboard offers every language, each named in itself, the one read
// now marked.
func langKeyboard(current locales.Lang) Keyboard {
	kb := Keyboard{}
	for i, l := range locales.Langs {
		if i%2 == 0 {
			kb = append(kb, nil)
		}
		kb[len(kb)-1] = append(kb[len(kb)-1], button(option(locales.Name(l), l == current), action{op: opLang, arg: string(l)}))
	}
	return kb
}

func (b *Bot) cmdLang(ctx context.Context, r *request) {
	b.sendPrompt(ctx, r, store.PromptLang, locales.T(r.lang, "lang.choose", nil), langKeyboard(r.lang))
}

func (b *Bot) onLang(ctx context.Context, r *request, a action) {
	lang, ok := locales.Parse(a.arg)
	if !ok {
		b.toast(ctx, r, "toast.unknown")
		return
	}
	if !b.ownPrompt(ctx, r, store.PromptLang) || !b.groupAllows(ctx, r) {
		return
	}
	fresh, err := b.changeUser(ctx, r.user, func(ctx context.Context) error {
		return b.store.SetLanguage(ctx, r.user.ID, string(lang), b.cfg.Now())
	})
	if err == nil {
		r.user = fresh
	}
	if err != nil {
		b.log.Error("saving a language failed", "err", err)
		b.toast(ctx, r, "toast.error")
		return
	}
	r.lang = lang
	b.toast(ctx, r, "toast.saved")
	if err := b.send.EditText(ctx, r.chat, r.messageID, locales.T(lang, "lang.changed", nil), menu(lang)); err != nil {
		b.log.Warn("confirming a language failed", "err", err)
	}
	b.rePrompt(ctx, r, store.PromptMenu)
	b.redrawUserBoards(ctx, r)
	if !r.group {
		b.liveMenu(ctx, r.user.ID, lang)
	}
}

// settingsText and settingsKeyboard show a user's board settings, each
// choice a button with the current one marked.
func settingsText(lang locales.Lang, s store.Settings) string {
	t := func(key string) string { return locales.T(lang, key, nil) }
	home, layout, confirm := t("settings.home_right"), t("settings.landscape"), t("settings.confirm_off")
	if s.HomeLeft {
		home = t("settings.home_left")
	}
	if s.Portrait {
		layout = t("settings.portrait")
	}
	if s.ConfirmMoves {
		confirm = t("settings.confirm_on")
	}
	remind := t("settings.remind_on")
	if s.NoReminders {
		remind = t("settings.remind_off")
	}
	return locales.T(lang, "settings.text", map[string]any{"Home": home, "Layout": layout, "Confirm": confirm, "Remind": remind})
}

func settingsKeyboard(lang locales.Lang, s store.Settings) Keyboard {
	choice := func(key, arg string, current bool) models.InlineKeyboardButton {
		return button(option(locales.T(lang, key, nil), current), action{op: opSetting, arg: arg})
	}
	kb := fitRows(choice("button.home_right", "home:right", !s.HomeLeft), choice("button.home_left", "home:left", s.HomeLeft))
	kb = append(kb, fitRows(choice("button.landscape", "layout:landscape", !s.Portrait), choice("button.portrait", "layout:portrait", s.Portrait))...)
	return append(kb, Keyboard{
		{choice("button.confirm_off", "confirm:off", !s.ConfirmMoves)},
		{choice("button.confirm_on", "confirm:on", s.ConfirmMoves)},
		{choice("button.remind_on", "remind:on", !s.NoReminders)},
		{choice("button.remind_off", "remind:off", s.NoReminders)},
	}...)
}

func (b *Bot) cmdSettings(ctx context.Context, r *request) {
	b.sendPrompt(ctx, r, store.PromptSettings, settingsText(r.lang, r.user.Settings), settingsKeyboard(r.lang, r.user.Settings))
}

func (b *Bot) onSetting(ctx context.Context, r *request, a action) {
	if !b.ownPrompt(ctx, r, store.PromptSettings) || !b.groupAllows(ctx, r) {
		return
	}
	column, on := "", false
	switch a.arg {
	case "home:right", "home:left":
		column, on = "home_left", a.arg == "home:left"
	case "layout:landscape", "layout:portrait":
		column, on = "portrait", a.arg == "layout:portrait"
	case "confirm:on", "confirm:off":
		column, on = "confirm_moves", a.arg == "confirm:on"
	case "remind:on", "remind:off":
		column, on = "no_reminders", a.arg == "remind:off"
	default:
		b.toast(ctx, r, "toast.unknown")
		return
	}
	before := r.user.Settings
	fresh, err := b.changeUser(ctx, r.user, func(ctx context.Context) error {
		return b.store.SetSetting(ctx, r.user.ID, column, on, b.cfg.Now())
	})
	if err != nil {
		b.log.Error("saving settings failed", "err", err)
		b.toast(ctx, r, "toast.error")
		return
	}
	r.user = fresh
	s := fresh.Settings
	if s == before {
		b.toast(ctx, r, "toast.already_done")
		return
	}
	b.toast(ctx, r, "toast.saved")
	if err := b.send.EditText(ctx, r.chat, r.messageID, settingsText(r.lang, s), settingsKeyboard(r.lang, s)); err != nil {
		b.log.Warn("showing settings failed", "err", err)
	}
	b.redrawUserBoards(ctx, r)
}

// redrawUserBoards redraws the boards of the user's game in the chat after
// a change of language or settings.
func (b *Bot) redrawUserBoards(ctx context.Context, r *request) {
	if rec, err := b.table.ActiveGame(ctx, r.actor()); err == nil {
		b.redrawLatest(ctx, rec.ID)
	}
}

// levelKeyboard is the /play menu: the variant and the match to choose,
// then the computer's levels, each starting a game on the terms chosen.
func levelKeyboard(lang locales.Lang, t terms) Keyboard {
	kb := termsRows(lang, opPlayTerms, t)
	for _, l := range game.Levels {
		arg := string(l) + ":" + termsArg(t)
		kb = append(kb, []models.InlineKeyboardButton{button(locales.T(lang, "button.level_"+string(l), nil), action{op: opLevel, arg: arg})})
	}
	return kb
}

func (b *Bot) cmdPlay(ctx context.Context, r *request) {
	if r.group {
		b.reply(ctx, r, "error.private_only", map[string]any{"Bot": b.username})
		return
	}
	t, p := readTerms(r.args, true)
	if p.key != "" {
		// Say which word was not understood, then how to write them.
		b.replyKB(ctx, r, problemText(r.lang, p)+"\n\n"+locales.T(r.lang, "error.usage_play", nil), nil)
		return
	}
	if _, err := b.table.ActiveGame(ctx, r.actor()); err == nil {
		b.reply(ctx, r, "error.game_in_progress", nil)
		return
	}
	if t.level == "" {
		if strings.TrimSpace(r.args) == "" {
			t = lastTerms(r.user, false) // the menu starts from the last choice
		}
		b.sendPrompt(ctx, r, store.PromptLevel, playMenuText(r.lang, t), levelKeyboard(r.lang, t))
		return
	}
	b.startComputer(ctx, r, t.level, t.options(t.clock))
}

func (b *Bot) cmdBoard(ctx context.Context, r *request) {
	res, err := b.table.ResendBoard(ctx, r.actor())
	if err != nil {
		b.refusedReply(ctx, r, err)
		return
	}
	// The old message keeps its picture but loses its buttons.
	for _, bm := range res.Replaced {
		if v, err := b.viewerOf(ctx, res.Game, res.Viewer); err == nil {
			_ = b.send.EditCaption(ctx, bm.ChatID, int(bm.MessageID), b.caption(res.Game, v, b.cfg.Now()), Keyboard{})
		}
	}
}

func (b *Bot) cmdResign(ctx context.Context, r *request) {
	err := b.table.AskResignByCommand(ctx, r.actor(), func(q table.ResignQuestion, points int) (int64, error) {
		id, err := b.send.SendText(ctx, r.chat, locales.N(r.lang, "resign.confirm", points, nil), resignKeyboard(r.lang, q))
		return int64(id), err
	})
	if err != nil {
		b.refusedReply(ctx, r, err)
	}
}

// onMenu handles the buttons of /start: each names a command.
func (b *Bot) onMenu(ctx context.Context, r *request, a action) {
	if !slices.Contains(menuCommands, a.arg) {
		b.toast(ctx, r, "toast.unknown")
		return
	}
	if !b.ownPrompt(ctx, r, store.PromptMenu) || !b.groupAllows(ctx, r) {
		return
	}
	b.answer(ctx, r, "", false)
	if a.arg == "duel" && !r.group {
		// The menu offers the duel's terms before making its link.
		t := lastTerms(r.user, true) // the menu starts from the last choice
		b.sendPrompt(ctx, r, store.PromptDuel, duelMenuText(r.lang, t), duelKeyboard(r.lang, t))
		return
	}
	if c, ok := commandNamed(a.arg); ok {
		c.run(b, ctx, r)
	}
}
