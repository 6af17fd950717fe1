package bot

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"nardi/game"
	"nardi/locales"
	"nardi/rules"
	"nardi/store"
)

// toastFor maps a game's refusal to what the player is told, and whether
// it is an alert to dismiss rather than a passing note.
func toastFor(err error) (key string, alert bool) {
	switch game.CodeOf(err) {
	case game.ErrStale:
		return "toast.stale", false
	case game.ErrNotYourTurn:
		return "toast.not_your_turn", true
	case game.ErrNotAPlayer:
		return "toast.not_player", true
	case game.ErrIllegalStep:
		return "toast.illegal", false
	case game.ErrGameOver:
		return "toast.game_over", false
	case game.ErrNothingToUndo:
		return "toast.nothing_to_undo", false
	case game.ErrNotTimedOut:
		return "toast.claim_not_yet", true
	}
	if errors.Is(err, store.ErrConflict) {
		return "toast.stale", false
	}
	return "toast.error", false
}

// newGame makes a game with the configured dice, or fair crypto dice.
func (b *Bot) newGame(opts game.Options, players [2]game.Player) (*game.Game, error) {
	if b.cfg.Roller != nil {
		return game.NewWithRoller(opts, players, b.cfg.Roller, b.cfg.Now())
	}
	return game.New(opts, players, b.cfg.Now())
}

// startComputerGame begins a game of the user against the computer in
// their private chat and sends its board.
func (b *Bot) startComputerGame(ctx context.Context, r *request, level game.Level, clock game.TimeControl) {
	unlock := b.locks.lock(chatKey(r.chat))
	defer unlock()
	if rec, err := b.store.ActiveGame(ctx, r.chat, r.user.ID); err == nil && rec != nil {
		b.reply(ctx, r, "error.game_in_progress", nil)
		return
	}
	g, err := b.newGame(game.Options{Clock: clock}, [2]game.Player{game.Human(r.user.ID, r.user.Name), game.Computer(level)})
	if err != nil {
		b.log.Error("creating a game failed", "err", err)
		b.reply(ctx, r, "error.generic", nil)
		return
	}
	id, err := b.store.CreateGame(ctx, store.NewGame{Kind: store.KindComputer, Chats: [2]int64{r.chat, 0}, Game: g}, b.cfg.Now())
	if errors.Is(err, store.ErrAlreadyPlaying) {
		b.reply(ctx, r, "error.game_in_progress", nil)
		return
	}
	if err != nil {
		b.log.Error("storing a game failed", "err", err)
		b.reply(ctx, r, "error.generic", nil)
		return
	}
	rec, err := b.store.LoadGame(ctx, id)
	if err == nil {
		err = b.sendFirstBoard(ctx, rec, 0, r.chat)
	}
	if err != nil {
		b.log.Error("sending a new board failed", "game", id, "err", err)
	}
	b.kick(id)
}

// onBoard tells whether the tapped message is the game's current board
// for the chat: a board replaced by /board no longer takes taps.
func (b *Bot) onBoard(ctx context.Context, id int64, r *request) (game.Seat, bool) {
	boards, err := b.store.Boards(ctx, id)
	if err != nil {
		return 0, false
	}
	for _, bm := range boards {
		if bm.ChatID == r.chat && bm.MessageID == int64(r.messageID) {
			return bm.Viewer, true
		}
	}
	return 0, false
}

// onGameAction handles the buttons under a board.
func (b *Bot) onGameAction(ctx context.Context, r *request, a action) {
	unlock := b.locks.lock(gameKey(a.game))
	defer unlock()
	rec, err := b.store.LoadGame(ctx, a.game)
	if err != nil {
		b.toast(ctx, r, "toast.unknown")
		return
	}
	boardSeat, current := b.onBoard(ctx, a.game, r)
	fromResignMessage := !current && (a.op == opResignOK || a.op == opResignNo)
	if !current && !fromResignMessage {
		b.toast(ctx, r, "toast.stale")
		return
	}
	if a.arg != "" && (a.op == opResignOK || (fromResignMessage && a.op == opResignNo)) {
		// A resignation question belongs to the player who asked it (in a
		// group both players see it).
		s, ok := rec.Game.SeatOf(r.user.ID)
		if !ok {
			b.alert(ctx, r, "toast.not_player")
			return
		}
		if seatArg(s) != a.arg {
			b.alert(ctx, r, "toast.not_yours")
			return
		}
	}
	if fromResignMessage {
		// The question /resign sent: the counter guards it; it goes away
		// once answered.
		defer func() {
			if err := b.send.Delete(ctx, r.chat, r.messageID); err != nil {
				b.log.Warn("removing a resign question failed", "err", err)
			}
		}()
	}
	g := rec.Game
	seat, ok := g.SeatOf(r.user.ID)
	if !ok {
		b.alert(ctx, r, "toast.not_player")
		return
	}
	if g.Over() && a.op != opResignNo {
		b.toast(ctx, r, "toast.game_over")
		return
	}
	now := b.cfg.Now()
	switch a.op {
	case opStep:
		step, perr := parseStepArg(a.arg)
		if perr != nil {
			b.toast(ctx, r, "toast.unknown")
			return
		}
		err = g.Step(seat, a.counter, step, !r.user.Settings.ConfirmMoves, now)
	case opUndo:
		err = g.Undo(seat, a.counter)
	case opConfirm:
		err = g.Confirm(seat, a.counter, now)
	case opClaim:
		if seat == g.Turn() {
			b.alert(ctx, r, "toast.claim_opponent_only")
			return
		}
		err = g.ClaimTimeout(seat, a.counter, now)
	case opResign:
		b.askResign(ctx, r, rec, seat, boardSeat, a)
		return
	case opResignNo:
		b.toast(ctx, r, "toast.cancelled")
		b.boards.request(a.game)
		return
	case opResignOK:
		err = g.Resign(seat, a.counter, now)
	}
	if err != nil {
		key, alert := toastFor(err)
		b.answer(ctx, r, locales.T(r.lang, key, nil), alert)
		return
	}
	if err := b.store.UpdateGame(ctx, a.game, g, a.counter, now); err != nil {
		key, alert := toastFor(err)
		if key == "toast.error" {
			b.log.Error("saving a game failed", "game", a.game, "err", err)
		}
		b.answer(ctx, r, locales.T(r.lang, key, nil), alert)
		return
	}
	b.answer(ctx, r, "", false)
	b.boards.request(a.game)
	b.kick(a.game)
}

// seatArg writes a seat for callback data.
func seatArg(s game.Seat) string { return strconv.Itoa(int(s)) }

// askResign turns the tapped board's buttons into a confirmation.
func (b *Bot) askResign(ctx context.Context, r *request, rec *store.GameRecord, seat, boardSeat game.Seat, a action) {
	g := rec.Game
	if a.counter != g.Counter() {
		b.toast(ctx, r, "toast.stale")
		return
	}
	b.answer(ctx, r, "", false)
	points := rules.ResignValue(int(g.PositionFor(seat).Mine[rules.Off]))
	v, err := b.viewerOf(ctx, rec, boardSeat)
	if err != nil {
		return
	}
	caption := b.caption(rec, v, b.cfg.Now()) + "\n\n" + locales.N(r.lang, "resign.confirm", points, nil)
	at := func(op string) action { return action{op: op, game: rec.ID, counter: g.Counter(), arg: seatArg(seat)} }
	kb := Keyboard{{
		button(locales.T(r.lang, "button.resign_yes", nil), at(opResignOK)),
		button(locales.T(r.lang, "button.cancel", nil), at(opResignNo)),
	}}
	if err := b.send.EditCaption(ctx, r.chat, r.messageID, caption, kb); err != nil {
		b.log.Warn("asking to resign failed", "err", err)
	}
}

// onRematch starts a new game against the same opponent.
func (b *Bot) onRematch(ctx context.Context, r *request, a action) {
	rec, err := b.store.LoadGame(ctx, a.game)
	if err != nil || !rec.Game.Over() {
		b.toast(ctx, r, "toast.unknown")
		return
	}
	if _, ok := rec.Game.SeatOf(r.user.ID); !ok {
		b.alert(ctx, r, "toast.not_player")
		return
	}
	if rec.Kind == store.KindComputer {
		b.answer(ctx, r, "", false)
		level := rec.Game.Player(1).Level
		b.startComputerGame(ctx, r, level, rec.Game.Options().Clock)
		return
	}
	b.rematchDuel(ctx, r, rec)
}

// onLevel starts a game at the chosen level.
func (b *Bot) onLevel(ctx context.Context, r *request, a action) {
	level, err := game.ParseLevel(a.arg)
	if err != nil || r.group {
		b.toast(ctx, r, "toast.unknown")
		return
	}
	b.answer(ctx, r, "", false)
	b.startComputerGame(ctx, r, level, game.TimeControl{})
}

// parsePlayArgs reads "/play [level] [clock]".
func parsePlayArgs(args string) (level game.Level, clock game.TimeControl, ok bool) {
	for _, f := range strings.Fields(args) {
		if l, err := game.ParseLevel(strings.ToLower(f)); err == nil && level == "" {
			level = l
			continue
		}
		tc, err := game.ParseTimeControl(f)
		if err != nil {
			return "", game.TimeControl{}, false
		}
		clock = tc
	}
	return level, clock, true
}

// typedPlay makes a play the user wrote in notation ("24/18 13/8*") in
// their game in the chat, on their turn, and tells whether the text was
// taken as a play; one that cannot be played is answered so.
func (b *Bot) typedPlay(ctx context.Context, r *request, text string) bool {
	if !strings.Contains(text, "/") {
		return false
	}
	rec, err := b.store.ActiveGame(ctx, r.chat, r.user.ID)
	if err != nil || rec == nil {
		return false
	}
	unlock := b.locks.lock(gameKey(rec.ID))
	defer unlock()
	if rec, err = b.store.LoadGame(ctx, rec.ID); err != nil {
		return false
	}
	g := rec.Game
	seat, ok := g.SeatOf(r.user.ID)
	if !ok || g.Over() {
		return false
	}
	if g.Turn() != seat || g.Phase() != game.PhaseMoving {
		b.reply(ctx, r, "toast.not_your_turn", nil)
		return true
	}
	play, err := rules.ParsePlay(g.TurnStart(), g.Dice(), text, g.Options().Rules)
	if err != nil {
		b.reply(ctx, r, "toast.illegal", nil)
		return true
	}
	counter, now := g.Counter(), b.cfg.Now()
	if err = g.ApplyPlay(seat, counter, play, now); err == nil {
		err = b.store.UpdateGame(ctx, rec.ID, g, counter, now)
	}
	if err != nil {
		key, _ := toastFor(err)
		b.reply(ctx, r, key, nil)
		return true
	}
	b.boards.request(rec.ID)
	b.kick(rec.ID)
	return true
}
