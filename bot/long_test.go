package bot

import (
	"strings"
	"testing"
	"time"

	"nardi/bot/telegramtest"
	"nardi/locales"
	"nardi/rules"
)

// TestLongNardiAgainstTheComputer: /play long beginner starts long nardi: 15
// checkers on each head, step buttons for the player's legal steps only,
// the computer answering; /rules long explains it.
func TestLongNardiAgainstTheComputer(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	u := telegramtest.User{ID: 9119, FirstName: "Arsen", LanguageCode: "ru"}
	h.srv.SendText(u, u.Private(), "/play long beginner")
	b := h.board(u.ID)
	id := h.gameIn(u.ID, u.ID)
	g := h.load(id).Game
	if g.Options().Game() != rules.Long || g.Board().PositionID() != "AACA/z8AAID/Pw" && len(g.History()) == 0 {
		t.Fatalf("not long nardi: %s %s", g.Options().Game().Name(), g.Board().PositionID())
	}
	// gnubg plays only the short game: /export and /position say so.
	want := locales.T(locales.RU, "export.long", nil)
	for i, cmd := range []string{"/export", "/position"} {
		h.srv.SendText(u, u.Private(), cmd)
		for start := time.Now(); ; time.Sleep(50 * time.Millisecond) {
			n := 0
			for _, m := range h.srv.Messages(u.ID) {
				if m.Text == want {
					n++
				}
				if m.Document != nil {
					t.Fatal("a long nardi record was sent")
				}
			}
			if n == i+1 {
				break
			}
			if time.Since(start) > wait {
				t.Fatalf("%s in long nardi: %d words that gnubg has no long nardi", cmd, n)
			}
		}
	}
	for turns := 0; turns < 4; turns++ {
		m := h.waitBoard(b.ID, func(m telegramtest.Message) bool { return len(steps(m)) > 0 || hasOp(m, opRematch) })
		if hasOp(m, opRematch) {
			break
		}
		g = h.load(id).Game
		if c, _ := counterOf(m); c != g.Counter() {
			// The board is behind the game for a moment: wait until it
			// catches up (a board that never does fails here, rather than
			// the loop spinning on its old buttons).
			at := g.Counter()
			h.waitBoard(b.ID, func(m telegramtest.Message) bool { c, _ := counterOf(m); return c >= at })
			turns--
			continue
		}
		legal := map[string]bool{}
		for _, s := range g.NextSteps() {
			legal[stepLabel("ru", s)] = true
		}
		for _, s := range steps(m) {
			if !legal[s.Text] && len(g.NextSteps()) > 0 {
				t.Fatalf("button %q is no legal step (%v)", s.Text, g.NextSteps())
			}
		}
		h.tap(u, b.ID, steps(m)[0].CallbackData)
	}
	if len(h.load(id).Game.History()) < 2 {
		t.Fatal("the game did not go on")
	}
	h.srv.SendText(u, u.Private(), "/rules long")
	r := h.waitText(u.ID, "Длинные нарды")
	if !strings.Contains(r.Text, "голов") {
		t.Errorf("/rules long: %q", r.Text)
	}
}
