package bot

import (
	"context"
	"strconv"
	"strings"

	"github.com/go-telegram/bot/models"

	"nardi/game"
	"nardi/locales"
	"nardi/store"
	"nardi/table"
)

// The handlers of a board's buttons and of typed plays: each decodes what
// the user did, makes one call of the centre, answers, and hands the
// Outcome to the refresher.

// refused answers a tap that the centre refused, logging what the user
// cannot help.
func (b *Bot) refused(ctx context.Context, r *request, err error) {
	if table.CodeOf(err) == table.ErrAlreadyPosted {
		b.answer(ctx, r, "", false) // the same update again: said already
		return
	}
	if table.CodeOf(err) == table.ErrInternal {
		b.log.Error("an action failed", "user", r.user.ID, "chat", r.chat, "err", err)
	}
	f := refusalOf(err)
	b.answer(ctx, r, locales.T(r.lang, f.toastKey(r.group), nil), f.alert)
}

// refusedReply answers a command or a typed play that the centre refused.
func (b *Bot) refusedReply(ctx context.Context, r *request, err error) {
	if table.CodeOf(err) == table.ErrAlreadyPosted {
		return // the same update again: said already
	}
	if table.CodeOf(err) == table.ErrInternal {
		b.log.Error("a command failed", "user", r.user.ID, "chat", r.chat, "err", err)
	}
	b.reply(ctx, r, refusalOf(err).replyKey(r.group), map[string]any{"Bot": b.username})
}

// done answers a tap the centre took and redraws what it changed.
func (b *Bot) done(ctx context.Context, r *request, out table.Outcome, err error) {
	if err != nil {
		b.refused(ctx, r, err)
		return
	}
	b.answer(ctx, r, "", false)
	b.boards.request(out)
}

func (b *Bot) onStep(ctx context.Context, r *request, a action) {
	step, err := parseStepArg(a.arg)
	if err != nil {
		b.toast(ctx, r, "toast.unknown")
		return
	}
	out, err := b.table.Step(ctx, r.actor(), a.game, a.counter, step)
	b.done(ctx, r, out, err)
}

// tapOp makes the handler of a board button that is one call of the
// centre with the game and counter the button was drawn for.
func tapOp(call func(*table.Service, context.Context, table.Actor, int64, uint32) (table.Outcome, error)) func(*Bot, context.Context, *request, action) {
	return func(b *Bot, ctx context.Context, r *request, a action) {
		out, err := call(b.table, ctx, r.actor(), a.game, a.counter)
		b.done(ctx, r, out, err)
	}
}

// seatArg writes a seat for callback data.
func seatArg(s game.Seat) string { return strconv.Itoa(int(s)) }

// parseSeatArg reads what seatArg wrote; anything else is NoSeat.
func parseSeatArg(s string) game.Seat {
	switch s {
	case "0":
		return 0
	case "1":
		return 1
	}
	return game.NoSeat
}

// resignKeyboard asks a seat to confirm its resignation.
func resignKeyboard(lang locales.Lang, q table.ResignQuestion) Keyboard {
	at := func(op string) action { return action{op: op, game: q.Game, counter: q.Counter, arg: seatArg(q.Seat)} }
	return fitRows(
		button(locales.T(lang, "button.resign_yes", nil), at(opResignOK)),
		button(locales.T(lang, "button.cancel", nil), at(opResignNo)))
}

// onResign turns the tapped board's 🏳 into a confirmation. A board two
// players share keeps the other buttons, so that the player on turn can
// go on playing while the other decides; there a person's questions are
// bounded as their commands are, since each one edits the group's board.
func (b *Bot) onResign(ctx context.Context, r *request, a action) {
	if !b.groupAllows(ctx, r) { // an inline board is a group's too
		return
	}
	offer, err := b.table.AskResign(ctx, r.actor(), a.game, a.counter)
	if err != nil {
		b.refused(ctx, r, err)
		return
	}
	b.answer(ctx, r, "", false)
	v, err := b.viewerOf(ctx, offer.Game, offer.Board.Viewer)
	if err != nil {
		return
	}
	q := table.ResignQuestion{Game: offer.Game.ID, Counter: offer.Game.Game.Counter(), Seat: offer.Seat}
	caption := b.caption(offer.Game, v, b.cfg.Now(), locales.N(r.lang, "resign.confirm", offer.Points, nil))
	kb := resignKeyboard(r.lang, q)
	if v.seat == game.NoSeat {
		kb = append(withoutOp(b.keyboard(offer.Game, v), opResign), kb...)
	}
	if err := b.send.EditCaption(ctx, r.chat, r.messageID, caption, kb); err != nil {
		b.log.Warn("asking to resign failed", "err", err)
	}
	// The question went out at the chat's pace: if the game moved on
	// meanwhile, it drew an older state over the new one, so draw again.
	if cur, err := b.table.Current(ctx, q.Game); err == nil && cur.Game.Game.Counter() != q.Counter {
		b.boards.request(cur)
	}
}

// withoutOp returns a keyboard without the buttons of an op, and without
// the rows that leaves empty.
func withoutOp(kb Keyboard, op string) Keyboard {
	var out Keyboard
	for _, row := range kb {
		var kept []models.InlineKeyboardButton
		for _, bt := range row {
			if a, err := parseAction(bt.CallbackData); err != nil || a.op != op {
				kept = append(kept, bt)
			}
		}
		if len(kept) > 0 {
			out = append(out, kept)
		}
	}
	return out
}

// question reads the resignation question a button answers.
func question(a action) table.ResignQuestion {
	return table.ResignQuestion{Game: a.game, Counter: a.counter, Seat: parseSeatArg(a.arg)}
}

func (b *Bot) onResignYes(ctx context.Context, r *request, a action) {
	out, onQuestion, err := b.table.Resign(ctx, r.actor(), question(a))
	b.done(ctx, r, out, err)
	b.dropQuestion(ctx, r, onQuestion)
}

func (b *Bot) onResignNo(ctx context.Context, r *request, a action) {
	out, onQuestion, err := b.table.KeepPlaying(ctx, r.actor(), question(a))
	if err != nil {
		b.refused(ctx, r, err)
	} else {
		b.toast(ctx, r, "toast.cancelled")
		b.boards.request(out)
	}
	b.dropQuestion(ctx, r, onQuestion)
}

// dropQuestion removes the message /resign asked its question in, once
// its player has answered it.
func (b *Bot) dropQuestion(ctx context.Context, r *request, onQuestion bool) {
	if !onQuestion {
		return
	}
	if err := b.send.Delete(ctx, r.chat, r.messageID); err != nil {
		b.log.Warn("removing a resign question failed", "err", err)
	}
}

// onRematch starts a new game against the same opponent.
func (b *Bot) onRematch(ctx context.Context, r *request, a action) {
	if store.IsInline(r.chat) { // nothing can be posted there but a new card
		b.answer(ctx, r, locales.T(r.lang, "inline.rematch", map[string]any{"Bot": b.username}), true)
		return
	}
	rm, err := b.table.Rematch(ctx, r.actor(), a.game)
	switch {
	case rm.Computer != nil:
		if err != nil {
			b.refused(ctx, r, err)
		} else {
			b.answer(ctx, r, "", false)
		}
	case err != nil:
		b.refused(ctx, r, err)
	case rm.Accepted != nil:
		b.answer(ctx, r, "", false)
		b.beginDuel(ctx, r, *rm.Accepted)
	case rm.Sent:
		b.toast(ctx, r, "toast.rematch_sent")
	default:
		b.offerRematch(ctx, r, rm)
	}
}

// onLevel starts a game at the chosen level, on the terms the menu
// showed ("master:c5").
func (b *Bot) onLevel(ctx context.Context, r *request, a action) {
	b.chooseLevel(ctx, r, a, game.ParseLevel)
}

// onFormerLevel is onLevel for a button made before the levels took the
// players' names.
func (b *Bot) onFormerLevel(ctx context.Context, r *request, a action) {
	b.chooseLevel(ctx, r, a, game.ParseFormerLevel)
}

// chooseLevel starts a game against the computer at the level a's
// argument names (read by parse), on the terms it carries.
func (b *Bot) chooseLevel(ctx context.Context, r *request, a action, parse func(string) (game.Level, error)) {
	name, arg, _ := strings.Cut(a.arg, ":")
	level, err := parse(name)
	if err != nil {
		b.toast(ctx, r, "toast.unknown")
		return
	}
	if t, ok := b.checkedTerms(ctx, r, arg, store.PromptLevel); ok {
		b.startComputer(ctx, r, level, t.options(t.clock))
	}
}

// onPlayTerms changes the variant or the match the /play menu offers.
func (b *Bot) onPlayTerms(ctx context.Context, r *request, a action) {
	t, ok := b.menuTerms(ctx, r, a.arg, store.PromptLevel)
	if !ok {
		return
	}
	if err := b.send.EditText(ctx, r.chat, r.messageID, playMenuText(r.lang, t), levelKeyboard(r.lang, t)); err != nil {
		b.log.Warn("showing the /play menu failed", "err", err)
	}
}

// startComputer begins a game against the computer in the user's private
// chat, or says why not: to a tap, in its answer; to a command, in a
// message.
func (b *Bot) startComputer(ctx context.Context, r *request, level game.Level, opts game.Options) {
	if _, err := b.table.StartComputer(ctx, r.actor(), level, opts); err != nil {
		if r.queryID != "" {
			b.refused(ctx, r, err)
		} else {
			b.refusedReply(ctx, r, err)
		}
		return
	}
	b.answer(ctx, r, "", false)
	b.rememberTerms(ctx, r, false, opts)
}

// typedPlay makes a play the user wrote in notation ("24/18 13/8*") in
// their game in the chat, and tells whether the text was taken as a play;
// one that cannot be played is answered so.
func (b *Bot) typedPlay(ctx context.Context, r *request, text string) bool {
	out, err := b.table.TypedPlay(ctx, r.actor(), fromLocalNotation(text))
	switch {
	case table.CodeOf(err) == table.ErrNoGame:
		return false
	case err != nil:
		b.refusedReply(ctx, r, err)
	default:
		b.boards.request(out)
	}
	return true
}
