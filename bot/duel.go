package bot

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"time"

	"github.com/go-telegram/bot/models"

	"nardi/game"
	"nardi/locales"
	"nardi/store"
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
// Accepting is one transaction (store.AcceptChallenge), so a challenge
// starts one game however many people tap at once. The bot writes first
// only to people who have started it; when Telegram refuses anyway, it
// says why in the chat where the attempt was made.

// challengeTTL is how long a challenge or an invite link stays open.
var challengeTTL = 10 * time.Minute

// secsOf writes a part of a time control in whole seconds.
func secsOf(d time.Duration) int { return int(d / time.Second) }

// clockLine describes a time control in a language.
func clockLine(lang locales.Lang, tc game.TimeControl) string {
	if !tc.Enabled() {
		return locales.T(lang, "duel.no_clock", nil)
	}
	return locales.T(lang, "duel.clock", map[string]any{"MoveSec": secsOf(tc.Move), "ReserveSec": secsOf(tc.Reserve)})
}

// parseDuelArgs reads "/duel [clock] [@someone]": the time control is
// game.DuelClock unless given ("5+30", "0" for none); @mentions are left
// to the router's entities.
func parseDuelArgs(args string) (game.TimeControl, bool) {
	clock, seen := game.DuelClock, false
	for _, f := range strings.Fields(args) {
		if strings.HasPrefix(f, "@") {
			continue
		}
		tc, err := game.ParseTimeControl(f)
		if err != nil || seen {
			return game.TimeControl{}, false
		}
		clock, seen = tc, true
	}
	return clock, true
}

// challengeKeyboard holds a challenge's ⚔ accept button, and the
// challenger's cancel unless it is shown to its target alone.
func challengeKeyboard(lang locales.Lang, code string, withCancel bool) Keyboard {
	row := []models.InlineKeyboardButton{button(locales.T(lang, "button.accept", nil), action{op: opAccept, arg: code})}
	if withCancel {
		row = append(row, button(locales.T(lang, "button.cancel", nil), action{op: opCancel, arg: code}))
	}
	return Keyboard{row}
}

// cmdDuel challenges a friend: in a group with a ⚔ button, in a private
// chat with an invite link.
func (b *Bot) cmdDuel(ctx context.Context, r *request) {
	clock, ok := parseDuelArgs(r.args)
	if !ok {
		b.replyKB(ctx, r, locales.T(r.lang, "duel.bad_clock", nil)+"\n\n"+locales.T(r.lang, "duel.usage", nil), nil)
		return
	}
	opts := game.Options{Clock: clock}
	if rec, err := b.store.ActiveGame(ctx, r.chat, r.user.ID); err == nil && rec != nil {
		if r.group {
			b.reply(ctx, r, "duel.already_in_game", nil)
		} else {
			b.reply(ctx, r, "error.game_in_progress", nil)
		}
		return
	}
	if !r.group {
		b.sendInvite(ctx, r, opts)
		return
	}
	c := store.Challenge{Kind: store.KindGroup, From: r.user.ID, ChatID: r.chat, Options: opts}
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
	if err := b.postChallenge(ctx, r, c, opponent); err != nil {
		b.log.Error("posting a challenge failed", "chat", r.chat, "err", err)
		b.reply(ctx, r, "error.generic", nil)
	}
}

// postChallenge stores a group challenge and shows it in the group, in the
// challenger's language.
func (b *Bot) postChallenge(ctx context.Context, r *request, c store.Challenge, opponent string) error {
	now := b.cfg.Now()
	c.Expires = now.Add(challengeTTL)
	c, err := b.store.NewChallenge(ctx, c, now)
	if err != nil {
		return err
	}
	key := "duel.challenge"
	if c.Target != 0 || c.TargetName != "" {
		key = "duel.challenge_to"
	}
	text := locales.T(r.lang, key, map[string]any{
		"Name": r.user.Name, "Opponent": opponent, "Clock": locales.HTML(clockLine(r.lang, c.Options.Clock)),
	})
	// Hold the challenge until its message is recorded: a tap on ⚔ the
	// moment it shows waits for that.
	unlock := b.locks.lock(challengeKey(c.Code))
	defer unlock()
	id, err := b.send.SendText(ctx, c.ChatID, text, challengeKeyboard(r.lang, c.Code, true))
	if err != nil {
		b.withdraw(ctx, c)
		return err
	}
	return b.store.SetChallengeMessage(ctx, c.Code, int64(id))
}

// challengeKey names the lock of a challenge.
func challengeKey(code string) string { return "x" + code }

// withdraw cancels a challenge that could not be shown.
func (b *Bot) withdraw(ctx context.Context, c store.Challenge) {
	if err := b.store.CancelChallenge(ctx, c.Code, c.From); err != nil {
		b.log.Warn("withdrawing a challenge failed", "code", c.Code, "err", err)
	}
}

// inviteLink is the deep link that opens a private challenge.
func (b *Bot) inviteLink(code string) string {
	return "https://t.me/" + b.username + "?start=" + code
}

// sendInvite gives the user a link to forward to a friend, with a button
// that shares it and one that withdraws it.
func (b *Bot) sendInvite(ctx context.Context, r *request, opts game.Options) {
	now := b.cfg.Now()
	c, err := b.store.NewChallenge(ctx, store.Challenge{
		Kind: store.KindPrivate, From: r.user.ID, ChatID: r.chat, Options: opts, Expires: now.Add(challengeTTL),
	}, now)
	if err != nil {
		b.log.Error("storing an invitation failed", "user", r.user.ID, "err", err)
		b.reply(ctx, r, "error.generic", nil)
		return
	}
	link := b.inviteLink(c.Code)
	text := locales.T(r.lang, "duel.invite", map[string]any{"Link": link, "Clock": locales.HTML(clockLine(r.lang, opts.Clock))})
	forward := locales.T(r.lang, "duel.invite_forward", map[string]any{"Link": link})
	kb := Keyboard{
		{{Text: locales.T(r.lang, "button.share", nil), URL: "https://t.me/share/url?url=" + url.QueryEscape(forward)}},
		{button(locales.T(r.lang, "button.cancel", nil), action{op: opCancel, arg: c.Code})},
	}
	unlock := b.locks.lock(challengeKey(c.Code))
	defer unlock()
	id, err := b.send.SendText(ctx, r.chat, text, kb)
	if err != nil {
		b.log.Warn("sending an invitation failed", "user", r.user.ID, "err", err)
		b.withdraw(ctx, c)
		return
	}
	if err := b.store.SetChallengeMessage(ctx, c.Code, int64(id)); err != nil {
		b.log.Warn("recording an invitation's message failed", "err", err)
	}
}

// onChallenge handles the ⚔ accept button and the challenger's cancel.
func (b *Bot) onChallenge(ctx context.Context, r *request, a action) {
	unlock := b.locks.lock(challengeKey(a.arg))
	defer unlock()
	c, err := b.store.Challenge(ctx, a.arg)
	if err != nil {
		b.toast(ctx, r, "toast.unknown")
		return
	}
	if a.op == opCancel {
		b.cancelChallenge(ctx, r, c)
		return
	}
	b.acceptByButton(ctx, r, c)
}

// cancelChallenge withdraws a challenge at its challenger's request.
func (b *Bot) cancelChallenge(ctx context.Context, r *request, c store.Challenge) {
	if c.From != r.user.ID {
		b.alert(ctx, r, "toast.challenger_only")
		return
	}
	if err := b.store.CancelChallenge(ctx, c.Code, r.user.ID); err != nil {
		b.toast(ctx, r, "toast.unknown")
		return
	}
	b.answer(ctx, r, "", false)
	text := locales.T(r.lang, "duel.cancelled", map[string]any{"Name": r.user.Name})
	if err := b.send.EditText(ctx, r.chat, r.messageID, text, Keyboard{}); err != nil {
		b.log.Warn("showing a withdrawn challenge failed", "err", err)
	}
}

// refusal tells why a challenge could not be taken.
type refusal int

const (
	accepted       refusal = iota // no refusal: the game has begun
	refusedOwn                    // one's own challenge
	refusedOther                  // meant for someone else
	refusedExpired                // past its time
	refusedGone                   // accepted or withdrawn already, or unknown
	refusedBusy                   // the acceptor has a game going there
	refusedRival                  // the challenger has a game going there
	refusedError                  // something failed
)

// acceptByButton takes a challenge for the user who tapped its ⚔ button.
func (b *Bot) acceptByButton(ctx context.Context, r *request, c store.Challenge) {
	rec, challenger, why := b.takeChallenge(ctx, r, c)
	switch why {
	case accepted:
		b.answer(ctx, r, "", false)
		b.beginDuel(ctx, r, c, rec, challenger)
	case refusedOwn:
		b.alert(ctx, r, "toast.own_challenge")
	case refusedOther:
		b.alert(ctx, r, "toast.challenge_other")
	case refusedExpired:
		b.toast(ctx, r, "toast.challenge_expired")
	case refusedGone:
		b.toast(ctx, r, "toast.unknown")
	case refusedBusy:
		if c.Kind == store.KindGroup {
			b.alert(ctx, r, "toast.already_in_game")
		} else {
			b.alert(ctx, r, "error.game_in_progress")
		}
	case refusedRival:
		b.alert(ctx, r, "toast.opponent_busy")
	default:
		b.toast(ctx, r, "toast.error")
	}
}

// acceptInvite starts a game from an invite link (/start <code>).
func (b *Bot) acceptInvite(ctx context.Context, r *request, code string) {
	unlock := b.locks.lock(challengeKey(code))
	defer unlock()
	c, err := b.store.Challenge(ctx, code)
	if err != nil || c.Kind != store.KindPrivate {
		b.reply(ctx, r, "duel.invite_invalid", nil)
		return
	}
	rec, challenger, why := b.takeChallenge(ctx, r, c)
	switch why {
	case accepted:
		b.beginDuel(ctx, r, c, rec, challenger)
	case refusedOwn:
		b.reply(ctx, r, "duel.invite_own", nil)
	case refusedBusy:
		b.reply(ctx, r, "error.game_in_progress", nil)
	case refusedRival:
		b.reply(ctx, r, "duel.opponent_busy", map[string]any{"Name": challenger.Name})
	case refusedError:
		b.reply(ctx, r, "error.generic", nil)
	default:
		b.reply(ctx, r, "duel.invite_invalid", nil)
	}
}

// takeChallenge accepts a challenge for the request's user and creates its
// game: the challenger in seat 0, the acceptor in seat 1.
func (b *Bot) takeChallenge(ctx context.Context, r *request, c store.Challenge) (*store.GameRecord, store.User, refusal) {
	now := b.cfg.Now()
	challenger, err := b.user(ctx, c.From)
	if err != nil {
		b.log.Error("loading a challenger failed", "user", c.From, "err", err)
		return nil, challenger, refusedError
	}
	switch {
	case c.From == r.user.ID:
		return nil, challenger, refusedOwn
	case c.Target != 0 && c.Target != r.user.ID,
		c.Target == 0 && c.TargetName != "" && !strings.EqualFold(c.TargetName, r.user.Username):
		return nil, challenger, refusedOther
	case c.Status == store.ChallengeExpired || (c.Status == store.ChallengeOpen && !now.Before(c.Expires)):
		return nil, challenger, refusedExpired
	case c.Status != store.ChallengeOpen:
		return nil, challenger, refusedGone
	}
	chats := [2]int64{c.ChatID, c.ChatID}
	if c.Kind == store.KindPrivate {
		chats = [2]int64{c.From, r.user.ID} // a private chat's id is its user's
	}
	_, id, err := b.store.AcceptChallenge(ctx, c.Code, r.user.ID, now, func(c store.Challenge) (store.NewGame, error) {
		g, err := b.newGame(c.Options, [2]game.Player{game.Human(challenger.ID, challenger.Name), game.Human(r.user.ID, r.user.Name)})
		return store.NewGame{Kind: c.Kind, Chats: chats, Game: g}, err
	})
	switch {
	case err == nil:
	case errors.Is(err, store.ErrNotForYou):
		return nil, challenger, refusedOther
	case errors.Is(err, store.ErrChallengeExpired):
		return nil, challenger, refusedExpired
	case errors.Is(err, store.ErrChallengeTaken), errors.Is(err, store.ErrNotFound):
		return nil, challenger, refusedGone
	case errors.Is(err, store.ErrAlreadyPlaying):
		if rec, err := b.store.ActiveGame(ctx, chats[1], r.user.ID); err == nil && rec != nil {
			return nil, challenger, refusedBusy
		}
		return nil, challenger, refusedRival
	default:
		b.log.Error("accepting a challenge failed", "code", c.Code, "err", err)
		return nil, challenger, refusedError
	}
	rec, err := b.store.LoadGame(ctx, id)
	if err != nil {
		b.log.Error("loading a new duel failed", "game", id, "err", err)
		return nil, challenger, refusedError
	}
	return rec, challenger, accepted
}

// beginDuel shows a duel that has just begun: its board in the group, or
// a board in each player's private chat, the challenger's first.
func (b *Bot) beginDuel(ctx context.Context, r *request, c store.Challenge, rec *store.GameRecord, challenger store.User) {
	defer b.kick(rec.ID)
	clang := langOf(challenger)
	if c.Kind == store.KindGroup {
		text := locales.T(clang, "duel.started", map[string]any{"Name1": challenger.Name, "Name2": r.user.Name})
		if err := b.send.EditText(ctx, c.ChatID, int(c.MessageID), text, Keyboard{}); err != nil {
			b.log.Warn("closing an accepted challenge failed", "err", err)
		}
		if err := b.sendFirstBoard(ctx, rec, store.SharedBoard, c.ChatID); err != nil {
			b.log.Error("sending a duel's board failed", "game", rec.ID, "err", err)
		}
		return
	}
	// The challenger's chat: an invite link's message says who came.
	var err error
	if c.Target == 0 && c.MessageID != 0 {
		text := locales.T(clang, "duel.friend_joined", map[string]any{"Name": r.user.Name})
		err = b.send.EditText(ctx, c.ChatID, int(c.MessageID), text, Keyboard{})
	}
	if !forbidden(err) {
		err = b.sendFirstBoard(ctx, rec, 0, c.From)
	}
	if forbidden(err) {
		// They have blocked the bot since: the game cannot be played.
		if err := b.store.AbandonGame(ctx, rec.ID, b.cfg.Now()); err != nil {
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
	if err := b.sendFirstBoard(ctx, rec, 1, r.user.ID); err != nil {
		b.log.Warn("sending a duel's board failed", "game", rec.ID, "chat", r.user.ID, "err", err)
	}
}

// sendFirstBoard sends a new game's board for a viewer, holding the game
// so that a tap that comes the moment the picture shows waits until the
// message is recorded as the board.
func (b *Bot) sendFirstBoard(ctx context.Context, rec *store.GameRecord, seat game.Seat, chat int64) error {
	unlock := b.locks.lock(gameKey(rec.ID))
	defer unlock()
	return b.sendBoard(ctx, rec, seat, chat)
}

// notStarted records that the bot may no longer write to a person first.
func (b *Bot) notStarted(ctx context.Context, id int64) {
	u, err := b.user(ctx, id)
	if err != nil || !u.Started {
		return
	}
	u.Started = false
	err = b.changeUser(ctx, u, func(ctx context.Context) error {
		return b.store.SetStarted(ctx, id, false, b.cfg.Now())
	})
	if err != nil {
		b.log.Warn("recording a block failed", "user", id, "err", err)
	}
}

// rematchDuel offers the other player of a finished duel another game
// with the same terms, or takes their offer if they made one first.
func (b *Bot) rematchDuel(ctx context.Context, r *request, rec *store.GameRecord) {
	seat, _ := rec.Game.SeatOf(r.user.ID)
	other := rec.Game.Player(seat.Other())
	mine, theirs := rec.Chats[seat], rec.Chats[seat.Other()]
	now := b.cfg.Now()
	if c, err := b.store.OpenChallengeBetween(ctx, other.UserID, r.user.ID, mine, now); err == nil {
		b.acceptByButton(ctx, r, c)
		return
	}
	if _, err := b.store.OpenChallengeBetween(ctx, r.user.ID, other.UserID, theirs, now); err == nil {
		b.toast(ctx, r, "toast.rematch_sent")
		return
	}
	if active, err := b.store.ActiveGame(ctx, mine, r.user.ID); err == nil && active != nil {
		if rec.Kind == store.KindGroup {
			b.alert(ctx, r, "toast.already_in_game")
		} else {
			b.alert(ctx, r, "error.game_in_progress")
		}
		return
	}
	c := store.Challenge{Kind: rec.Kind, From: r.user.ID, ChatID: theirs, Target: other.UserID, Options: rec.Game.Options()}
	if rec.Kind == store.KindGroup {
		if err := b.postChallenge(ctx, r, c, other.Name); err != nil {
			b.log.Error("offering a rematch failed", "game", rec.ID, "err", err)
			b.toast(ctx, r, "toast.error")
			return
		}
		b.toast(ctx, r, "toast.rematch_sent")
		return
	}
	b.offerPrivately(ctx, r, c, other.Name)
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
	now := b.cfg.Now()
	c.Expires = now.Add(challengeTTL)
	c, err = b.store.NewChallenge(ctx, c, now)
	if err != nil {
		b.log.Error("storing a rematch offer failed", "err", err)
		b.toast(ctx, r, "toast.error")
		return
	}
	lang := langOf(target)
	text := locales.T(lang, "result.rematch_offer", map[string]any{"Name": r.user.Name}) + "\n" + clockLine(lang, c.Options.Clock)
	id, err := b.send.SendText(ctx, c.ChatID, text, challengeKeyboard(lang, c.Code, false))
	if err != nil {
		b.withdraw(ctx, c)
		if forbidden(err) {
			b.notStarted(ctx, target.ID)
			cannot()
			return
		}
		b.log.Warn("sending a rematch offer failed", "err", err)
		b.toast(ctx, r, "toast.error")
		return
	}
	if err := b.store.SetChallengeMessage(ctx, c.Code, int64(id)); err != nil {
		b.log.Warn("recording a rematch offer's message failed", "err", err)
	}
	b.toast(ctx, r, "toast.rematch_sent")
}

// expireChallenges closes the challenges nobody took in time, saying so
// on their messages.
func (b *Bot) expireChallenges(ctx context.Context, now time.Time) {
	expired, err := b.store.ExpireChallenges(ctx, now)
	if err != nil {
		if ctx.Err() == nil {
			b.log.Warn("expiring challenges failed", "err", err)
		}
		return
	}
	for _, c := range expired {
		if c.MessageID == 0 {
			continue
		}
		b.goAsync(func(ctx context.Context) { b.showExpired(ctx, c) })
	}
}

// showExpired edits an expired challenge's message: in the challenger's
// language, or in its target's when it is shown to them alone.
func (b *Bot) showExpired(ctx context.Context, c store.Challenge) {
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
