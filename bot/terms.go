package bot

import (
	"context"
	"strconv"
	"strings"

	"github.com/go-telegram/bot/models"

	"nardi/game"
	"nardi/locales"
	"nardi/rules"
	"nardi/store"
)

// The terms of a new game, as /play and /duel read them and their menus
// offer them: the variant (nardi, or classic with the cube), a match
// length, and a clock.

// The words of the terms.
const (
	classicWord = "classic" // standard rules, koks, the doubling cube
	longWord    = "long"    // long nardi
	nardiWord   = "nardi"   // the default game, said out loud
	pointsWord  = "pt"      // "5pt": a match to 5 points
)

// menuMatches are the match lengths the menus offer (0: a single game).
var menuMatches = []int{0, 3, 5, 7}

// classic returns the terms of the classic game with a clock: the Jacoby
// rule for money games (see withMatch).
func classic(clock game.TimeControl) game.Options {
	return game.Options{Rules: rules.Standard, Scoring: rules.WithKoks, Cube: true, Jacoby: true, Clock: clock}
}

// withMatch makes the terms a match to n points (0: a single game); the
// Jacoby rule is for money games only.
func withMatch(o game.Options, n int) game.Options {
	o.Match = n
	if n > 0 {
		o.Jacoby = false
	}
	return o
}

// terms are the words of /play or /duel read so far.
type terms struct {
	level   game.Level
	classic bool
	long    bool
	match   int
	clock   game.TimeControl
	clocked bool // a clock was given
}

// parseTerms reads the words of "/play [level] [classic] [Npt] [M+R]" or
// "/duel [classic] [Npt] [M+R] [@someone]", in any order (a level only
// with withLevel; @mentions are left to the router's entities). Each kind
// of word may come once.
func parseTerms(args string, withLevel bool) (terms, bool) {
	var t terms
	for _, f := range strings.Fields(args) {
		f = strings.ToLower(f)
		switch {
		case strings.HasPrefix(f, "@") && !withLevel:
			continue
		case f == classicWord:
			t.classic = true
			continue
		case f == longWord:
			t.long = true
			continue
		case f == nardiWord:
			continue
		}
		if l, err := game.ParseLevel(f); err == nil && withLevel {
			if t.level != "" {
				return terms{}, false
			}
			t.level = l
			continue
		}
		if n, ok := parsePoints(f); ok {
			if t.match != 0 {
				return terms{}, false
			}
			t.match = n
			continue
		}
		tc, err := game.ParseTimeControl(f)
		if err != nil || t.clocked {
			return terms{}, false
		}
		t.clock, t.clocked = tc, true
	}
	if t.long && t.classic {
		return terms{}, false // long nardi has no cube
	}
	return t, true
}

// parsePoints reads "5pt" (1 to game.MaxMatch).
func parsePoints(f string) (int, bool) {
	num, ok := strings.CutSuffix(f, pointsWord)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 || n > game.MaxMatch || num != strconv.Itoa(n) {
		return 0, false
	}
	return n, true
}

// options are the game's terms with a clock.
func (t terms) options(clock game.TimeControl) game.Options {
	o := game.Options{Clock: clock}
	switch {
	case t.classic:
		o = classic(clock)
	case t.long:
		o.Variant, o.Rules = rules.Long, rules.Standard
	}
	return withMatch(o, t.match)
}

// termsArg writes a menu's choice for callback data: the variant, the
// match and a clock if any: "n0" (nardi, one game), "c5" (classic, a
// match to 5), "c5/11+90" (with a clock).
func termsArg(t terms) string {
	v := "n"
	switch {
	case t.classic:
		v = "c"
	case t.long:
		v = "l"
	}
	arg := v + strconv.Itoa(t.match)
	if t.clocked && t.clock.Enabled() {
		arg += "/" + t.clock.String()
	}
	return arg
}

// parseTermsArg reads what termsArg wrote; "" is the default.
func parseTermsArg(s string) (terms, bool) {
	if s == "" {
		return terms{}, true
	}
	s, clock, clocked := strings.Cut(s, "/")
	if len(s) < 2 || (s[0] != 'n' && s[0] != 'c' && s[0] != 'l') {
		return terms{}, false
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || n < 0 || n > game.MaxMatch || s[1:] != strconv.Itoa(n) {
		return terms{}, false
	}
	t := terms{classic: s[0] == 'c', long: s[0] == 'l', match: n}
	if clocked {
		if t.clock, err = game.ParseTimeControl(clock); err != nil {
			return terms{}, false
		}
		t.clocked = true
	}
	return t, true
}

// termsLines describe a game's terms in a language: the game, a match,
// the clock.
func termsLines(lang locales.Lang, o game.Options) string {
	var lines []string
	if o.Cube {
		lines = append(lines, locales.T(lang, "terms.classic", nil))
	}
	if o.Game() == rules.Long {
		lines = append(lines, locales.T(lang, "terms.long", nil))
	}
	if o.Match > 0 {
		lines = append(lines, locales.N(lang, "terms.match", o.Match, nil))
	}
	lines = append(lines, clockLine(lang, o.Clock))
	return strings.Join(lines, "\n")
}

// termsRows are a menu's rows that choose the variant and the match, each
// button leading to op with the terms it would choose; the chosen ones
// are marked.
func termsRows(lang locales.Lang, op string, t terms) Keyboard {
	kind := func(u terms) string {
		switch {
		case u.classic:
			return "classic"
		case u.long:
			return "long"
		}
		return "nardi"
	}
	with := func(k string, n int) action {
		u := t
		u.classic, u.long, u.match = k == "classic", k == "long", n
		return action{op: op, arg: termsArg(u)}
	}
	cur := kind(t)
	var variants []models.InlineKeyboardButton
	for _, k := range []string{"nardi", "classic", "long"} {
		variants = append(variants, button(option(locales.T(lang, "button.game_"+k, nil), cur == k), with(k, t.match)))
	}
	var matches []models.InlineKeyboardButton
	for _, n := range menuMatches {
		text := locales.T(lang, "button.one_game", nil)
		if n > 0 {
			text = locales.T(lang, "button.match", map[string]any{"Points": n})
		}
		matches = append(matches, button(option(text, t.match == n), with(cur, n)))
	}
	return append(fitRows(variants...), fitRowsOf(4, matches...)...)
}

// menuTerms reads the terms a menu button carries (arg as termsArg wrote
// it) on the person's own private menu of a kind, and answers the tap;
// false when the tap is refused, and answered so.
func (b *Bot) menuTerms(ctx context.Context, r *request, arg string, kind store.PromptKind) (terms, bool) {
	t, ok := parseTermsArg(arg)
	if !ok || r.group {
		b.toast(ctx, r, "toast.unknown")
		return terms{}, false
	}
	if !b.ownPrompt(ctx, r, kind) {
		return terms{}, false
	}
	b.answer(ctx, r, "", false)
	return t, true
}
