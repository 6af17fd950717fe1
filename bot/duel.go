package bot

import (
	"context"
	"net/url"
	"strings"
	"time"

	"github.com/go-telegram/bot/models"

	"nardi/game"
	"nardi/locales"
	"nardi/store"
	"nardi/table"
)

// Duels between people. A duel begins with a challenge (store.Challenge):
//
//   - /duel in a group posts a ⚔ button that anyone else may take, or only
//     the person the command replied to or named with @username; the game
//     then runs on one board in the group (viewer game.NoSeat), drawn for
//     the player on turn.
//   - /duel in a private chat gives a deep link to forward to a friend;
//     opening it starts a game in which each player has a board of their
//     own, in their own chat, language and settings.
//   - 🔁 at the end of a duel offers the other player another game: a
//     challenge for them alone, in the group or in their private chat.
//
// The centre (table) keeps every rule of challenges and takes a challenge
// in one transaction, so a challenge starts one game however many people
// tap at once; this file shows challenges and duels. The bot writes first
// only to people who have started it; when Telegram refuses anyway, it
// says why in the chat where the attempt was made.

// challengeTTL is how long a challenge or an invite link stays open.
var challengeTTL = table.DefaultChallengeTTL

// secsOf writes a part of a time control in whole seconds.
func secsOf(d time.Duration) int { return int(d / time.Second) }

// clockLine describes a time control in a language.
func clockLine(lang locales.Lang, tc game.TimeControl) string {
	switch {
	case !tc.Enabled():
		return locales.T(lang, "duel.no_clock", nil)
	case tc.Reserve == 0 && tc.Move%game.Day == 0:
		return locales.N(lang, "duel.clock_days", int(tc.Move/game.Day), nil)
	case tc.Reserve == 0:
		return locales.T(lang, "duel.clock_move", map[string]any{"MoveSec": secsOf(tc.Move)})
	}
	return locales.T(lang, "duel.clock", map[string]any{"MoveSec": secsOf(tc.Move), "ReserveSec": secsOf(tc.Reserve)})
}

// parseDuelArgs reads "/duel [classic] [Npt] [clock] [@someone]": the
// time control is game.DuelClock unless given ("5+30", "0" for none).
func parseDuelArgs(args string) (game.Options, bool) {
	t, ok := parseTerms(args, false)
	if !ok {
		return game.Options{}, false
	}
	clock := game.DuelClock
	if t.clocked {
		clock = t.clock
	}
	return t.options(clock), true
}

// duelKeyboard is the menu of an invited duel: the variant and the match
// to choose, then a button that makes the link on those terms.
func duelKeyboard(lang locales.Lang, t terms) Keyboard {
	kb := termsRows(lang, opDuelTerms, t)
	return append(kb, []models.InlineKeyboardButton{button(locales.T(lang, "button.make_invite", nil), action{op: opInvite, arg: termsArg(t)})})
}

// duelMenuTerms are the terms the duel menu starts from.
var duelMenuTerms = terms{clock: game.DuelClock, clocked: true}

// onDuelTerms changes the variant or the match the duel menu offers.
func (b *Bot) onDuelTerms(ctx context.Context, r *request, a action) {
	t, ok := b.menuTerms(ctx, r, a.arg, store.PromptDuel)
	if !ok {
		return
	}
	if err := b.send.EditText(ctx, r.chat, r.messageID, duelMenuText(r.lang, t), duelKeyboard(r.lang, t)); err != nil {
		b.log.Warn("showing the duel menu failed", "err", err)
	}
}

// onInvite makes the invite link on the terms the duel menu showed.
func (b *Bot) onInvite(ctx context.Context, r *request, a action) {
	if t, ok := b.menuTerms(ctx, r, a.arg, store.PromptDuel); ok {
		b.sendInvite(ctx, r, t.options(t.clock))
	}
}

// challengeKeyboard holds a challenge's ⚔ accept button, and the
// challenger's cancel unless it is shown to its target alone.
func challengeKeyboard(lang locales.Lang, code string, withCancel bool) Keyboard {
	row := []models.InlineKeyboardButton{button(locales.T(lang, "button.accept", nil), action{op: opAccept, arg: code})}
	if withCancel {
		row = append(row, button(locales.T(lang, "button.cancel", nil), action{op: opCancel, arg: code}))
	}
	return fitRows(row...)
}

// cmdDuel challenges a friend: in a group with a ⚔ button, in a private
// chat with an invite link.
func (b *Bot) cmdDuel(ctx context.Context, r *request) {
	opts, ok := parseDuelArgs(r.args)
	if !ok {
		// Say which word was not understood, then how to write them.
		_, p := readTerms(r.args, false)
		b.replyKB(ctx, r, problemText(r.lang, p)+"\n\n"+locales.T(r.lang, "duel.usage", nil), nil)
		return
	}
	if !r.group {
		b.sendInvite(ctx, r, opts)
		return
	}
	c := store.Challenge{Kind: store.KindGroup, ChatID: r.chat, Options: opts}
	var opponent string
	if u := r.replyTo; u != nil && u.ID != r.user.ID {
		c.Target, opponent = u.ID, displayName(u)
	} else {
		for _, m := range r.mentions {
			if strings.EqualFold(m, b.username) || strings.EqualFold(m, r.user.Username) {
				continue
			}
			// Matched against the acceptor's username when they tap.
			c.TargetName, opponent = m, "@"+m
			if u, err := b.store.UserByUsername(ctx, m); err == nil && u.Name != "" {
				opponent = u.Name
			}
			break
		}
	}
	if err := b.postChallenge(ctx, r, c, opponent, ""); err != nil {
		b.refusedReply(ctx, r, err)
		return
	}
	b.rememberTerms(ctx, r, true, opts)
}

// postChallenge posts a group challenge in the group, in the
// challenger's language; a tap that asked for it is answered with the
// toast (when not "") as soon as the centre has accepted the challenge,
// before the post waits for the group's pace.
func (b *Bot) postChallenge(ctx context.Context, r *request, c store.Challenge, opponent, toast string) error {
	_, err := b.table.PostChallenge(ctx, r.actor(), c, func(c store.Challenge) (int64, error) {
		if toast != "" {
			// A busy group may hold the post back for minutes; the tap
			// is answered now, its checks passed.
			b.toast(ctx, r, toast)
		}
		key := "duel.challenge"
		if c.Target != 0 || c.TargetName != "" {
			key = "duel.challenge_to"
		}
		text := locales.T(r.lang, key, map[string]any{
			"Name": r.user.Name, "Opponent": opponent, "Clock": locales.HTML(termsLines(r.lang, c.Options)),
		})
		id, err := b.send.SendText(ctx, c.ChatID, text, challengeKeyboard(r.lang, c.Code, true))
		return int64(id), err
	})
	return err
}

// inviteLink is the deep link that opens a private challenge.
func (b *Bot) inviteLink(code string) string {
	return "https://t.me/" + b.username + "?start=" + code
}

// sendInvite gives the user a link to forward to a friend, with a button
// that shares it and one that withdraws it.
func (b *Bot) sendInvite(ctx context.Context, r *request, opts game.Options) {
	c := store.Challenge{Kind: store.KindPrivate, ChatID: r.chat, Options: opts}
	_, err := b.table.PostChallenge(ctx, r.actor(), c, func(c store.Challenge) (int64, error) {
		link := b.inviteLink(c.Code)
		text := locales.T(r.lang, "duel.invite", map[string]any{"Link": link, "Clock": locales.HTML(termsLines(r.lang, opts))})
		forward := locales.T(r.lang, "duel.invite_forward", map[string]any{"Link": link})
		kb := Keyboard{
			{{Text: locales.T(r.lang, "button.share", nil), URL: "https://t.me/share/url?url=" + url.QueryEscape(forward)}},
			{button(locales.T(r.lang, "button.cancel", nil), action{op: opCancel, arg: c.Code})},
		}
		id, err := b.send.SendText(ctx, r.chat, text, kb)
		return int64(id), err
	})
	if table.CodeOf(err) == table.ErrInternal {
		b.log.Warn("sending an invitation failed", "user", r.user.ID, "err", err)
		return
	}
	if err != nil {
		b.refusedReply(ctx, r, err)
		return
	}
	b.rememberTerms(ctx, r, true, opts)
}

// onAccept takes a challenge for the user who tapped its ⚔ button.
func (b *Bot) onAccept(ctx context.Context, r *request, a action) {
	acc, err := b.table.Accept(ctx, r.actor(), a.arg)
	if err != nil {
		// Whether one has a game going is told in the words of where the
		// challenge is.
		r.group = acc.Challenge.Kind == store.KindGroup
		b.refused(ctx, r, err)
		return
	}
	b.answer(ctx, r, "", false)
	b.beginDuel(ctx, r, acc)
}

// onCancel withdraws a challenge at its challenger's request.
func (b *Bot) onCancel(ctx context.Context, r *request, a action) {
	c, err := b.table.Cancel(ctx, r.actor(), a.arg)
	if err != nil {
		b.refused(ctx, r, err)
		return
	}
	b.answer(ctx, r, "", false)
	chat, msg := c.ChatID, int(c.MessageID)
	if msg == 0 {
		chat, msg = r.chat, r.messageID
	}
	text := locales.T(r.lang, "duel.cancelled", map[string]any{"Name": r.user.Name})
	if err := b.send.EditText(ctx, chat, msg, text, Keyboard{}); err != nil {
		b.log.Warn("showing a withdrawn challenge failed", "err", err)
	}
}

// acceptInvite starts a game from an invite link (/start <code>).
func (b *Bot) acceptInvite(ctx context.Context, r *request, code string) {
	acc, err := b.table.AcceptInvite(ctx, r.actor(), code)
	if err != nil {
		if table.CodeOf(err) == table.ErrInternal {
			b.log.Error("accepting an invitation failed", "code", code, "err", err)
		}
		b.reply(ctx, r, refusalOf(err).invite, map[string]any{"Name": acc.Challenger.Name})
		return
	}
	b.beginDuel(ctx, r, acc)
}

// beginDuel shows a duel that has just begun: its board in the group, or
// a board in each player's private chat, the challenger's first.
func (b *Bot) beginDuel(ctx context.Context, r *request, acc table.Accepted) {
	c, rec, challenger := acc.Challenge, acc.Game, acc.Challenger
	clang := langOf(challenger)
	if c.Kind == store.KindGroup {
		// The board first: the challenge's message is closed when the
		// group's budget allows, and never before a board.
		if _, err := b.table.ShowBoard(ctx, rec.ID, store.SharedBoard, c.ChatID); err != nil {
			b.log.Error("sending a duel's board failed", "game", rec.ID, "err", err)
		}
		text := locales.T(clang, "duel.started", map[string]any{"Name1": challenger.Name, "Name2": r.user.Name})
		b.goAsync(func(ctx context.Context) {
			if err := b.send.EditText(ctx, c.ChatID, int(c.MessageID), text, Keyboard{}); err != nil {
				b.log.Warn("closing an accepted challenge failed", "err", err)
			}
		})
		return
	}
	// The challenger's chat: an invite link's message says who came.
	var err error
	if c.Target == 0 && c.MessageID != 0 {
		text := locales.T(clang, "duel.friend_joined", map[string]any{"Name": r.user.Name})
		err = b.send.EditText(ctx, c.ChatID, int(c.MessageID), text, Keyboard{})
	}
	if !forbidden(err) {
		_, err = b.table.ShowBoard(ctx, rec.ID, 0, c.From)
	}
	if forbidden(err) {
		// They have blocked the bot since: the game cannot be played.
		if err := b.table.Abandon(ctx, rec.ID); err != nil {
			b.log.Warn("abandoning an unplayable duel failed", "game", rec.ID, "err", err)
		}
		b.notStarted(ctx, challenger.ID)
		b.reply(ctx, r, "duel.cannot_write", map[string]any{"Name": challenger.Name, "Bot": b.username})
		return
	}
	if err != nil {
		b.log.Warn("sending a duel's board failed", "game", rec.ID, "chat", c.From, "err", err)
	}
	// The acceptor's chat: a rematch offer there says the game is on.
	joined := locales.T(r.lang, "duel.joined", map[string]any{"Name": challenger.Name})
	if c.ChatID == r.user.ID && c.MessageID != 0 {
		err = b.send.EditText(ctx, c.ChatID, int(c.MessageID), joined, Keyboard{})
	} else {
		_, err = b.send.SendText(ctx, r.user.ID, joined, nil)
	}
	if err != nil {
		b.log.Warn("greeting a duel's player failed", "err", err)
	}
	if _, err := b.table.ShowBoard(ctx, rec.ID, 1, r.user.ID); err != nil {
		b.log.Warn("sending a duel's board failed", "game", rec.ID, "chat", r.user.ID, "err", err)
	}
}

// notStarted records that the bot may no longer write to a person first.
func (b *Bot) notStarted(ctx context.Context, id int64) {
	u, err := b.user(ctx, id)
	if err != nil || !u.Started {
		return
	}
	u.Started = false
	_, err = b.changeUser(ctx, u, func(ctx context.Context) error {
		return b.store.SetStarted(ctx, id, false, b.cfg.Now())
	})
	if err != nil {
		b.log.Warn("recording a block failed", "user", id, "err", err)
	}
}

// offerRematch shows the rematch offer the centre made: in the group, or
// in the private chat of the one person it is for.
func (b *Bot) offerRematch(ctx context.Context, r *request, rm table.Rematch) {
	if rm.Offer.Kind == store.KindGroup {
		if err := b.postChallenge(ctx, r, rm.Offer, rm.Opponent.Name, "toast.rematch_sent"); err != nil {
			if r.answered {
				b.log.Warn("posting a rematch offer failed", "chat", r.chat, "err", err)
				return
			}
			b.refused(ctx, r, err)
		}
		return
	}
	b.offerPrivately(ctx, r, rm.Offer, rm.Opponent.Name)
}

// offerPrivately sends a challenge to the private chat of the one person
// it is for, if the bot may write to them; else it tells the challenger
// why it cannot.
func (b *Bot) offerPrivately(ctx context.Context, r *request, c store.Challenge, name string) {
	cannot := func() {
		b.answer(ctx, r, "", false)
		b.reply(ctx, r, "duel.cannot_write", map[string]any{"Name": name, "Bot": b.username})
	}
	target, err := b.user(ctx, c.Target)
	if err != nil || !target.Started {
		cannot()
		return
	}
	lang := langOf(target)
	_, err = b.table.PostChallenge(ctx, r.actor(), c, func(c store.Challenge) (int64, error) {
		text := locales.T(lang, "result.rematch_offer", map[string]any{"Name": r.user.Name}) + "\n" + termsLines(lang, c.Options)
		id, err := b.send.SendText(ctx, c.ChatID, text, challengeKeyboard(lang, c.Code, false))
		return int64(id), err
	})
	switch {
	case forbidden(err):
		b.notStarted(ctx, target.ID)
		cannot()
	case err != nil:
		b.log.Warn("sending a rematch offer failed", "err", err)
		b.refused(ctx, r, err)
	default:
		b.toast(ctx, r, "toast.rematch_sent")
	}
}

// Expired edits an expired challenge's message (table.Display): in the
// challenger's language, or in its target's when it is shown to them
// alone.
func (b *Bot) Expired(ctx context.Context, c store.Challenge) {
	if store.IsInline(c.ChatID) {
		return // an inline card stays as it is: its ⚔ still answers, with a refusal
	}
	challenger, err := b.user(ctx, c.From)
	if err != nil {
		b.log.Warn("loading a challenger failed", "user", c.From, "err", err)
		return
	}
	lang, key := langOf(challenger), "duel.expired"
	if c.Kind == store.KindPrivate {
		if c.Target == 0 {
			key = "duel.invite_expired"
		} else if t, err := b.user(ctx, c.Target); err == nil {
			lang = langOf(t)
		}
	}
	text := locales.T(lang, key, map[string]any{"Name": challenger.Name})
	if err := b.send.EditText(ctx, c.ChatID, int(c.MessageID), text, Keyboard{}); err != nil {
		b.log.Warn("closing an expired challenge failed", "code", c.Code, "err", err)
	}
}
