package bot

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"nardi/bot/telegramtest"
	"nardi/locales"
	"nardi/render"
	"nardi/store"
)

// TestTournamentKnockout: four people hold a knockout in a group: a
// person who has not started the bot is asked to first, a non-host's ▶️
// changes nothing, each game is played on private boards (none in the
// group), the bot restarts in the middle of the first round, and the card
// ends with the podium, posted in the group too.
func TestTournamentKnockout(t *testing.T) {
	// Not beside the other tests: its games end within seconds, and the
	// bracket, which waits for a quiet moment in the group as any message
	// other than a board does, must get out while the first round is
	// played, which a busy machine can delay past the end.
	h := launch(t, &harness{
		roller:    &seededRoller{rng: rand.New(rand.NewPCG(7, 11))},
		configure: func(c *Config) { c.CardEvery = 200 * time.Millisecond }})
	h.srv.SetRateLimit(true)
	var groupCalls []time.Time
	dave := telegramtest.User{ID: 1004, FirstName: "Dave", LanguageCode: "ru"}
	erin := telegramtest.User{ID: 1005, FirstName: "Erin", LanguageCode: "en"}
	players := []telegramtest.User{alice, bob, carol, dave}
	h.welcomed(players...)
	card := h.newTournament("/tournament knockout 0")
	join, start := opButton(t, card, opJoin).CallbackData, opButton(t, card, opStart).CallbackData
	h.wantAnswer(erin, card.ID, join, locales.T(locales.EN, "toast.tournament.start_bot", map[string]any{"Bot": telegramtest.BotUsername}), true)
	for _, u := range players {
		want := locales.T(locales.FromTelegram(u.LanguageCode), "toast.tournament.joined", nil)
		h.wantAnswer(u, card.ID, join, want, false)
	}
	h.wantAnswer(bob, card.ID, join, en("toast.tournament.already_joined"), false)
	h.wantAnswer(bob, card.ID, start, en("toast.tournament.host_only"), true)
	h.wantAnswer(alice, card.ID, start, en("toast.tournament.started"), false)
	h.wantAnswer(carol, card.ID, join, en("toast.tournament.begun"), true)

	// Each player is told privately, with a board of their own.
	for _, u := range players {
		h.waitText(u.ID, "🏆")
		h.boardAfter(u.ID, 0)
	}
	v, err := h.currentTournament()
	if err != nil {
		t.Fatal(err)
	}
	round1 := v.Round(1)
	if len(round1) != 2 {
		t.Fatalf("round 1: %+v", round1)
	}
	byID := map[int64]telegramtest.User{}
	for _, u := range players {
		byID[u.ID] = u
	}
	for i, p := range round1 {
		if i == 1 {
			h.restart() // killed and started again in the middle of the round
		}
		loser := byID[max(p.A, p.B)]
		h.resignByCommand(loser, loser.Private())
	}
	// The final, between the two winners.
	final := h.roundBegun(2, 1)[0]
	if final.A != alice.ID || final.B != bob.ID {
		t.Fatalf("final %+v", final)
	}
	h.resignByCommand(bob, bob.Private())
	h.waitText(group.ID, en("tournament.over"))
	h.srv.WaitMessageID(card.ID, wait, func(m *telegramtest.Message) bool { return strings.Contains(m.Text, "🥇 Alice") })
	// One picture in the group, the bracket: posted with the first round
	// (and kept across the restart), edited in place with the final and at
	// the end, which it shows once the card has been edited; the group
	// gets at most 20 messages and edits a minute.
	over := locales.T(locales.EN, "tournament.picture_over", map[string]any{"Format": formatName(locales.EN, store.Knockout)})
	pic, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool {
		return m.ChatID == group.ID && m.Photo != nil && m.Text == over
	})
	if !ok {
		t.Fatalf("no picture in the group reads %q", over)
	}
	var pics []telegramtest.Message
	for _, m := range h.srv.Messages(group.ID) {
		if m.Photo != nil {
			pics = append(pics, m)
		}
	}
	if len(pics) != 1 {
		t.Fatalf("%d pictures in the group, want the bracket alone", len(pics))
	}
	img, err := png.Decode(bytes.NewReader(pic.Photo))
	if err != nil {
		t.Fatal(err)
	}
	if w, hh := render.BracketSize(render.BracketView{Total: 2}); img.Bounds() != image.Rect(0, 0, w, hh) {
		t.Fatalf("the bracket is %v, want %dx%d", img.Bounds(), w, hh)
	}
	if len(pic.Photo) > 60<<10 {
		t.Fatalf("the bracket is %d bytes", len(pic.Photo))
	}
	var sent, edited int
	drawn := map[string]bool{}
	for _, method := range []string{"sendMessage", "sendPhoto", "editMessageText", "editMessageMedia", "editMessageCaption"} {
		for _, c := range h.srv.Calls(method) {
			if c.Fields["chat_id"] != strconv.FormatInt(group.ID, 10) {
				continue
			}
			if method == "sendPhoto" {
				sent++
			}
			if method == "editMessageMedia" && !drawn[string(c.Files["board.png"])] {
				drawn[string(c.Files["board.png"])] = true // a retry after a 429 sends the same
				edited++
			}
			groupCalls = append(groupCalls, c.At)
		}
	}
	if sent != 1 || edited < 1 || edited > 2 {
		// The final and the end; a final ended before the card's next
		// edit shows both at once.
		t.Fatalf("the bracket sent %d times and edited to %d pictures, want once and one or two", sent, edited)
	}
	slices.SortFunc(groupCalls, func(a, b time.Time) int { return a.Compare(b) })
	for i := range groupCalls {
		if i >= 20 && groupCalls[i].Sub(groupCalls[i-20]) < time.Minute {
			t.Fatalf("%d messages and edits in the group within a minute", 21)
		}
	}
	if v := h.srv.Violated(); len(v) != 0 {
		t.Fatalf("sent within a retry_after: %v", v)
	}
	if got, _ := h.srv.Message(card.ID); len(got.Buttons()) != 0 {
		t.Fatalf("the finished card keeps buttons %v", got.Buttons())
	}
}

// newTournament has alice announce a tournament in the group with cmd and
// returns its card.
func (h *harness) newTournament(cmd string) telegramtest.Message {
	h.t.Helper()
	h.srv.SendText(alice, group, cmd)
	card, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool { return m.ChatID == group.ID && hasOp(*m, opJoin) })
	if !ok {
		h.t.Fatalf("no card; have %v", texts(h.srv.Messages(group.ID)))
	}
	return card
}

// roundBegun waits for round n of the group's tournament to have its
// pairs games, each begun, and returns its pairings.
func (h *harness) roundBegun(n, pairs int) []store.Pairing {
	h.t.Helper()
	var v tournamentView
	var err error
	for deadline := time.Now().Add(wait); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if v, err = h.currentTournament(); err != nil || v.Tournament.Round != n || len(v.Round(n)) != pairs {
			continue
		}
		ps := v.Round(n)
		if !slices.ContainsFunc(ps, func(p store.Pairing) bool { return p.GameID == 0 }) {
			return ps
		}
	}
	h.t.Fatalf("round %d has not begun with %d games: %+v (%v)", n, pairs, v, err)
	return nil
}

// currentTournament returns the group's tournament, finished or not.
func (h *harness) currentTournament() (tournamentView, error) {
	ctx := context.Background()
	t, err := h.st.CurrentTournament(ctx, group.ID)
	if err != nil {
		done, ferr := h.st.FinishedTournaments(ctx, group.ID, 1)
		if ferr != nil || len(done) == 0 {
			return tournamentView{}, err
		}
		t = done[0]
	}
	ps, err := h.st.Pairings(ctx, t.ID)
	return tournamentView{Tournament: t, Pairings: ps}, err
}

// tournamentView is a tournament and its pairs, as the store holds them.
type tournamentView struct {
	Tournament store.Tournament
	Pairings   []store.Pairing
}

// Round returns a round's pairs.
func (v tournamentView) Round(r int) []store.Pairing {
	var out []store.Pairing
	for _, p := range v.Pairings {
		if p.Round == r {
			out = append(out, p)
		}
	}
	return out
}

// TestTournamentPictureAfterAFailure: when Telegram fails to take a
// tournament's first picture, whatever the bot's tries, the picture is
// shown later by itself, while the round is still under way, not only once
// something else changes.
func TestTournamentPictureAfterAFailure(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := launch(t, &harness{
		roller:    &seededRoller{rng: rand.New(rand.NewPCG(7, 11))},
		configure: func(c *Config) { c.CardEvery = 200 * time.Millisecond }})
	h.welcomed(alice, bob)
	card := h.newTournament("/tournament knockout 0")
	join, start := opButton(t, card, opJoin).CallbackData, opButton(t, card, opStart).CallbackData
	for _, u := range []telegramtest.User{alice, bob} {
		h.wantAnswer(u, card.ID, join, locales.T(locales.FromTelegram(u.LanguageCode), "toast.tournament.joined", nil), false)
	}
	h.srv.FailIn("sendPhoto", group.ID, maxTries, http.StatusInternalServerError)
	h.wantAnswer(alice, card.ID, start, en("toast.tournament.started"), false)
	if _, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool { return m.ChatID == group.ID && m.Photo != nil }); !ok {
		t.Fatal("the tournament's picture was never shown")
	}
	v, err := h.currentTournament()
	if err != nil {
		t.Fatal(err)
	}
	if v.Tournament.Status != store.TournamentRunning {
		t.Fatalf("the picture came once the tournament was %s", v.Tournament.Status)
	}
}
