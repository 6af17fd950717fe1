package bot

import (
	"strings"
	"testing"
	"unicode"

	"nardi/locales"
	"nardi/rules"
	"nardi/store"
	"nardi/table"
)

// TestButtonsFitAPhone: every menu's rows fit a 360-pixel-wide phone in
// every language (the widest label times the row's buttons within
// rowWidth), step buttons fit four to a row, and no button outside
// English has a Latin letter.
func TestButtonsFitAPhone(t *testing.T) {
	for _, l := range locales.Langs {
		kbs := map[string]Keyboard{
			"menu":   menu(l),
			"resign": resignKeyboard(l, table.ResignQuestion{Game: 1}),
			"accept": challengeKeyboard(l, "code", true),
			"lang":   langKeyboard(l),
		}
		for _, s := range []store.Settings{{}, {HomeLeft: true, Portrait: true, ConfirmMoves: true}} {
			kbs["settings"] = append(kbs["settings"], settingsKeyboard(l, s)...)
		}
		for _, tm := range []terms{{}, {classic: true, match: 7}, {match: 3}} {
			kbs["play"] = append(kbs["play"], levelKeyboard(l, tm)...)
			kbs["duel"] = append(kbs["duel"], duelKeyboard(l, tm)...)
		}
		for name, kb := range kbs {
			for _, row := range kb {
				widest := 0
				for _, b := range row {
					widest = max(widest, labelWidth(b.Text))
					if l != locales.EN && name != "lang" && hasLatin(b.Text) {
						t.Errorf("%s %s: %q has Latin letters", l, name, b.Text)
					}
				}
				if widest*len(row) > rowWidth {
					t.Errorf("%s %s: a row of %d up to %d wide: %v", l, name, len(row), widest, row)
				}
			}
		}
		for _, k := range locales.Keys() {
			if label := locales.T(l, k, map[string]any{"Points": 5}); strings.HasPrefix(k, "button.") && l != locales.EN && hasLatin(label) {
				t.Errorf("%s %s: %q has Latin letters", l, k, label)
			}
		}
		for _, s := range []rules.Step{{From: rules.Bar, To: 22, Hit: true}, {From: 6, To: rules.Off}, {From: 13, To: 7, Hit: true}} {
			label := stepLabel(l, s)
			if labelWidth(label) > rowWidth/4+1 || (l != locales.EN && hasLatin(label)) {
				t.Errorf("%s: step button %q", l, label)
			}
		}
	}
}

func hasLatin(s string) bool {
	for _, r := range s {
		if r < 128 && unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// TestLocalNotation: step buttons and captions use the language's tokens
// for the bar and off, and a typed play with them (or with gnubg's own
// words) reads back as gnubg's.
func TestLocalNotation(t *testing.T) {
	for _, tc := range []struct {
		lang       locales.Lang
		typed, out string
	}{
		{locales.RU, "бар/22 6/⏏", "bar/22 6/off"},
		{locales.KA, "ბარი/20* 13/9", "bar/20* 13/9"},
		{locales.HY, "բար/21 5/⏏", "bar/21 5/off"},
		{locales.EN, "bar/22 6/off", "bar/22 6/off"},
	} {
		if got := fromLocalNotation(tc.typed); got != tc.out {
			t.Errorf("%s: %q reads as %q, want %q", tc.lang, tc.typed, got, tc.out)
		}
		if got := localNotation(tc.lang, tc.out); got != tc.typed {
			t.Errorf("%s: %q writes as %q, want %q", tc.lang, tc.out, got, tc.typed)
		}
	}
}
