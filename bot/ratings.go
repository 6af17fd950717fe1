package bot

import (
	"context"
	"strings"

	"nardi/locales"
	"nardi/store"
)

// minRated is how many rated games or matches a person needs to appear
// on a table of ratings.
const minRated = 3

// topSize is how many people /top lists in a group.
const topSize = 10

// maxRivals is how many opponents /stats names, those played most.
const maxRivals = 5

// cmdStats tells a person's record and rating, and their record against
// the people they played most (their series).
func (b *Bot) cmdStats(ctx context.Context, r *request) {
	st, err := b.store.Stats(ctx, r.user.ID)
	if err != nil {
		b.reply(ctx, r, "error.generic", nil)
		return
	}
	all := st.All
	played := b.tournamentsLines(ctx, r)
	if all.Games == 0 {
		b.replyKB(ctx, r, locales.T(r.lang, "stats.empty", nil)+played, nil)
		return
	}
	rt, err := b.store.RatingOf(ctx, r.user.ID)
	if err != nil {
		b.reply(ctx, r, "error.generic", nil)
		return
	}
	n := func(key string, c int) string { return locales.N(r.lang, key, c, nil) }
	text := locales.T(r.lang, "stats.text", map[string]any{
		"Games": n("unit.games", all.Games), "Wins": n("unit.wins", all.Wins), "Losses": n("unit.losses", all.Games-all.Wins),
		"PointsWon": n("unit.points", all.Points), "PointsLost": n("unit.points", all.PointsLost),
	})
	text += "\n" + locales.T(r.lang, "stats.wins_by", map[string]any{"Marses": all.Marses, "Koks": all.Koks})
	text += "\n" + locales.T(r.lang, "stats.rating", map[string]any{"Rating": locales.Decimal(r.lang, rt.Rating, 0), "Experience": rt.Experience})
	if d, err := b.store.DiceStatsOf(ctx, r.user.ID); err == nil && d.Rolls > 0 {
		text += "\n" + locales.T(r.lang, "stats.dice", map[string]any{
			"Games": n("unit.games", d.Games), "Doubles": d.Doubles, "Rolls": d.Rolls,
			"Expected": locales.Decimal(r.lang, float64(d.Rolls)/6, 0),
			"Average":  locales.Decimal(r.lang, float64(d.Pips)/float64(d.Rolls), 2), "Luck": signed(r.lang, d.Luck)})
	}
	if rivals, err := b.store.Rivals(ctx, r.user.ID, maxRivals); err == nil && len(rivals) > 0 {
		text += "\n\n" + locales.T(r.lang, "stats.rivals", nil)
		for _, o := range rivals {
			text += "\n" + locales.T(r.lang, "stats.rival", map[string]any{"Name": o.Name, "Wins": n("unit.wins", o.Wins),
				"Losses": n("unit.losses", o.Games-o.Wins), "Points": o.Points, "PointsLost": o.PointsLost})
		}
	}
	b.replyKB(ctx, r, text+played, nil)
}

// maxTournaments is how many of a person's tournaments /stats lists.
const maxTournaments = 5

// tournamentsLines lists a person's newest tournaments for /stats: when,
// where, the format and how they finished (or that it goes on); "" for
// none.
func (b *Bot) tournamentsLines(ctx context.Context, r *request) string {
	ts, err := b.store.TournamentsOf(ctx, r.user.ID, maxTournaments)
	if err != nil || len(ts) == 0 {
		return ""
	}
	text := "\n\n" + locales.T(r.lang, "stats.tournaments", nil)
	medals := []string{"🥇 ", "🥈 ", "🥉 "}
	for _, t := range ts {
		v, err := b.table.View(ctx, t.ID)
		if err != nil {
			continue
		}
		place, reached := v.Place(r.user.ID)
		var result string
		switch {
		case t.Status == store.TournamentRunning:
			result = locales.T(r.lang, "stats.tournament_running", nil)
		case place > 0:
			result = locales.T(r.lang, "stats.tournament_place", map[string]any{"Place": place})
			if place <= len(medals) {
				result = medals[place-1] + result
			}
		default:
			result = locales.T(r.lang, "stats.tournament_reached", map[string]any{"Round": reached, "Rounds": t.Rounds})
		}
		group := ""
		if c, err := b.store.ChatInfo(ctx, t.ChatID); err == nil {
			group = c.Title
		}
		text += "\n" + locales.T(r.lang, "stats.tournament", map[string]any{
			"Date": t.Started.In(v.Zone).Format("02.01.2006"), "Group": group, "Format": formatName(r.lang, t.Format), "Result": result,
		})
	}
	return text
}

// cmdTop shows a group's best players by rating, or in a private chat
// the person's own place among everyone.
func (b *Bot) cmdTop(ctx context.Context, r *request) {
	if !r.group {
		place, of, err := b.store.RankOf(ctx, r.user.ID, minRated)
		if err != nil {
			b.reply(ctx, r, "error.generic", nil)
			return
		}
		rt, err := b.store.RatingOf(ctx, r.user.ID)
		if err != nil {
			b.reply(ctx, r, "error.generic", nil)
			return
		}
		if place == 0 {
			b.reply(ctx, r, "top.not_yet", map[string]any{"Need": minRated, "Have": rt.Rated})
			return
		}
		b.reply(ctx, r, "top.place", map[string]any{"Place": place, "Of": of, "Rating": locales.Decimal(r.lang, rt.Rating, 0)})
		return
	}
	top, err := b.store.TopInChat(ctx, r.chat, minRated, topSize)
	if err != nil {
		b.reply(ctx, r, "error.generic", nil)
		return
	}
	r = b.chatterTo(ctx, r)
	if len(top) == 0 {
		b.reply(ctx, r, "top.empty", map[string]any{"Need": minRated})
		return
	}
	lines := []string{locales.T(r.lang, "top.title", nil)}
	for i, p := range top {
		lines = append(lines, locales.T(r.lang, "top.line", map[string]any{"Place": i + 1, "Name": p.Name,
			"Rating": locales.Decimal(r.lang, p.Rating.Rating, 0), "Rated": p.Rated}))
	}
	b.replyKB(ctx, r, strings.Join(lines, "\n"), nil)
}
