package bot

import (
	"context"
	"math/rand/v2"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"nardi/bot/telegramtest"
	"nardi/store"
	"nardi/table"
)

// TestLiveBoardFromTheChat: the boards offer the live board (a web_app
// button in a private chat, the direct link in a group); a step made
// there leaves the group's board as it is, and the end of the decision
// redraws it once.
func TestLiveBoardFromTheChat(t *testing.T) {
	t.Parallel() // it waits mostly on the group's pace
	var bot *Bot
	h := launch(t, &harness{roller: &seededRoller{rng: rand.New(rand.NewPCG(7, 11))},
		configure: func(c *Config) { c.PublicURL, c.LiveApp = "https://nardi.example", "board" },
		beforeRun: func(b *Bot) { bot = b }})

	// A private board: a web_app button to the page, with the game's code.
	h.srv.SendText(alice, alice.Private(), "/play easy")
	pm, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool { return m.ChatID == alice.ID && m.Photo != nil })
	if !ok {
		t.Fatalf("no board: %v", texts(h.srv.Messages(alice.ID)))
	}
	var app *telegramtest.WebApp
	for _, b := range pm.Buttons() {
		if b.WebApp != nil {
			app = b.WebApp
		}
	}
	if app == nil || !strings.HasPrefix(app.URL, "https://nardi.example/app/?g=") {
		t.Fatalf("no live board button under a private board: %v", pm.Buttons())
	}

	id, b := h.groupDuel("")
	code := bot.Table().LiveCode(id)
	link := ""
	for _, bt := range b.Buttons() {
		if strings.HasPrefix(bt.URL, "https://t.me/") {
			link = bt.URL
		}
	}
	if link != "https://t.me/"+telegramtest.BotUsername+"/board?startapp="+url.QueryEscape(code) {
		t.Fatalf("the group's board links to %q", link)
	}

	// Steps on the live board until the turn is over.
	h.waitBoard(b.ID, playable)
	edits := func() int {
		n := 0
		for _, c := range h.srv.Calls("editMessageMedia") {
			if c.Fields["message_id"] == strconv.Itoa(b.ID) {
				n++
			}
		}
		return n
	}
	before := edits()
	ctx := context.Background()
	rec := h.load(id)
	turn := rec.Game.Turn()
	u, err := h.st.User(ctx, rec.Game.Player(turn).UserID)
	if err != nil {
		t.Fatal(err)
	}
	steps := 0
	for h.load(id).Game.Turn() == turn && !h.load(id).Game.Over() {
		g := h.load(id).Game
		next := g.NextSteps()
		if len(next) == 0 {
			break
		}
		if _, err := bot.Table().Act(ctx, u, table.LiveAct{Game: id, Counter: g.Counter(), Kind: table.ActStep,
			From: int(next[0].From), To: int(next[0].To)}); err != nil {
			t.Fatal(err)
		}
		steps++
		if h.load(id).Game.Turn() != turn {
			break
		}
		// The board is marked as shown without an edit: the player watches
		// the live board.
		want := h.load(id).Game.Counter()
		deadline := time.Now().Add(wait)
		for shown(h, id) < want {
			if time.Now().After(deadline) {
				t.Fatalf("the group's board was not marked shown at %d", want)
			}
			time.Sleep(20 * time.Millisecond)
		}
		if n := edits(); n != before {
			t.Fatalf("a step on the live board edited the group's board (%d edits, %d before)", n, before)
		}
	}
	if steps == 0 {
		t.Fatal("no step made on the live board")
	}
	// The next decision reaches the group once.
	counter := h.load(id).Game.Counter()
	h.waitBoard(b.ID, func(m telegramtest.Message) bool {
		a, err := parseAction(firstCallback(m))
		return err == nil && a.counter >= counter
	})
}

// shown is what the group's board of a game shows.
func shown(h *harness, id int64) uint32 {
	boards, err := h.st.Boards(context.Background(), id)
	if err != nil || len(boards) == 0 {
		return 0
	}
	for _, b := range boards {
		if b.Viewer == store.SharedBoard {
			return b.Shown
		}
	}
	return 0
}

// firstCallback is a message's first button with callback data.
func firstCallback(m telegramtest.Message) string {
	for _, b := range m.Buttons() {
		if b.CallbackData != "" {
			return b.CallbackData
		}
	}
	return ""
}
