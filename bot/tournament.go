package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"nardi/game"
	"nardi/locales"
	"nardi/store"
	"nardi/table"
)

// Tournaments in a group (see table's tournaments.go for their rules).
// /tournament with terms opens one, and its card in the group takes ➕
// join, ➖ leave and ▶️ start; without terms it shows the one under way,
// or the last ones finished. The centre edits the card through Card, at
// most once a minute; each game is a private duel whose players are told
// through GameReady, and the end is posted through Over.

// formatWords are the words of /tournament that name a format.
var formatWords = map[string]store.Format{
	"knockout": store.Knockout, "ko": store.Knockout, "playoff": store.Knockout, "cup": store.Knockout,
	"swiss":      store.Swiss,
	"roundrobin": store.RoundRobin, "round-robin": store.RoundRobin, "rr": store.RoundRobin, "league": store.RoundRobin,
}

// clockTime is an hour and minute of a day, as "at 20:00" gives it.
type clockTime struct {
	hour, minute int
	set          bool
}

// parseClock reads "20:00" (or "20.00", "8:05").
func parseClock(w string) (clockTime, bool) {
	h, m, found := strings.Cut(strings.ReplaceAll(w, ".", ":"), ":")
	hour, err1 := strconv.Atoi(h)
	minute, err2 := strconv.Atoi(m)
	if !found || err1 != nil || err2 != nil || len(m) != 2 || hour < 0 || hour > 23 || minute < 0 || minute > 59 {
		return clockTime{}, false
	}
	return clockTime{hour, minute, true}, true
}

// parseTournamentArgs reads "/tournament [format] [N rounds] [min N]
// [at HH:MM] [third] [terms as /duel reads them]"; ok is false when a word is not
// understood (problem then says which, as /duel does).
func parseTournamentArgs(args string) (t store.Tournament, at clockTime, problem termsProblem, ok bool) {
	t.Format = store.Knockout
	words := strings.Fields(strings.ToLower(args))
	var rest []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if f, found := formatWords[w]; found {
			t.Format = f
			continue
		}
		next := ""
		if i+1 < len(words) {
			next = words[i+1]
		}
		if n, err := strconv.Atoi(w); err == nil && (next == "rounds" || next == "round") && n >= 1 && n <= 20 {
			t.Rounds = n
			i++
			continue
		}
		if n, err := strconv.Atoi(next); err == nil && w == "min" && n >= table.MinPlayers && n <= table.MaxKnockout {
			t.MinPlayers = n
			i++
			continue
		}
		if c, isClock := parseClock(next); isClock && w == "at" {
			at = c
			i++
			continue
		}
		if w == "third" {
			t.Third = true
			continue
		}
		rest = append(rest, w)
	}
	tm, p := readTerms(strings.Join(rest, " "), false)
	if p.key != "" {
		return t, at, p, false
	}
	clock := game.DuelClock
	if tm.clocked {
		clock = tm.clock
	}
	t.Options = tm.options(clock)
	return t, at, p, true
}

// cmdTournament opens a tournament in a group with the terms given, or
// shows the one under way and the last ones finished.
func (b *Bot) cmdTournament(ctx context.Context, r *request) {
	if !r.group {
		b.reply(ctx, r, "tournament.group_only", nil)
		return
	}
	words := strings.Fields(r.args)
	if len(words) == 0 {
		b.showTournaments(ctx, r)
		return
	}
	switch strings.ToLower(words[0]) {
	case "tz", "zone":
		b.setZone(ctx, r, strings.Join(words[1:], " "))
		return
	case "remove", "kick":
		b.removePlayer(ctx, r, words[1:])
		return
	case "cancel":
		b.cancelTournament(ctx, r)
		return
	}
	t, at, p, ok := parseTournamentArgs(r.args)
	if !ok {
		b.replyKB(ctx, r, problemText(r.lang, p)+"\n\n"+locales.T(r.lang, "tournament.usage", nil), nil)
		return
	}
	t.Lang = string(r.lang)
	if at.set {
		zone, err := b.table.Zone(ctx, r.chat)
		if err != nil {
			b.refusedReply(ctx, r, err)
			return
		}
		t.StartAt = table.NextAt(b.cfg.Now(), zone, at.hour, at.minute)
	}
	_, err := b.table.OpenTournament(ctx, r.actor(), t, func(v table.TournamentView) (int64, error) {
		id, err := b.send.SendText(ctx, r.chat, cardText(r.lang, v, b.cfg.Now()), cardKeyboard(r.lang, v))
		return int64(id), err
	})
	if err != nil {
		b.refusedReply(ctx, r, err)
	}
}

// showTournaments answers /tournament without terms in a group.
func (b *Bot) showTournaments(ctx context.Context, r *request) {
	var parts []string
	if v, err := b.table.CurrentTournament(ctx, r.chat); err == nil {
		parts = append(parts, cardText(r.lang, v, b.cfg.Now()))
	}
	if done, err := b.store.FinishedTournaments(ctx, r.chat, 3); err == nil && len(done) > 0 {
		lines := []string{locales.T(r.lang, "tournament.recent", nil)}
		for _, t := range done {
			v, err := b.table.View(ctx, t.ID)
			if err != nil {
				continue
			}
			line := t.Finished.Format("2006-01-02") + " · " + formatName(r.lang, t.Format)
			if podium := v.Podium(); len(podium) > 0 {
				line += " · 🥇 " + locales.EscapeHTML(v.Name(podium[0][0]))
			}
			lines = append(lines, line)
		}
		parts = append(parts, strings.Join(lines, "\n"))
	}
	if len(parts) == 0 {
		parts = append(parts, locales.T(r.lang, "tournament.none", nil))
	}
	parts = append(parts, locales.T(r.lang, "tournament.usage", nil))
	b.replyKB(ctx, r, strings.Join(parts, "\n\n"), nil)
}

// formatName names a format in a language.
func formatName(lang locales.Lang, f store.Format) string {
	return locales.T(lang, "tournament.format_"+string(f), nil)
}

// cardKeyboard holds ➕ ➖ ▶️ while a tournament is open, nothing after.
func cardKeyboard(lang locales.Lang, v table.TournamentView) Keyboard {
	if v.Tournament.Status != store.TournamentOpen {
		return Keyboard{}
	}
	id := v.Tournament.ID
	return Keyboard{{
		button(locales.T(lang, "button.tournament.join", nil), action{op: opJoin, game: id}),
		button(locales.T(lang, "button.tournament.leave", nil), action{op: opLeave, game: id}),
		button(locales.T(lang, "button.tournament.start", nil), action{op: opStart, game: id}),
	}}
}

// hostCommand loads the group's tournament for a command of its host's,
// and tells whether the person is an administrator (who may act as one).
func (b *Bot) hostCommand(ctx context.Context, r *request) (table.TournamentView, bool, bool) {
	v, err := b.table.CurrentTournament(ctx, r.chat)
	if err != nil {
		b.reply(ctx, r, "tournament.none_running", nil)
		return v, false, false
	}
	admin := false
	if v.Tournament.Host != r.user.ID {
		if admin, err = b.send.IsAdmin(ctx, r.chat, r.user.ID); err != nil {
			b.log.Warn("asking for a group's administrators failed", "chat", r.chat, "err", err)
		}
	}
	return v, admin, true
}

// removePlayer takes a player out of the group's tournament at its
// host's /tournament remove @name (or an administrator's).
func (b *Bot) removePlayer(ctx context.Context, r *request, args []string) {
	if len(args) != 1 || !strings.HasPrefix(args[0], "@") || len(args[0]) < 2 {
		b.reply(ctx, r, "tournament.remove_usage", nil)
		return
	}
	v, admin, ok := b.hostCommand(ctx, r)
	if !ok {
		return
	}
	name := args[0]
	u, err := b.store.UserByUsername(ctx, strings.TrimPrefix(name, "@"))
	if err != nil || !v.Joined(u.ID) {
		b.reply(ctx, r, "tournament.not_a_player", map[string]any{"Name": name})
		return
	}
	if _, err := b.table.RemoveFromTournament(ctx, r.actor(), v.Tournament.ID, u.ID, admin); err != nil {
		b.refusedReply(ctx, r, err)
		return
	}
	b.reply(ctx, r, "tournament.removed", map[string]any{"Name": u.Name})
}

// cancelTournament ends the group's tournament without a result at its
// host's /tournament cancel (or an administrator's).
func (b *Bot) cancelTournament(ctx context.Context, r *request) {
	v, admin, ok := b.hostCommand(ctx, r)
	if !ok {
		return
	}
	if _, err := b.table.CancelTournament(ctx, r.actor(), v.Tournament.ID, admin); err != nil {
		b.refusedReply(ctx, r, err)
		return
	}
	b.reply(ctx, r, "tournament.cancelled", map[string]any{"Format": formatName(r.lang, v.Tournament.Format)})
}

// setZone sets the group's time zone from /tournament tz.
func (b *Bot) setZone(ctx context.Context, r *request, zone string) {
	admin, err := b.send.IsAdmin(ctx, r.chat, r.user.ID)
	if err != nil {
		b.log.Warn("asking for a group's administrators failed", "chat", r.chat, "err", err)
	}
	loc, err := b.table.SetZone(ctx, r.actor(), zone, admin)
	switch {
	case table.CodeOf(err) == table.ErrBadZone:
		b.reply(ctx, r, "tournament.zone_bad", nil)
	case err != nil:
		b.refusedReply(ctx, r, err)
	default:
		b.reply(ctx, r, "tournament.zone_set", map[string]any{"Zone": table.ZoneName(loc)})
	}
}

// zoned writes a time in a group's zone: its hour, and its date too when
// it is not within the day ahead.
func zoned(at time.Time, loc *time.Location, now time.Time) string {
	if loc == nil {
		loc = time.UTC
	}
	if d := at.Sub(now); d > 20*time.Hour || d < -4*time.Hour {
		return at.In(loc).Format("02.01 15:04")
	}
	return at.In(loc).Format("15:04")
}

// zoneOf names a view's zone.
func zoneOf(v table.TournamentView) string {
	if v.Zone == nil {
		return "UTC"
	}
	return table.ZoneName(v.Zone)
}

// cardText is a tournament's card: its terms and players while open; the
// round's pairs and the standings while under way; the podium at the end.
// Its times are the group's (now tells whether a date is needed).
func cardText(lang locales.Lang, v table.TournamentView, now time.Time) string {
	t := v.Tournament
	format := formatName(lang, t.Format)
	name := func(id int64) string { return locales.EscapeHTML(v.Name(id)) }
	switch t.Status {
	case store.TournamentOpen:
		var names []string
		for _, e := range v.Entrants {
			names = append(names, name(e.UserID))
		}
		players := strings.Join(names, ", ")
		if players == "" {
			players = locales.T(lang, "tournament.no_players", nil)
		}
		terms := termsLines(lang, t.Options)
		if t.MinPlayers > table.MinPlayers {
			terms += "\n" + locales.T(lang, "tournament.min_players", map[string]any{"Need": t.MinPlayers})
		}
		if t.Third && t.Format == store.Knockout {
			terms += "\n" + locales.T(lang, "tournament.third_terms", nil)
		}
		if !t.StartAt.IsZero() {
			terms += "\n" + locales.T(lang, "tournament.starts_at", map[string]any{"Time": zoned(t.StartAt, v.Zone, now), "Zone": zoneOf(v)})
		}
		return locales.T(lang, "tournament.card_open", map[string]any{
			"Format": format, "Host": v.Name(t.Host), "Terms": locales.HTML(terms),
			"Number": len(v.Entrants), "Players": locales.HTML(players),
		})
	case store.TournamentCancelled:
		return locales.T(lang, "tournament.card_cancelled", map[string]any{"Format": format})
	}
	var lines []string
	if t.Status == store.TournamentFinished {
		lines = append(lines, locales.T(lang, "tournament.card_finished", map[string]any{"Format": format}), podiumLines(v))
	} else {
		lines = append(lines, locales.T(lang, "tournament.card_round", map[string]any{
			"Format": format, "Round": t.Round, "Rounds": t.Rounds, "Time": zoned(t.Deadline, v.Zone, now), "Zone": zoneOf(v),
		}))
	}
	if t.Format == store.Knockout {
		return strings.Join(append(lines, bracketLines(lang, v)...), "\n")
	}
	lines = append(lines, "")
	for _, p := range v.Round(t.Round) {
		lines = append(lines, pairLine(lang, v, p))
	}
	lines = append(lines, "", locales.T(lang, "tournament.standings", nil))
	for i, s := range v.Standings {
		if i == 16 {
			lines = append(lines, "…")
			break
		}
		lines = append(lines, fmt.Sprintf("%d. %s — %d (%d)", i+1, name(s.ID), s.Points, s.Buchholz))
	}
	return strings.Join(lines, "\n")
}

// cardPairs is the most pairs a knockout's card lists: the earliest
// rounds give way to the latest past it (the card's text has a limit).
const cardPairs = 48

// bracketLines writes a knockout's rounds so far, each under its title,
// the earliest rounds left out when there are too many pairs.
func bracketLines(lang locales.Lang, v table.TournamentView) []string {
	t := v.Tournament
	first, n := t.Round, 0
	for r := t.Round; r >= 1; r-- {
		if n += len(v.Round(r)); n > cardPairs && r < t.Round {
			break
		}
		first = r
	}
	var lines []string
	if first > 1 {
		lines = append(lines, "", "…")
	}
	for r := first; r <= t.Round; r++ {
		lines = append(lines, "", roundTitle(lang, t, r))
		for _, p := range v.Round(r) {
			if v.IsThirdPlace(p) {
				lines = append(lines, locales.T(lang, "tournament.third_title", nil))
			}
			lines = append(lines, pairLine(lang, v, p))
		}
	}
	return lines
}

// roundTitle names a knockout's round: its number, or the final.
func roundTitle(lang locales.Lang, t store.Tournament, r int) string {
	if r == t.Rounds {
		return locales.T(lang, "tournament.final_title", nil)
	}
	return locales.T(lang, "tournament.round_title", map[string]any{"Round": r})
}

// pairLine writes one pair of a round and its result.
func pairLine(lang locales.Lang, v table.TournamentView, p store.Pairing) string {
	a, b := locales.EscapeHTML(v.Name(p.A)), locales.EscapeHTML(v.Name(p.B))
	if p.B == 0 {
		return "• " + locales.T(lang, "tournament.bye", map[string]any{"Name": v.Name(p.A)})
	}
	line := "• " + a + " — " + b
	switch {
	case p.Done && p.Winner != 0 && p.Forfeit:
		line += ": " + locales.T(lang, "tournament.won_forfeit", map[string]any{"Name": v.Name(p.Winner)})
	case p.Done && p.Winner != 0:
		line += ": " + locales.T(lang, "tournament.won", map[string]any{"Name": v.Name(p.Winner)})
	case !p.Done:
		line += " ⏳"
	}
	return line
}

// podiumLines writes the podium: 🥇, 🥈 and 🥉 with their names.
func podiumLines(v table.TournamentView) string {
	medals := []string{"🥇", "🥈", "🥉"}
	var lines []string
	for i, place := range v.Podium() {
		var names []string
		for _, id := range place {
			names = append(names, locales.EscapeHTML(v.Name(id)))
		}
		lines = append(lines, medals[i]+" "+strings.Join(names, ", "))
	}
	return strings.Join(lines, "\n")
}

// cardTap loads the tournament of a card's button, refusing a button on
// any other message than its card.
func (b *Bot) cardTap(ctx context.Context, r *request, a action) (table.TournamentView, bool) {
	v, err := b.table.View(ctx, a.game)
	if err == nil && (v.Tournament.ChatID != r.chat || v.Tournament.MessageID != int64(r.messageID)) {
		err = &table.Error{Code: table.ErrStale, Detail: "not the tournament's card"}
	}
	if err != nil {
		b.refused(ctx, r, err)
		return v, false
	}
	return v, true
}

// onJoin enters the person who tapped ➕, once they have started the bot
// (their games come to their private chat); a tournament begun or over
// says so first, whoever taps.
func (b *Bot) onJoin(ctx context.Context, r *request, a action) {
	v, ok := b.cardTap(ctx, r, a)
	if !ok {
		return
	}
	if !r.user.Started && v.Tournament.Status == store.TournamentOpen {
		b.answer(ctx, r, locales.T(r.lang, "toast.tournament.start_bot", map[string]any{"Bot": b.username}), true)
		return
	}
	if _, err := b.table.JoinTournament(ctx, r.actor(), a.game); err != nil {
		b.refused(ctx, r, err)
		return
	}
	b.toast(ctx, r, "toast.tournament.joined")
}

// onLeave takes the person who tapped ➖ out.
func (b *Bot) onLeave(ctx context.Context, r *request, a action) {
	if _, ok := b.cardTap(ctx, r, a); !ok {
		return
	}
	if _, err := b.table.LeaveTournament(ctx, r.actor(), a.game); err != nil {
		b.refused(ctx, r, err)
		return
	}
	b.toast(ctx, r, "toast.tournament.left")
}

// onStart starts the tournament at its host's or an administrator's ▶️.
func (b *Bot) onStart(ctx context.Context, r *request, a action) {
	v, ok := b.cardTap(ctx, r, a)
	if !ok {
		return
	}
	admin := false
	if v.Tournament.Host != r.user.ID {
		var err error
		if admin, err = b.send.IsAdmin(ctx, r.chat, r.user.ID); err != nil {
			b.log.Warn("asking for a group's administrators failed", "chat", r.chat, "err", err)
		}
	}
	if _, err := b.table.StartTournament(ctx, r.actor(), a.game, admin); err != nil {
		b.refused(ctx, r, err)
		return
	}
	b.toast(ctx, r, "toast.tournament.started")
}

// Card edits a tournament's card to show it as it stands (table.Lobby):
// once the group's pace lets the edit go, with what is known by then. One
// edit of a card is under way at a time; a call meanwhile leaves the card
// marked for the sweep's next edit.
func (b *Bot) Card(ctx context.Context, v table.TournamentView) {
	t := v.Tournament
	if _, busy := b.cards.LoadOrStore(t.ID, struct{}{}); busy {
		if err := b.table.CardBehind(ctx, t.ID); err != nil {
			b.log.Warn("marking a tournament's card failed", "tournament", t.ID, "err", err)
		}
		return
	}
	defer b.cards.Delete(t.ID)
	if err := b.send.Ready(ctx, t.ChatID); err != nil {
		b.cardLeft(ctx, t.ID, err)
		return
	}
	if fresh, err := b.table.View(ctx, t.ID); err == nil {
		v, t = fresh, fresh.Tournament
	}
	lang, _ := locales.Parse(t.Lang)
	if err := b.send.EditText(ctx, t.ChatID, int(t.MessageID), cardText(lang, v, b.cfg.Now()), cardKeyboard(lang, v)); err != nil {
		b.log.Warn("editing a tournament's card failed", "tournament", t.ID, "err", err)
		b.cardLeft(ctx, t.ID, err)
	}
	if err := b.tournamentPicture(ctx, v); err != nil {
		b.cardLeft(ctx, t.ID, err)
	}
}

// cardLeft marks a tournament's card as behind again after a call that
// failed for a while (a 429, the network, the bot stopping mid-call), so
// that the sweep shows it later, after a restart too; a call Telegram
// refuses for good is not tried again.
func (b *Bot) cardLeft(ctx context.Context, id int64, err error) {
	if permanent(err) {
		return
	}
	if err := b.table.CardBehind(context.WithoutCancel(ctx), id); err != nil {
		b.log.Warn("marking a tournament's card failed", "tournament", id, "err", err)
	}
}

// GameReady tells each player of a pair, in their private chat and
// language, that their game has begun, and shows them its board
// (table.Lobby).
func (b *Bot) GameReady(ctx context.Context, v table.TournamentView, p store.Pairing, rec *store.GameRecord) {
	for seat, id := range []int64{p.A, p.B} {
		u, err := b.user(ctx, id)
		if err != nil {
			b.log.Warn("loading a tournament's player failed", "user", id, "err", err)
			continue
		}
		lang := langOf(u)
		other := p.B
		if seat == 1 {
			other = p.A
		}
		text := locales.T(lang, "tournament.game_ready", map[string]any{
			"Round": p.Round, "Opponent": v.Name(other), "Time": zoned(v.Tournament.Deadline, v.Zone, b.cfg.Now()), "Zone": zoneOf(v),
		})
		_, err = b.send.SendText(ctx, id, text, nil)
		if err == nil {
			_, err = b.table.ShowBoard(ctx, rec.ID, game.Seat(seat), id)
		}
		if forbidden(err) {
			b.notStarted(ctx, id) // the deadline decides the game
			continue
		}
		if err != nil {
			b.log.Warn("showing a tournament's game failed", "game", rec.ID, "user", id, "err", err)
		}
	}
}

// Over posts a finished tournament's podium and standings in its group
// (table.Lobby).
func (b *Bot) Over(ctx context.Context, v table.TournamentView) {
	t := v.Tournament
	lang, _ := locales.Parse(t.Lang)
	text := locales.T(lang, "tournament.over", nil) + "\n" + podiumLines(v)
	if t.Format != store.Knockout {
		text += "\n\n" + locales.T(lang, "tournament.standings", nil)
		for i, s := range v.Standings {
			if i == 16 {
				break
			}
			text += fmt.Sprintf("\n%d. %s — %d (%d)", i+1, locales.EscapeHTML(v.Name(s.ID)), s.Points, s.Buchholz)
		}
	}
	if _, err := b.send.SendText(ctx, t.ChatID, text, nil); err != nil {
		b.log.Warn("posting a tournament's end failed", "tournament", t.ID, "err", err)
	}
}

// TooFew tells the group that its tournament did not start at its time,
// short of players (table.Lobby).
func (b *Bot) TooFew(ctx context.Context, v table.TournamentView) {
	t := v.Tournament
	lang, _ := locales.Parse(t.Lang)
	text := locales.T(lang, "tournament.too_few", map[string]any{
		"Format": formatName(lang, t.Format), "Number": len(v.Entrants), "Need": t.MinPlayers,
	})
	if _, err := b.send.SendText(ctx, t.ChatID, text, nil); err != nil {
		b.log.Warn("posting a tournament's cancellation failed", "tournament", t.ID, "err", err)
	}
}

// RoundReminder tells a player, in their private chat and language, that
// their game waits on them as the round's deadline nears (table.Lobby).
func (b *Bot) RoundReminder(ctx context.Context, v table.TournamentView, p store.Pairing, user int64) {
	u, err := b.user(ctx, user)
	if err != nil {
		b.log.Warn("loading a tournament's player failed", "user", user, "err", err)
		return
	}
	other := p.A
	if other == user {
		other = p.B
	}
	text := locales.T(langOf(u), "tournament.reminder", map[string]any{
		"Round": p.Round, "Opponent": v.Name(other), "Time": zoned(v.Tournament.Deadline, v.Zone, b.cfg.Now()), "Zone": zoneOf(v),
	})
	if _, err := b.send.SendText(ctx, user, text, nil); err != nil && !forbidden(err) {
		b.log.Warn("reminding a tournament's player failed", "user", user, "err", err)
	}
}

// Bye tells a player, in their private chat and language, that they
// have a bye in the round just paired (table.Lobby).
func (b *Bot) Bye(ctx context.Context, v table.TournamentView, p store.Pairing) {
	u, err := b.user(ctx, p.A)
	if err != nil {
		b.log.Warn("loading a tournament's player failed", "user", p.A, "err", err)
		return
	}
	text := locales.T(langOf(u), "tournament.your_bye", map[string]any{"Round": p.Round})
	if _, err := b.send.SendText(ctx, p.A, text, nil); err != nil && !forbidden(err) {
		b.log.Warn("telling a tournament's player of a bye failed", "user", p.A, "err", err)
	}
}
