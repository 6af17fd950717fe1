package bot

import (
	"context"
	"strings"
	"testing"

	"nardi/bot/telegramtest"
	"nardi/game"
	"nardi/locales"
)

// former rewrites a level button's data as the buttons made before the
// levels took the players' names wrote it: opFormerLevel, and the level's
// former name in place of its name.
func former(name, was string) func(string) string {
	return func(d string) string {
		d = opFormerLevel + strings.TrimPrefix(d, opLevel)
		return strings.Replace(d, ":"+name+":", ":"+was+":", 1)
	}
}

// TestLevelButtons: the /play menu's buttons name the levels as players
// see them, and a button made before the levels took those names still
// starts the level it showed: its "master" is the Grandmaster, its "hard"
// the Master.
func TestLevelButtons(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	for i, tc := range []struct {
		label string // the button of the menu to start from
		data  func(string) string
		want  game.Level
	}{
		{"button.level_master", func(d string) string { return d }, game.Master},
		{"button.level_grandmaster", func(d string) string { return d }, game.Grandmaster},
		{"button.level_grandmaster", former("grandmaster", "master"), game.Grandmaster},
		{"button.level_master", former("master", "hard"), game.Master},
	} {
		u := telegramtest.User{ID: int64(9100 + i), FirstName: "Ani", LanguageCode: "en"}
		h.srv.SendText(u, u.Private(), "/play")
		m := h.waitText(u.ID, strings.SplitN(locales.T(locales.EN, "play.choose_level", nil), "\n", 2)[0])
		b, ok := m.Button(locales.T(locales.EN, tc.label, nil))
		if !ok {
			t.Fatalf("no %s button in %v", tc.label, m.Buttons())
		}
		data := tc.data(b.CallbackData)
		if data == b.CallbackData && i >= 2 {
			t.Fatalf("the button's data %q is not as expected", data)
		}
		h.tap(u, m.ID, data)
		h.board(u.ID)
		r, err := h.st.ActiveGame(context.Background(), u.ID, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Game.Player(r.Game.ComputerSeat()).Level; got != tc.want {
			t.Errorf("%s with data %q: the computer plays at %q, want %q", tc.label, data, got, tc.want)
		}
	}
}
