package bot

import (
	"strings"
	"testing"

	"nardi/bot/telegramtest"
	"nardi/locales"
)

// TestClassicAgainstTheComputer: /play classic gives the cube: before the
// player's roll the board offers ⏫ and 🎲; 🎲 rolls, ⏫ doubles and the
// computer takes or passes.
func TestClassicAgainstTheComputer(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	u := telegramtest.User{ID: 6006, FirstName: "Davit", LanguageCode: "en"}
	h.srv.SendText(u, u.Private(), "/play classic beginner")
	b := h.board(u.ID)
	cubeTurn := func(m telegramtest.Message) bool { return hasOp(m, opDouble) && hasOp(m, opRoll) }
	rolls, seen := 0, ""
	for rolls < 2 {
		m := h.waitBoard(b.ID, func(m telegramtest.Message) bool {
			fresh := len(m.Buttons()) > 0 && m.Buttons()[0].CallbackData != seen
			return fresh && (cubeTurn(m) || len(steps(m)) > 0 || hasOp(m, opRematch))
		})
		seen = m.Buttons()[0].CallbackData
		switch {
		case hasOp(m, opRematch):
			t.Fatal("the game ended before a double")
		case cubeTurn(m):
			if !strings.HasPrefix(opButton(t, m, opDouble).Text, "⏫") || !strings.HasPrefix(opButton(t, m, opRoll).Text, "🎲") {
				t.Fatalf("cube buttons %q, %q", opButton(t, m, opDouble).Text, opButton(t, m, opRoll).Text)
			}
			if !strings.Contains(m.Text, locales.T(locales.EN, "caption.cube", map[string]any{"Value": 1, "Owner": en("caption.cube_middle")})) {
				t.Errorf("the caption does not show the cube: %q", m.Text)
			}
			if rolls == 1 {
				h.wantAnswer(u, b.ID, opButton(t, m, opDouble).CallbackData, "", false)
				rolls++
				continue
			}
			h.wantAnswer(u, b.ID, opButton(t, m, opRoll).CallbackData, "", false)
			rolls++
		default:
			h.tap(u, b.ID, steps(m)[0].CallbackData)
		}
	}
	// The computer answers the double by itself.
	taken := locales.T(locales.EN, "caption.cube", map[string]any{"Value": 2, "Owner": en("name.computer")})
	end := h.waitBoard(b.ID, func(m telegramtest.Message) bool {
		return strings.Contains(m.Text, taken) || hasOp(m, opRematch)
	})
	if hasOp(end, opRematch) && !strings.Contains(end.Text, locales.N(locales.EN, "result.drop", 1, nil)) {
		t.Errorf("the game ended otherwise: %q", end.Text)
	}
}
