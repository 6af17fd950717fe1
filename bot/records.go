package bot

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"nardi/game"
	"nardi/locales"
	"nardi/record"
	"nardi/rules"
	"nardi/store"
	"nardi/table"
)

// The game's papers: /export sends its .mat record for GNU Backgammon,
// /verify the commitments and seeds of its dice, /position its gnubg
// Position ID and Match ID. Each is about the person's newest game in the
// chat, during it or after; in a busy group the answer goes to their
// private chat when it can.

// latestHere finds the person's newest game in the chat, or answers that
// there is none.
func (b *Bot) latestHere(ctx context.Context, r *request) (*store.GameRecord, bool) {
	rec, err := b.table.LatestGame(ctx, r.actor())
	if err != nil {
		b.reply(ctx, r, "error.no_game_here", nil)
		return nil, false
	}
	return rec, true
}

func (b *Bot) cmdExport(ctx context.Context, r *request) {
	rec, ok := b.latestHere(ctx, r)
	if !ok {
		return
	}
	b.sendRecord(ctx, b.chatterTo(ctx, r), rec)
}

// sendRecord sends a game's record; long nardi has none for gnubg.
func (b *Bot) sendRecord(ctx context.Context, to *request, rec *store.GameRecord) {
	if rec.Game.Options().Game() == rules.Long {
		b.reply(ctx, to, "export.long", nil)
		return
	}
	var buf bytes.Buffer
	if err := record.Write(&buf, rec.Game, record.ComputerName(rec.Game)); err != nil {
		b.log.Error("writing a record failed", "game", rec.ID, "err", err)
		b.reply(ctx, to, "error.generic", nil)
		return
	}
	name := fmt.Sprintf("nardi-%d.mat", rec.ID)
	caption := locales.T(to.lang, "export.caption", nil)
	if err := b.send.SendDocument(ctx, to.chat, name, buf.Bytes(), caption); err != nil {
		b.log.Warn("sending a record failed", "game", rec.ID, "err", err)
	}
}

// maxVerifyGames is how many games of a match /verify lists (the newest).
const maxVerifyGames = 6

func (b *Bot) cmdVerify(ctx context.Context, r *request) {
	rec, ok := b.latestHere(ctx, r)
	if !ok {
		return
	}
	b.sendVerify(ctx, b.chatterTo(ctx, r), rec)
}

// sendVerify sends the commitments and seeds of a game's dice.
func (b *Bot) sendVerify(ctx context.Context, to *request, rec *store.GameRecord) {
	lang := to.lang
	games := record.Games(rec.Game)
	var parts []string
	parts = append(parts, locales.T(lang, "verify.intro", nil))
	first := max(0, len(games)-maxVerifyGames)
	if first > 0 {
		parts = append(parts, locales.T(lang, "verify.earlier", map[string]any{"Count": first}))
	}
	for i, gm := range games[first:] {
		data := map[string]any{"Number": first + i + 1, "ID": gm.ID, "Commitment": gm.Commitment, "Seed": gm.Seed}
		key := "verify.game_secret"
		switch {
		case !gm.Verifiable:
			key = "verify.game_unverifiable"
		case gm.Seed != "":
			key = "verify.game_revealed"
		}
		parts = append(parts, locales.T(lang, key, data))
	}
	parts = append(parts, locales.T(lang, "verify.how", nil))
	b.replyKB(ctx, to, strings.Join(parts, "\n\n"), nil)
}

func (b *Bot) cmdPosition(ctx context.Context, r *request) {
	rec, ok := b.latestHere(ctx, r)
	if !ok {
		return
	}
	to := b.chatterTo(ctx, r)
	if rec.Game.Options().Game() == rules.Long {
		b.reply(ctx, to, "export.long", nil)
		return
	}
	pos, match := record.IDs(rec.Game)
	b.replyKB(ctx, to, locales.T(to.lang, "position.text", map[string]any{"Position": pos, "Match": match}), nil)
}

// onDice answers the fair-dice button under a finished board: the game's
// revealed seed and how to check it, in an alert. Only on a board of the
// game: the button of one game tells nothing of another.
func (b *Bot) onDice(ctx context.Context, r *request, a action) {
	out, ok := b.tappedGame(ctx, r, a.game)
	if !ok {
		return
	}
	g := out.Game.Game
	past := g.Past()
	seed, shown := g.DiceSeed()
	if !shown && len(past) > 0 { // the next game of a match goes on: the last one's
		seed, shown = past[len(past)-1].DiceSeed, true
	}
	if !shown || seed == "" {
		b.toast(ctx, r, "toast.dice_later")
		return
	}
	b.answer(ctx, r, locales.T(r.lang, "toast.dice_proof", map[string]any{"Seed": seed}), true)
}

// tappedGame loads the game a button names, if the tapped message is one
// of its boards; else it answers the tap as a button that no longer works.
func (b *Bot) tappedGame(ctx context.Context, r *request, id int64) (table.Outcome, bool) {
	out, err := b.table.Current(ctx, id)
	if err != nil || !slices.ContainsFunc(out.Boards, func(bd store.Board) bool {
		return bd.ChatID == r.chat && bd.MessageID == int64(r.messageID)
	}) {
		b.toast(ctx, r, "toast.unknown")
		return table.Outcome{}, false
	}
	return out, true
}

// papersCode is the /start code of the papers of an inline message's
// game: "p" and the chat that stands for the message.
func papersCode(chat int64) string { return "p" + strconv.FormatInt(-chat, 36) }

// sendPapers answers the link under an inline message's board, in the
// private chat: the dice's proof and the record of the person's newest
// game there.
func (b *Bot) sendPapers(ctx context.Context, r *request, code string) bool {
	n, err := strconv.ParseInt(strings.TrimPrefix(code, "p"), 36, 64)
	if !strings.HasPrefix(code, "p") || err != nil || !store.IsInline(-n) {
		return false
	}
	rec, err := b.table.LatestGame(ctx, table.Actor{User: r.user, Chat: -n})
	if err != nil {
		b.reply(ctx, r, "error.no_game_here", nil)
		return true
	}
	b.sendVerify(ctx, r, rec)
	b.sendRecord(ctx, r, rec)
	return true
}

// commitmentLine is the caption's line with the start of the current
// game's dice commitment.
func commitmentLine(lang locales.Lang, g *game.Game) string {
	return locales.T(lang, "caption.dice", map[string]any{"Commitment": g.DiceCommitment()[:16]})
}
