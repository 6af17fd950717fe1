package bot

import (
	"strings"
	"testing"
	"unicode/utf16"

	"nardi/locales"
	"nardi/store"
)

// TestChosenMark: in every menu and language the chosen options carry
// one mark of their own, and no menu button begins with ✅ (which
// confirms a move) or with another action's sign used as a mark.
func TestChosenMark(t *testing.T) {
	count := func(kb Keyboard) (marked int, texts []string) {
		for _, row := range kb {
			for _, b := range row {
				texts = append(texts, b.Text)
				if strings.HasPrefix(b.Text, chosenMark+" ") {
					marked++
				}
			}
		}
		return marked, texts
	}
	for _, l := range locales.Langs {
		menus := map[string]struct {
			kb     Keyboard
			chosen int
		}{
			"lang":              {langKeyboard(l), 1},
			"settings":          {settingsKeyboard(l, store.Settings{}), 4},
			"settings, changed": {settingsKeyboard(l, store.Settings{HomeLeft: true, Portrait: true, ConfirmMoves: true, NoReminders: true}), 4},
			"play":              {levelKeyboard(l, terms{}), 2},
			"play, classic":     {levelKeyboard(l, terms{classic: true, match: 5}), 2},
			"duel, long":        {duelKeyboard(l, terms{long: true}), 2},
			"menu":              {menu(l), 0},
			"challenge":         {challengeKeyboard(l, "code", true), 0},
		}
		for name, m := range menus {
			marked, texts := count(m.kb)
			if marked != m.chosen {
				t.Errorf("%s %s: %d options marked, want %d: %q", l, name, marked, m.chosen, texts)
			}
			for _, text := range texts {
				for _, sign := range []string{"✅", "✓", "☑", "✔"} {
					if strings.HasPrefix(text, sign) || strings.HasPrefix(strings.TrimPrefix(text, chosenMark+" "), sign) {
						t.Errorf("%s %s: %q begins with %s", l, name, text, sign)
					}
				}
			}
		}
	}
}

// TestDiceProofFits: the fair-dice alert, with a whole seed, keeps within
// the 200 characters Telegram shows in an alert, in every language.
func TestDiceProofFits(t *testing.T) {
	for _, l := range locales.Langs {
		text := locales.T(l, "toast.dice_proof", map[string]any{"Seed": strings.Repeat("a", 64)})
		if n := len(utf16.Encode([]rune(text))); n > 200 {
			t.Errorf("%s: %d characters", l, n)
		}
	}
}
