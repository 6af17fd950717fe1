package bot

import (
	"bytes"
	"image/jpeg"
	"io"
	"net/http"
	"strings"
	"testing"

	"nardi/bot/telegramtest"
)

// inlineHarness starts the bot polling, with its endpoint on a local port
// that is also its public address.
func inlineHarness(t *testing.T) *harness {
	t.Helper()
	h, _ := listening(t, func(c *Config, addr string) { c.PublicURL = "http://" + addr })
	return h
}

// isJPEG fetches an address and tells whether it serves a JPEG.
func isJPEG(t *testing.T, url string) bool {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	_, err = jpeg.Decode(bytes.NewReader(data))
	return resp.StatusCode == http.StatusOK && err == nil
}

// tapInline presses a button of an inline message and waits for the
// answer.
func (h *harness) tapInline(u telegramtest.User, msg int, data string) telegramtest.Answer {
	h.t.Helper()
	a, ok := h.srv.WaitAnswer(h.srv.TapInline(u, msg, data), wait)
	if !ok {
		h.t.Fatalf("button %q of an inline message was not answered", data)
	}
	return a
}

// TestInlineDuel: @bot in a chat the bot is not in offers challenge
// cards with JPEG pictures; the card posted cannot be taken by its
// challenger; a friend takes it and the message becomes the board, its
// pictures fetched from the bot's address; a third person's taps change
// nothing; the two play to the end there; nothing is uploaded to it and
// nothing is sent to any chat.
func TestInlineDuel(t *testing.T) {
	t.Parallel() // it waits mostly on the limits' pace (see newHarness)
	h := inlineHarness(t)
	carol := telegramtest.User{ID: 1003, FirstName: "Carol", LanguageCode: "en"}
	results, ok := h.srv.WaitInlineAnswer(h.srv.InlineQuery(alice, ""), wait)
	if !ok || len(results) < 5 {
		t.Fatalf("the cards: %+v", results)
	}
	for _, r := range results {
		if r.Type != "photo" || !isJPEG(t, r.PhotoURL) || len(r.Keyboard) != 1 || !strings.Contains(r.Caption, "Alice") {
			t.Fatalf("a card: %+v", r)
		}
	}
	if long, ok := h.srv.WaitInlineAnswer(h.srv.InlineQuery(alice, "long 3pt 1d"), wait); !ok || len(long) != 1 || !strings.Contains(long[0].PhotoURL, "long") {
		t.Fatalf("the card for long 3pt 1d: %+v", long)
	}
	card := h.srv.PostInline(alice, "", results[0])
	accept := results[0].Keyboard[0][0].CallbackData
	if a := h.tapInline(alice, card, accept); a.Text != en("toast.own_challenge") {
		t.Fatalf("the challenger's own ⚔ answered %q", a.Text)
	}
	if a := h.tapInline(bob, card, strings.Replace(accept, ".", ".x", 1)); a.Text != en("toast.unknown") {
		t.Fatalf("a forged ⚔ answered %q", a.Text)
	}
	if a := h.tapInline(bob, card, accept); a.Text != "" {
		t.Fatalf("bob's ⚔ answered %q", a.Text)
	}
	if a := h.tapInline(carol, card, accept); a.Text == "" {
		t.Fatal("a second taker was let in")
	}
	board := h.waitBoard(card, func(m telegramtest.Message) bool { return strings.Contains(m.PhotoURL, "/board/") && playable(m) })
	if _, err := jpeg.Decode(bytes.NewReader(board.Photo)); err != nil {
		t.Fatalf("the board's picture was not fetched as a JPEG from %s: %v", board.PhotoURL, err)
	}
	// Nothing proves alice was shown the game bob began on the card (a
	// forged ⚔ could begin it on a card of his own): her time does not
	// count until she has played once.
	if ids, err := h.st.ActiveGames(t.Context()); err != nil || len(ids) != 1 {
		t.Fatalf("active games %v, %v", ids, err)
	} else if g := h.load(ids[0]).Game; !g.Options().WaitFirstMove || g.Player(0).UserID != alice.ID {
		t.Errorf("an inline game counts the time of a challenger who never played (%+v)", g.Options())
	} else if at, found := g.Deadline(); found && g.Decider() == 0 {
		t.Errorf("alice has a deadline (%v) before playing once", at)
	}
	// A bystander's step changes nothing.
	if a := h.tapInline(carol, card, steps(board)[0].CallbackData); a.Text != en("toast.not_player") {
		t.Fatalf("carol's step answered %q", a.Text)
	}
	// They play a few steps, then alice resigns on the board.
	users := map[int64]telegramtest.User{alice.ID: alice, bob.ID: bob}
	var id int64
	for range 4 {
		m := h.waitBoard(card, playable)
		ids, err := h.st.ActiveGames(t.Context())
		if err != nil || len(ids) != 1 {
			t.Fatalf("active games %v, %v", ids, err)
		}
		id = ids[0]
		g := h.load(id).Game
		u := users[g.Player(g.Turn()).UserID]
		if a := h.tapInline(u, card, steps(m)[0].CallbackData); a.Text != "" {
			t.Fatalf("a step answered %q", a.Text)
		}
		h.waitBoard(card, func(n telegramtest.Message) bool {
			return !playable(n) || n.Buttons()[0].CallbackData != m.Buttons()[0].CallbackData
		})
	}
	m := h.waitBoard(card, playable)
	h.tapInline(alice, card, opButton(t, m, opResign).CallbackData)
	q := h.waitBoard(card, func(m telegramtest.Message) bool { return hasOp(m, opResignOK) })
	if a := h.tapInline(alice, card, opButton(t, q, opResignOK).CallbackData); a.Text != "" {
		t.Fatalf("the resignation answered %q", a.Text)
	}
	final := h.waitBoard(card, func(m telegramtest.Message) bool { return hasOp(m, opRematch) })
	if res, over := h.load(id).Game.Result(); !over || h.load(id).Game.Player(res.Winner).UserID != bob.ID {
		t.Fatalf("the result: %+v", res)
	}
	if !strings.Contains(final.Text, "Bob") {
		t.Errorf("the final caption: %q", final.Text)
	}
	if v := h.srv.Violated(); len(v) > 0 {
		t.Errorf("violations: %v", v)
	}
	if calls := append(h.srv.Calls("sendMessage"), h.srv.Calls("sendPhoto")...); len(calls) != 0 {
		t.Errorf("messages sent during an inline duel: %v", calls)
	}
	// The board's link to its papers: in bob's private chat, the dice's
	// proof with the revealed seed, and the record.
	var link string
	for _, b := range final.Buttons() {
		if b.URL != "" {
			link = b.URL
		}
	}
	code, ok := strings.CutPrefix(link, "https://t.me/"+telegramtest.BotUsername+"?start=")
	if !ok {
		t.Fatalf("no link to the papers under the board: %v", final.Buttons())
	}
	h.srv.SendText(bob, bob.Private(), "/start "+code)
	seed, _ := h.load(id).Game.DiceSeed()
	h.waitText(bob.ID, seed)
	if _, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool { return m.ChatID == bob.ID && m.Document != nil }); !ok {
		t.Error("no record sent")
	}
	// carol, who did not play, gets no papers.
	h.srv.SendText(carol, carol.Private(), "/start "+code)
	h.waitText(carol.ID, en("error.no_game_here"))
}
