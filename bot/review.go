package bot

import (
	"cmp"
	"context"
	"math"
	"slices"
	"strings"

	"nardi/locales"
	"nardi/render"
	"nardi/store"
	"nardi/table"
)

// A review of a finished game: 🔍 under its board, or /review. The master
// search judges every play of the person's in the background (the tap is
// answered at once) and the three biggest mistakes come back as a
// message, with the game's error rate; in a busy group it goes to the
// person's private chat when it can. A person has one review under way at
// a time, a game's review is posted once in a chat (a later request
// points to it), and a 🔍 in a group counts against the person's
// allowance there as /review does. Reviews judge only while no computer's
// move waits, and stop when the bot does.

// onReview answers 🔍 under a finished game: that game's review, on a
// board of it, for one of its players (a game begun since does not hide
// it).
func (b *Bot) onReview(ctx context.Context, r *request, a action) {
	out, ok := b.tappedGame(ctx, r, a.game)
	if !ok {
		return
	}
	if _, ok := out.Game.Game.SeatOf(r.user.ID); !ok {
		b.toast(ctx, r, "toast.not_player")
		return
	}
	b.startReview(ctx, r, a.game)
}

func (b *Bot) cmdReview(ctx context.Context, r *request) { b.startReview(ctx, r, 0) }

// startReview begins the review a tap or a command asks for (of game id,
// or 0: the person's newest finished game in the chat), or tells why not:
// (a tap in a group) the person's allowance there spent, one under way
// already, or the review posted already.
func (b *Bot) startReview(ctx context.Context, r *request, id int64) {
	tap := r.queryID != ""
	if tap && !b.groupAllows(ctx, r) { // a toast costs the group nothing
		return
	}
	to := b.chatterTo(ctx, r)
	if store.IsInline(r.chat) { // an inline message takes no message: the private chat does
		if !r.user.Started {
			b.answer(ctx, r, locales.T(r.lang, "inline.review", nil), true)
			return
		}
		private := *r
		private.chat, private.group = r.user.ID, false
		to = &private
	}
	job, posted, err := b.table.BeginReview(ctx, r.actor(), id, to.chat)
	switch {
	case err != nil && tap:
		b.refused(ctx, r, err)
		return
	case err != nil:
		b.refusedReply(ctx, r, err)
		return
	case posted != 0 && tap:
		b.toast(ctx, r, "toast.review_posted")
		return
	case posted != 0:
		b.pointTo(ctx, to, int(posted), locales.T(to.lang, "review.posted", nil))
		return
	}
	b.toast(ctx, r, "toast.review_working")
	dest := *to
	b.goAsync(func(ctx context.Context) {
		message := 0
		defer func() { job.Finish(context.WithoutCancel(ctx), int64(message)) }()
		// Judging stops as soon as the bot does; a review done is sent
		// within the grace of the shutdown.
		rv, err := job.Run(b.ctx)
		if err != nil {
			if b.ctx.Err() == nil {
				b.refusedReply(ctx, &dest, err)
			}
			return
		}
		message = b.replyKB(ctx, &dest, reviewText(dest.lang, rv), nil)
		if message != 0 {
			b.sendReviewPictures(ctx, &dest, rv)
		}
	})
}

// bigLuck is the luck of a roll that the review's graph marks.
const bigLuck = 0.25

// maxLuckMarks is how many rolls the graph marks, the luckiest and the
// unluckiest first.
const maxLuckMarks = 6

// sendReviewPictures sends a review's pictures after its text: the game's
// story (the person's chances turn by turn, mistakes and big luck marked)
// and, in a private chat, each mistake drawn on its board (a group's
// budget of messages is kept for the boards).
func (b *Bot) sendReviewPictures(ctx context.Context, to *request, rv table.Review) {
	mine := render.Color(rv.Seat.Color())
	if len(rv.Chances) >= 2 {
		gv := render.GraphView{Chances: rv.Chances, A: mine}
		for _, m := range rv.Worst {
			gv.Marks = append(gv.Marks, render.GraphMark{Turn: m.Turn, Kind: render.MarkMistake})
		}
		type swing struct {
			turn int
			luck float64
		}
		var swings []swing
		for i, l := range rv.Rolls {
			if rv.Turns[i] != rv.Seat {
				l = -l // the opponent's luck is the person's bad luck
			}
			if math.Abs(l) >= bigLuck {
				swings = append(swings, swing{i + 1, l})
			}
		}
		slices.SortFunc(swings, func(a, b swing) int { return cmp.Compare(math.Abs(b.luck), math.Abs(a.luck)) })
		for _, sw := range swings[:min(len(swings), maxLuckMarks)] {
			kind := render.MarkLucky
			if sw.luck < 0 {
				kind = render.MarkUnlucky
			}
			gv.Marks = append(gv.Marks, render.GraphMark{Turn: sw.turn, Kind: kind})
		}
		if png, err := render.Graph(gv); err != nil {
			b.log.Error("drawing a review's graph failed", "game", rv.Game, "err", err)
		} else if _, err := b.send.SendPhoto(ctx, to.chat, png, locales.T(to.lang, "review.graph", nil), nil); err != nil {
			b.log.Warn("sending a review's graph failed", "err", err)
		}
	}
	if to.group {
		return
	}
	for i, m := range rv.Worst {
		if m.Cube != "" {
			continue // a cube decision: no play to draw
		}
		mv := render.MistakeView{View: render.View{Variant: rv.Variant, Pos: m.Before, Dice: m.Dice, MoverColor: mine,
			HomeLeft: to.user.Settings.HomeLeft, Portrait: to.user.Settings.Portrait}, Made: m.Played, Better: m.Best}
		png, err := render.Mistake(mv)
		if err != nil {
			b.log.Error("drawing a mistake failed", "game", rv.Game, "err", err)
			continue
		}
		caption := locales.T(to.lang, "review.picture", map[string]any{"N": i + 1, "Turn": m.Turn, "Dice": diceText(m.Dice),
			"Loss": locales.Decimal(to.lang, m.Loss, 3)})
		if _, err := b.send.SendPhoto(ctx, to.chat, png, caption, nil); err != nil {
			b.log.Warn("sending a mistake's picture failed", "err", err)
		}
	}
}

// pointTo answers with a text that replies to an earlier message of the
// chat (sent on its own if that message is gone).
func (b *Bot) pointTo(ctx context.Context, r *request, message int, text string) {
	if _, err := b.send.SendReply(ctx, r.chat, message, text); err != nil {
		b.log.Warn("sending a message failed", "chat", r.chat, "err", err)
	}
}

// signed writes an equity with its sign, in the language's way: "+0.42",
// "−0,15".
func signed(lang locales.Lang, x float64) string {
	s := locales.Decimal(lang, x, 2)
	if x > 0 && s != locales.Decimal(lang, 0, 2) {
		return "+" + s
	}
	return s
}

// reviewText writes a review in a language.
func reviewText(lang locales.Lang, rv table.Review) string {
	lines := []string{locales.T(lang, "review.title", map[string]any{"Number": rv.Number})}
	if len(rv.Turns) > 0 {
		lines = append(lines, locales.T(lang, "review.luck", map[string]any{
			"You": signed(lang, rv.Luck[0]), "Them": signed(lang, rv.Luck[1])}))
	}
	if rv.Decisions == 0 && len(rv.Worst) == 0 {
		return strings.Join(append(lines, locales.T(lang, "review.no_decisions", nil)), "\n")
	}
	if rv.Decisions > 0 {
		lines = append(lines, locales.N(lang, "review.pr", rv.Decisions, map[string]any{"PR": locales.Decimal(lang, rv.PR, 1)}))
	}
	if len(rv.Worst) == 0 {
		return strings.Join(append(lines, "", locales.T(lang, "review.clean", nil)), "\n")
	}
	for i, m := range rv.Worst {
		if m.Cube != "" {
			key := map[string]string{table.CubeDoubled: "review.cube_doubled", table.CubeHeld: "review.cube_held",
				table.CubeTook: "review.cube_took", table.CubePassed: "review.cube_passed"}[m.Cube]
			lines = append(lines, "", locales.T(lang, key, map[string]any{"N": i + 1, "Turn": m.Turn,
				"Loss": locales.Decimal(lang, m.Loss, 3), "Position": m.Before.PositionID()}))
			continue
		}
		lines = append(lines, "", locales.T(lang, "review.mistake", map[string]any{
			"N": i + 1, "Turn": m.Turn, "Dice": diceText(m.Dice), "Played": localNotation(lang, m.Played.String()), "Best": localNotation(lang, m.Best.String()),
			"Loss": locales.Decimal(lang, m.Loss, 3), "Position": m.Before.PositionID(),
		}))
	}
	return strings.Join(lines, "\n")
}
