package bot

import (
	"regexp"
	"strings"

	"nardi/locales"
	"nardi/rules"
)

// Plays are written for people in gnubg's notation with the bar and off
// the board as the language's own short tokens (notation.bar and
// notation.off: "бар", "ბარი", "բար", "⏏", …), on the step buttons, in captions and in
// reviews; a typed play may use those tokens or gnubg's own (bar, off, 25
// and 0).

var (
	barWord = regexp.MustCompile(`\bbar\b`)
	offWord = regexp.MustCompile(`\boff\b`)
)

// localNotation writes notation ("bar/22 6/off") with the language's
// tokens.
func localNotation(lang locales.Lang, s string) string {
	s = barWord.ReplaceAllLiteralString(s, locales.T(lang, "notation.bar", nil))
	return offWord.ReplaceAllLiteralString(s, locales.T(lang, "notation.off", nil))
}

// stepLabel is a step button's text: "13/7", "бар/22*", "6/⏏".
func stepLabel(lang locales.Lang, s rules.Step) string { return localNotation(lang, s.String()) }

// formerTokens are tokens the catalogues once used, still read in a
// typed play: the Armenian bar was «ձող» before players' «բար».
var formerTokens = map[string]string{"ձող": "bar"}

// fromLocalNotation turns a typed play's tokens, in any language (and
// formerTokens), back into gnubg's words.
func fromLocalNotation(text string) string {
	for tok, word := range formerTokens {
		text = strings.ReplaceAll(text, tok, word)
	}
	for _, l := range locales.Langs {
		for key, word := range map[string]string{"notation.bar": "bar", "notation.off": "off"} {
			if tok := locales.T(l, key, nil); tok != word {
				text = strings.ReplaceAll(text, tok, word)
			}
		}
	}
	return text
}
