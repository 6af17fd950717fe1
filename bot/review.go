package bot

import (
	"context"
	"fmt"
	"strings"

	"nardi/locales"
	"nardi/table"
)

// A review of a finished game: 🔍 under its board, or /review. The hard
// search judges every play of the person's in the background (the tap is
// answered at once) and the three biggest mistakes come back as a
// message, with the game's error rate; in a busy group it goes to the
// person's private chat when it can.

// onReview answers 🔍 under a finished game.
func (b *Bot) onReview(ctx context.Context, r *request, a action) {
	rec, err := b.table.LatestGame(ctx, r.actor())
	if err != nil || rec.ID != a.game {
		b.toast(ctx, r, "toast.unknown") // not the person's newest game here
		return
	}
	if _, ok := rec.Game.SeatOf(r.user.ID); !ok {
		b.toast(ctx, r, "toast.not_player")
		return
	}
	b.toast(ctx, r, "toast.review_working")
	req := *r
	b.goAsync(func(ctx context.Context) { b.review(ctx, &req) })
}

func (b *Bot) cmdReview(ctx context.Context, r *request) {
	req := *r
	b.goAsync(func(ctx context.Context) { b.review(ctx, &req) })
}

// review judges the person's newest finished game in the chat and sends
// what it found.
func (b *Bot) review(ctx context.Context, r *request) {
	rv, err := b.table.Review(ctx, r.actor())
	if err != nil {
		if ctx.Err() == nil {
			b.refusedReply(ctx, r, err)
		}
		return
	}
	to := b.chatterTo(ctx, r)
	b.replyKB(ctx, to, reviewText(to.lang, rv), nil)
}

// reviewText writes a review in a language.
func reviewText(lang locales.Lang, rv table.Review) string {
	lines := []string{locales.T(lang, "review.title", map[string]any{"Number": rv.Number})}
	if rv.Decisions == 0 {
		return strings.Join(append(lines, locales.T(lang, "review.no_decisions", nil)), "\n")
	}
	lines = append(lines, locales.N(lang, "review.pr", rv.Decisions, map[string]any{"PR": fmt.Sprintf("%.1f", rv.PR)}))
	if len(rv.Worst) == 0 {
		return strings.Join(append(lines, "", locales.T(lang, "review.clean", nil)), "\n")
	}
	for i, m := range rv.Worst {
		lines = append(lines, "", locales.T(lang, "review.mistake", map[string]any{
			"N": i + 1, "Turn": m.Turn, "Dice": diceText(m.Dice), "Played": localNotation(lang, m.Played.String()), "Best": localNotation(lang, m.Best.String()),
			"Loss": fmt.Sprintf("%.3f", m.Loss), "Position": m.Before.PositionID(),
		}))
	}
	return strings.Join(lines, "\n")
}
