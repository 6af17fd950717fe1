package bot

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"nardi/bot/telegramtest"
	"nardi/game"
	"nardi/locales"
	"nardi/store"
	"nardi/table"
)

// shiftClock runs with the real time, moved on by jumps the test makes:
// what is due in a moment stays due in a moment, and a round's deadline
// comes at once.
type shiftClock struct {
	mu    sync.Mutex
	ahead time.Duration
}

func (c *shiftClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.ahead)
}

func (c *shiftClock) jump(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ahead += d
}

// jumpTo moves the clock on to a time, however long the test took to get
// there (a busy machine plays the games slower); it never goes back.
func (c *shiftClock) jumpTo(at time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if d := at.Sub(time.Now().Add(c.ahead)); d > 0 {
		c.ahead += d
	}
}

// privateBoard returns the message of a game's board for a seat, once
// it is shown (the players are told of a game as it begins, the board
// follows).
func (h *harness) privateBoard(id int64, seat game.Seat) int {
	h.t.Helper()
	for deadline := time.Now().Add(wait); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		bs, err := h.st.Boards(context.Background(), id)
		if err != nil {
			h.t.Fatal(err)
		}
		for _, b := range bs {
			if b.Viewer == seat {
				return int(b.MessageID)
			}
		}
	}
	h.t.Fatalf("game %d has no board for seat %d", id, seat)
	return 0
}

// playPrivate plays a game on its private boards, each step tapped by the
// player on turn on their own board, until the game ends or enough tells
// (nil: to the end).
func (h *harness) playPrivate(id int64, enough func(*store.GameRecord) bool, users ...telegramtest.User) {
	h.t.Helper()
	for taps, until := 0, time.Now().Add(5*wait); taps < 5000 && time.Now().Before(until); {
		rec := h.load(id)
		if rec.Status != store.StatusActive || (enough != nil && enough(rec)) {
			return
		}
		seat := rec.Game.Turn()
		u := userOf(h.t, rec.Game.Player(seat).UserID, users...)
		board := h.privateBoard(id, seat)
		m, ok := h.srv.WaitMessage(200*time.Millisecond, func(m *telegramtest.Message) bool {
			return m.ID == board && len(steps(m.Copy())) > 0
		})
		if !ok {
			continue // a pass or a forced play is under way, or the board is yet to show it: look again
		}
		taps++
		a := h.tap(u, board, steps(m)[0].CallbackData)
		if a.Text == locales.T(locales.FromTelegram(u.LanguageCode), "toast.stale", nil) {
			continue
		}
		if a.Text != "" {
			h.t.Fatalf("a legal step was refused: %q", a.Text)
		}
		h.srv.WaitMessage(2*time.Second, func(n *telegramtest.Message) bool {
			c := n.Copy()
			return n.ID == board && (len(steps(c)) == 0 || steps(c)[0].CallbackData != steps(m)[0].CallbackData)
		})
	}
	h.t.Fatalf("game %d did not end", id)
}

// ownDecision tells that a game waits for a decision of a person's own:
// on turn with steps to choose (a roll without a play, or a forced one,
// would be made for him and give the turn back).
func ownDecision(id int64) func(*store.GameRecord) bool {
	return func(rec *store.GameRecord) bool {
		g := rec.Game
		if g.Player(g.Decider()).UserID != id {
			return false
		}
		if _, forced := g.Forced(); forced {
			return false
		}
		return g.Phase() == game.PhaseMoving || g.Phase() == game.PhaseCube || g.Phase() == game.PhaseDoubled
	}
}

// groupCallsPerMinute is the most calls the bot made to a chat within
// any minute.
func groupCallsPerMinute(srv *telegramtest.Server, chat int64) int {
	var at []time.Time
	for _, method := range []string{"sendMessage", "editMessageText", "editMessageMedia", "editMessageCaption",
		"sendPhoto", "editMessageReplyMarkup", "deleteMessage"} {
		for _, c := range srv.Calls(method) {
			if c.Fields["chat_id"] == strconv.FormatInt(chat, 10) {
				at = append(at, c.At)
			}
		}
	}
	most := 0
	for _, from := range at {
		n := 0
		for _, t := range at {
			if !t.Before(from) && t.Sub(from) < time.Minute {
				n++
			}
		}
		most = max(most, n)
	}
	return most
}

// waitCard waits until the card's text holds every part.
func (h *harness) waitCard(card int, parts ...string) telegramtest.Message {
	h.t.Helper()
	m, ok := h.srv.WaitMessageID(card, wait, func(m *telegramtest.Message) bool {
		for _, p := range parts {
			if !strings.Contains(m.Text, p) {
				return false
			}
		}
		return true
	})
	if !ok {
		cur, _ := h.srv.Message(card)
		h.t.Fatalf("the card does not show %q; it reads:\n%s", parts, cur.Text)
	}
	return m
}

// TestTournamentKnockoutOfSix: six people hold a knockout in a group. A
// bystander's ➕ after the start and a non-host's ▶️ change nothing; one
// player never plays his game and is forfeited at the round's deadline;
// the others play theirs to the end on private boards; the bot is killed
// and started again in the middle of the second round and the tournament
// goes on; the card shows every round's pairs and results; the winner is
// posted; the group sees no board and at most 20 calls a minute.
func TestTournamentKnockoutOfSix(t *testing.T) {
	t.Parallel() // it waits mostly on the group's pace
	clk := &shiftClock{}
	const round = 10 * time.Minute
	h := launch(t, &harness{
		roller: &seededRoller{rng: rand.New(rand.NewPCG(3, 5))},
		configure: func(c *Config) {
			c.Now, c.RoundTime, c.CardEvery = clk.now, round, 3*time.Second
		}})
	dave := telegramtest.User{ID: 1004, FirstName: "Dave", LanguageCode: "ru"}
	erin := telegramtest.User{ID: 1005, FirstName: "Erin", LanguageCode: "ka"}
	frank := telegramtest.User{ID: 1006, FirstName: "Frank", LanguageCode: "hy"}
	gor := telegramtest.User{ID: 1007, FirstName: "Gor", LanguageCode: "hy"} // a bystander
	players := []telegramtest.User{alice, bob, carol, dave, erin, frank}
	h.welcomed(players...)
	card := h.newTournament("/tournament knockout 0")
	join, start := opButton(t, card, opJoin).CallbackData, opButton(t, card, opStart).CallbackData
	for _, u := range players {
		h.wantAnswer(u, card.ID, join, locales.T(locales.FromTelegram(u.LanguageCode), "toast.tournament.joined", nil), false)
	}
	h.wantAnswer(erin, card.ID, start, locales.T(locales.KA, "toast.tournament.host_only", nil), true)
	if v, _ := h.currentTournament(); v.Tournament.Status != store.TournamentOpen {
		t.Fatalf("a non-host's ▶️ began the tournament: %+v", v.Tournament)
	}
	h.wantAnswer(alice, card.ID, start, en("toast.tournament.started"), false)
	h.wantAnswer(gor, card.ID, join, locales.T(locales.HY, "toast.tournament.begun", nil), true)
	h.wantAnswer(dave, card.ID, start, locales.T(locales.RU, "toast.tournament.host_only", nil), true)
	v, err := h.currentTournament()
	if err != nil {
		t.Fatal(err)
	}
	if es, err := h.st.Entrants(context.Background(), v.Tournament.ID); err != nil || len(es) != 6 {
		t.Fatalf("entrants %v (%v)", es, err)
	}

	// Round 1: the two strongest seeds (the first to have joined, at equal
	// ratings) have byes; Dave meets Erin and Carol meets Frank.
	r1 := v.Round(1)
	if len(r1) != 4 || r1[0] != (store.Pairing{Round: 1, Table: 0, A: alice.ID, Done: true, Winner: alice.ID}) {
		t.Fatalf("round 1: %+v", r1)
	}
	for _, u := range []telegramtest.User{carol, dave, erin, frank} {
		h.waitText(u.ID, "🏆")
		h.boardAfter(u.ID, 0)
	}
	h.waitCard(card.ID, "Dave — Erin ⏳", "Carol — Frank ⏳")
	de, cf := h.gameIn(dave.ID, dave.ID), h.gameIn(carol.ID, carol.ID)
	h.playPrivate(de, nil, dave, erin)
	// Carol plays her turns; Frank never plays his.
	h.playPrivate(cf, ownDecision(frank.ID), carol, frank)
	w1 := h.winnerOf(de)
	h.waitCard(card.ID, "Dave — Erin: "+locales.T(locales.EN, "tournament.won", map[string]any{"Name": userOf(t, w1, players...).FirstName}))
	if v, _ := h.currentTournament(); v.Tournament.Round != 1 {
		t.Fatalf("round 2 began before the deadline: %+v", v.Tournament)
	}

	// Near the deadline Frank, on turn, is reminded, in his language and
	// once; Carol, waiting on him, is not.
	before := table.RemindBefore(round)
	clk.jumpTo(v.Tournament.Deadline.Add(-before / 2))
	remind := locales.T(locales.HY, "tournament.reminder", map[string]any{"Round": 1, "Opponent": "Carol",
		"Time": v.Tournament.Deadline.UTC().Format("15:04"), "Zone": "UTC"})
	h.waitText(frank.ID, remind)
	time.Sleep(1500 * time.Millisecond) // a sweep or more
	for _, u := range []telegramtest.User{frank, carol} {
		n := 0
		for _, m := range h.srv.Messages(u.ID) {
			if strings.HasPrefix(m.Text, "⏰") {
				n++
			}
		}
		if want := map[int64]int{frank.ID: 1, carol.ID: 0}[u.ID]; n != want {
			t.Errorf("%s was reminded %d times, want %d", u.FirstName, n, want)
		}
	}

	// The deadline: Frank, on turn since, loses his game.
	clk.jumpTo(v.Tournament.Deadline.Add(time.Second))
	h.waitCard(card.ID, "Carol — Frank: "+locales.T(locales.EN, "tournament.won_forfeit", map[string]any{"Name": "Carol"}))
	r2 := h.roundBegun(2, 2)
	if r2[0].A != alice.ID || r2[0].B != w1 || r2[1].A != bob.ID || r2[1].B != carol.ID {
		t.Fatalf("round 2: %+v", r2)
	}
	if st, _ := h.st.GameStatus(context.Background(), cf); st == store.StatusActive {
		t.Error("the forfeited game goes on")
	}

	// Round 2, killed and started again in the middle of it.
	h.playPrivate(r2[0].GameID, func(rec *store.GameRecord) bool { return len(rec.Game.History()) >= 6 }, players...)
	h.restart()
	h.playPrivate(r2[1].GameID, nil, players...)
	h.playPrivate(r2[0].GameID, nil, players...)
	f1, f2 := h.winnerOf(r2[0].GameID), h.winnerOf(r2[1].GameID)

	// The final.
	final := h.roundBegun(3, 1)[0]
	if final.A != f1 || final.B != f2 {
		t.Fatalf("the final %+v, want %d against %d", final, f1, f2)
	}
	h.playPrivate(final.GameID, nil, players...)
	champion := h.winnerOf(final.GameID)
	name := userOf(t, champion, players...).FirstName
	over := h.waitText(group.ID, en("tournament.over"))
	if !strings.Contains(over.Text, "🥇 "+name) {
		t.Errorf("the post of the end reads %q, want the winner %s", over.Text, name)
	}
	h.waitCard(card.ID, "🥇 "+name, "Dave — Erin: ", "Carol — Frank: ", "Bob — Carol: ")
	pics := 0
	for _, m := range h.srv.Messages(group.ID) {
		if m.Photo != nil && !strings.HasPrefix(m.Text, "🏆 "+formatName(locales.EN, store.Knockout)+":") {
			t.Errorf("a board in the group: %q", m.Text)
		}
		if m.Photo != nil {
			pics++
		}
	}
	if pics != 1 {
		t.Errorf("%d pictures in the group, want one bracket", pics)
	}
	// /stats lists each player's tournament: the champion's first place,
	// and Frank, who played no game to its end, the round he reached.
	h.srv.SendText(userOf(t, champion, players...), userOf(t, champion, players...).Private(), "/stats")
	h.waitText(champion, "🥇 "+locales.T(locales.FromTelegram(userOf(t, champion, players...).LanguageCode), "stats.tournament_place", map[string]any{"Place": 1}))
	h.srv.SendText(frank, frank.Private(), "/stats")
	stats := h.waitText(frank.ID, locales.T(locales.HY, "stats.tournaments", nil))
	if want := locales.T(locales.HY, "stats.tournament_reached", map[string]any{"Round": 1, "Rounds": 3}); !strings.Contains(stats.Text, want) {
		t.Errorf("Frank's /stats reads %q, want %q", stats.Text, want)
	}
	if n := groupCallsPerMinute(h.srv, group.ID); n > 20 {
		t.Errorf("the group had %d calls in a minute", n)
	}
	if v := h.srv.Violated(); len(v) > 0 {
		t.Errorf("requests during a retry_after: %v", v)
	}
}

// winnerOf returns the user who won a finished game.
func (h *harness) winnerOf(id int64) int64 {
	h.t.Helper()
	rec := h.load(id)
	w, ok := rec.Game.Winner()
	if !ok || rec.Status != store.StatusFinished {
		h.t.Fatalf("game %d has no winner (%s)", id, rec.Status)
	}
	return rec.Game.Player(w).UserID
}

// TestTournamentAtItsTime: the group's time zone set once, a Swiss set to
// start at a time of the group's day, its card saying when, and at that
// time, short of players, cancelled with a word to the group.
func TestTournamentAtItsTime(t *testing.T) {
	t.Parallel() // it waits mostly on the group's pace
	clk := &shiftClock{}
	h := launch(t, &harness{
		roller:    &seededRoller{rng: rand.New(rand.NewPCG(3, 5))},
		configure: func(c *Config) { c.Now, c.CardEvery = clk.now, 3*time.Second }})
	h.welcomed(alice, bob)
	h.srv.SendText(bob, group, "/tournament tz asia/tbilisi")
	h.waitText(group.ID, locales.T(locales.EN, "tournament.zone_set", map[string]any{"Zone": "Asia/Tbilisi"}))
	h.srv.SendText(alice, group, "/tournament tz Mars")
	h.waitText(group.ID, firstLine(en("tournament.zone_bad")))
	h.srv.SendText(alice, group, "/tournament tz +4")
	h.waitText(group.ID, en("toast.tournament.host_only"))

	tbilisi := table.Location("Asia/Tbilisi")
	at := clk.now().In(tbilisi).Add(2 * time.Hour).Truncate(time.Minute)
	card := h.newTournament("/tournament swiss 5 rounds at " + at.Format("15:04") + " min 4")
	starts := locales.T(locales.EN, "tournament.starts_at", map[string]any{"Time": at.Format("15:04"), "Zone": "Asia/Tbilisi"})
	if !strings.Contains(card.Text, starts) || !strings.Contains(card.Text, locales.T(locales.EN, "tournament.min_players", map[string]any{"Need": 4})) {
		t.Errorf("the card reads %q, want %q and the fewest players", card.Text, starts)
	}
	v, err := h.currentTournament()
	if err != nil || !v.Tournament.StartAt.Equal(at) || v.Tournament.Rounds != 5 || v.Tournament.Format != store.Swiss {
		t.Fatalf("opened %+v (%v), want a start at %v", v.Tournament, err, at)
	}
	join := opButton(t, card, opJoin).CallbackData
	for _, u := range []telegramtest.User{alice, bob} {
		h.wantAnswer(u, card.ID, join, en("toast.tournament.joined"), false)
	}
	clk.jump(2 * time.Hour)
	h.waitText(group.ID, locales.T(locales.EN, "tournament.too_few", map[string]any{
		"Format": en("tournament.format_swiss"), "Number": 2, "Need": 4}))
	h.waitCard(card.ID, locales.T(locales.EN, "tournament.card_cancelled", map[string]any{"Format": en("tournament.format_swiss")}))
	if v, _ := h.currentTournament(); v.Tournament.Status == store.TournamentRunning {
		t.Errorf("it started with two of four: %+v", v.Tournament)
	}
}

// TestTournamentRemoveAndCancel: only the host takes a player out
// (/tournament remove @name: his game is lost) or cancels the tournament
// (/tournament cancel: the card says so).
func TestTournamentRemoveAndCancel(t *testing.T) {
	t.Parallel() // it waits mostly on the group's pace
	h := launch(t, &harness{
		roller:    &seededRoller{rng: rand.New(rand.NewPCG(3, 5))},
		configure: func(c *Config) { c.CardEvery = 3 * time.Second }})
	dave := telegramtest.User{ID: 1004, FirstName: "Dave", Username: "dave_d", LanguageCode: "en"}
	players := []telegramtest.User{alice, bob, carol, dave}
	h.welcomed(players...)
	card := h.newTournament("/tournament knockout third 0")
	if !strings.Contains(card.Text, en("tournament.third_terms")) {
		t.Errorf("the card does not tell of the game for third place: %q", card.Text)
	}
	for _, u := range players {
		h.wantAnswer(u, card.ID, opButton(t, card, opJoin).CallbackData, en("toast.tournament.joined"), false)
	}
	h.wantAnswer(alice, card.ID, opButton(t, card, opStart).CallbackData, en("toast.tournament.started"), false)
	h.srv.SendText(bob, group, "/tournament remove @carol_c")
	h.waitText(group.ID, en("toast.tournament.host_only"))
	h.srv.SendText(alice, group, "/tournament remove @nobody")
	h.waitText(group.ID, locales.T(locales.EN, "tournament.not_a_player", map[string]any{"Name": "@nobody"}))
	h.srv.SendText(alice, group, "/tournament remove @carol_c")
	h.waitText(group.ID, locales.T(locales.EN, "tournament.removed", map[string]any{"Name": "Carol"}))
	v, err := h.currentTournament()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range v.Round(1) {
		if (p.A == carol.ID || p.B == carol.ID) && (!p.Done || !p.Forfeit || p.Winner == carol.ID) {
			t.Errorf("Carol's pair after her removal: %+v", p)
		}
	}
	h.waitCard(card.ID, locales.T(locales.EN, "tournament.won_forfeit", map[string]any{"Name": "Bob"}))
	h.srv.SendText(dave, group, "/tournament cancel")
	h.waitText(group.ID, en("toast.tournament.host_only"))
	h.srv.SendText(alice, group, "/tournament cancel")
	h.waitText(group.ID, locales.T(locales.EN, "tournament.cancelled", map[string]any{"Format": en("tournament.format_knockout")}))
	h.waitCard(card.ID, locales.T(locales.EN, "tournament.card_cancelled", map[string]any{"Format": en("tournament.format_knockout")}))
	for _, u := range players {
		if _, err := h.st.ActiveGame(context.Background(), u.ID, u.ID); err == nil {
			t.Errorf("%s still has a game", u.FirstName)
		}
	}
}
