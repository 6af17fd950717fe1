package bot

import (
	"bytes"
	"context"
	"image/jpeg"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

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
	t.Parallel() // it waits mostly on the bot (see newHarness)
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
	// Nothing proves alice was shown the game bob began on the card (with
	// inline feedback off, nothing tells who posted it): her time does not
	// count until she has played once; only the idle claim bounds her wait.
	if ids, err := h.st.ActiveGames(t.Context()); err != nil || len(ids) != 1 {
		t.Fatalf("active games %v, %v", ids, err)
	} else if g := h.load(ids[0]).Game; !g.Options().WaitFirstMove || g.Player(0).UserID != alice.ID {
		t.Errorf("an inline game counts the time of a challenger who never played (%+v)", g.Options())
	} else if at, found := g.Deadline(); g.Decider() == 0 && (!found || !at.Equal(g.Clock().TurnStarted.Add(g.Options().IdleClaim))) {
		t.Errorf("alice's deadline before playing once is %v (%v), not the idle claim's", at, found)
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

// inlineHarnessBefore is inlineHarness with a look at the bot before it
// runs.
func inlineHarnessBefore(t *testing.T, before func(*Bot)) *harness {
	t.Helper()
	return launch(t, &harness{beforeRun: before, configure: func(c *Config) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		c.Listener, c.PublicURL = ln, "http://"+ln.Addr().String()
	}})
}

// TestInlineKeyNotLostToARequest: a picture's fetch that hangs up first
// (its context gone) costs nothing but its own 404: the signing key is
// the process's, loaded at start, and inline queries still get cards.
func TestInlineKeyNotLostToARequest(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	code := 0
	h := inlineHarnessBefore(t, func(b *Bot) {
		gone, cancel := context.WithCancel(context.Background())
		cancel()
		name := strings.Repeat("A", 18) + "." + strings.Repeat("B", 12) + ".jpg"
		r := httptest.NewRequestWithContext(gone, http.MethodGet, "/board/"+name, nil)
		r.SetPathValue("name", name)
		w := httptest.NewRecorder()
		b.servePicture(w, r)
		code = w.Code
	})
	if code != http.StatusNotFound {
		t.Errorf("a forged picture's address answered %d", code)
	}
	results, ok := h.srv.WaitInlineAnswer(h.srv.InlineQuery(alice, ""), wait)
	if !ok || len(results) < 5 {
		t.Fatalf("the cards after a fetch hung up: %+v", results)
	}
}

// inlineGame has alice post a card (with Telegram telling the bot) and
// bob take it; it returns the card's message and the board shown on it.
func (h *harness) inlineGame(t *testing.T) (int, telegramtest.Message) {
	t.Helper()
	results, ok := h.srv.WaitInlineAnswer(h.srv.InlineQuery(alice, ""), wait)
	if !ok || len(results) == 0 {
		t.Fatalf("the cards: %+v", results)
	}
	card := h.srv.PostInline(alice, "", results[0])
	h.waitPosted(card)
	if a := h.tapInline(bob, card, results[0].Keyboard[0][0].CallbackData); a.Text != "" {
		t.Fatalf("bob's ⚔ answered %q", a.Text)
	}
	return card, h.waitBoard(card, func(m telegramtest.Message) bool { return strings.Contains(m.PhotoURL, "/board/") && playable(m) })
}

// waitPosted waits until the bot has recorded who posted an inline
// message (Telegram's word comes as an update of its own).
func (h *harness) waitPosted(msg int) int64 {
	h.t.Helper()
	m, _ := h.srv.Message(msg)
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) {
		chat, err := h.st.InlineChat(h.t.Context(), m.InlineID, time.Now())
		if err != nil {
			h.t.Fatal(err)
		}
		if _, _, known, err := h.st.InlinePoster(h.t.Context(), chat); err == nil && known {
			return chat
		}
		time.Sleep(10 * time.Millisecond)
	}
	h.t.Fatalf("who posted message %d was never recorded", msg)
	return 0
}

// fetch gets an address: its status and body.
func fetch(t *testing.T, url string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, data
}

// TestInlinePicturesKept: a board picture's address keeps naming the
// picture drawn for it: fetched again after the game has moved on, it
// gives the same picture (kept), not the game as it is now; a signed
// address of a state gone by whose picture is not kept is 404, and one of
// the state as it is now is drawn.
func TestInlinePicturesKept(t *testing.T) {
	t.Parallel()
	h := inlineHarness(t)
	card, first := h.inlineGame(t)
	ids, err := h.st.ActiveGames(t.Context())
	if err != nil || len(ids) != 1 {
		t.Fatalf("active games %v, %v", ids, err)
	}
	id := ids[0]
	g := h.load(id).Game
	mover := map[int64]telegramtest.User{alice.ID: alice, bob.ID: bob}[g.Player(g.Turn()).UserID]
	if a := h.tapInline(mover, card, steps(first)[0].CallbackData); a.Text != "" {
		t.Fatalf("a step answered %q", a.Text)
	}
	h.waitBoard(card, func(m telegramtest.Message) bool { return m.PhotoURL != first.PhotoURL })
	status, again := fetch(t, first.PhotoURL)
	if status != http.StatusOK || !bytes.Equal(again, first.Photo) {
		t.Errorf("the first board's address gave %d and another picture (%d bytes, was %d)", status, len(again), len(first.Photo))
	}
	key, err := h.st.Secret(t.Context(), "inline")
	if err != nil {
		t.Fatal(err)
	}
	sg := signer{key: key}
	base, _, _ := strings.Cut(first.PhotoURL, "/board/")
	now := h.load(id).Game.Counter()
	if status, _ := fetch(t, base+"/board/"+pictureToken(sg, id, now-1, 1)+".jpg"); status != http.StatusNotFound {
		t.Errorf("a state gone by, not kept, answered %d", status)
	}
	if !isJPEG(t, base+"/board/"+pictureToken(sg, id, now, 1)+".jpg") {
		t.Error("the state as it is now, not kept, was not drawn")
	}
}

// TestInlineCardOnItsMessage: a card's ⚔ starts a game only on the card
// it came with: alice's ⚔ tapped on bob's own card, or one of alice's
// cards' on another of hers, is refused with a word and changes nothing.
// On a card Telegram said nothing of (inline feedback off), the ⚔ still
// works.
func TestInlineCardOnItsMessage(t *testing.T) {
	t.Parallel()
	h := inlineHarness(t)
	carol := telegramtest.User{ID: 1003, FirstName: "Carol", LanguageCode: "en"}
	mine, ok := h.srv.WaitInlineAnswer(h.srv.InlineQuery(alice, ""), wait)
	if !ok || len(mine) < 2 {
		t.Fatalf("alice's cards: %+v", mine)
	}
	his, ok := h.srv.WaitInlineAnswer(h.srv.InlineQuery(bob, ""), wait)
	if !ok || len(his) == 0 {
		t.Fatalf("bob's cards: %+v", his)
	}
	bobs := h.srv.PostInline(bob, "", his[0])
	alices := h.srv.PostInline(alice, "", mine[1])
	h.waitPosted(bobs)
	h.waitPosted(alices)
	if a := h.tapInline(bob, bobs, mine[0].Keyboard[0][0].CallbackData); a.Text != en("toast.not_this_card") {
		t.Errorf("alice's ⚔ on bob's card answered %q", a.Text)
	}
	if a := h.tapInline(carol, alices, mine[0].Keyboard[0][0].CallbackData); a.Text != en("toast.not_this_card") {
		t.Errorf("a ⚔ of alice's other card answered %q", a.Text)
	}
	if ids, err := h.st.ActiveGames(t.Context()); err != nil || len(ids) != 0 {
		t.Fatalf("games begun by ⚔s on other cards: %v, %v", ids, err)
	}
	for _, msg := range []int{bobs, alices} {
		if m, _ := h.srv.Message(msg); strings.Contains(m.PhotoURL, "/board/") {
			t.Errorf("card %d became a board: %s", msg, m.PhotoURL)
		}
	}
	// Inline feedback off: nothing told of the card, its ⚔ still works.
	untold := h.srv.PostInlineUntold(mine[0])
	if a := h.tapInline(carol, untold, mine[0].Keyboard[0][0].CallbackData); a.Text != "" {
		t.Fatalf("carol's ⚔ on a card nothing was told of answered %q", a.Text)
	}
	h.waitBoard(untold, func(m telegramtest.Message) bool { return strings.Contains(m.PhotoURL, "/board/") && playable(m) })
}
