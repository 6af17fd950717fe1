package bot

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

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

// parseTerms reads the words of "/play [level] [classic|long] [Npt] [M+R]"
// or "/duel [classic|long] [Npt] [M+R] [@someone]", in any order (a level
// only with withLevel; @mentions are left to the router's entities). Each
// kind of word may come once.
func parseTerms(args string, withLevel bool) (terms, bool) {
	t, p := readTerms(args, withLevel)
	return t, p.key == ""
}

// termsProblem is why a command's words give no terms: the key of the
// message that says so ("" for none) and the word it is about, as typed.
type termsProblem struct{ key, word string }

// readTerms reads the words as parseTerms does, and tells what it could
// not read: a word it does not know, a match length out of range, a
// clock it cannot read or whose times are out of bounds (a move under
// game.MinMove), a kind of word given twice, or long nardi with the
// cube.
func readTerms(args string, withLevel bool) (terms, termsProblem) {
	var t terms
	for _, word := range strings.Fields(args) {
		f := strings.ToLower(word)
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
				return terms{}, termsProblem{"error.repeated", word}
			}
			t.level = l
			continue
		}
		if n, ok := parsePoints(f); ok {
			if t.match != 0 {
				return terms{}, termsProblem{"error.repeated", word}
			}
			t.match = n
			continue
		} else if strings.HasSuffix(f, pointsWord) && f != pointsWord {
			return terms{}, termsProblem{"error.bad_match", word}
		}
		tc, err := game.ParseTimeControl(f)
		switch {
		case err == nil && t.clocked:
			return terms{}, termsProblem{"error.repeated", word}
		case err == nil:
			t.clock, t.clocked = tc, true
		case errors.Is(err, game.ErrClockRange):
			return terms{}, termsProblem{"duel.clock_range", word}
		case f[0] >= '0' && f[0] <= '9':
			return terms{}, termsProblem{"duel.bad_clock", word}
		default:
			return terms{}, termsProblem{"error.bad_word", word}
		}
	}
	if t.long && t.classic {
		return terms{}, termsProblem{key: "error.long_classic"} // long nardi has no cube
	}
	return t, termsProblem{}
}

// maxEcho is how many characters of a word an error message repeats.
const maxEcho = 24

// problemText says in a language what was wrong with a command's words.
func problemText(lang locales.Lang, p termsProblem) string {
	word := p.word
	if r := []rune(word); len(r) > maxEcho {
		word = string(r[:maxEcho]) + "…"
	}
	if p.key == "duel.bad_clock" {
		// "I couldn't read that time control:" and the word.
		return locales.T(lang, p.key, nil) + " <code>" + locales.EscapeHTML(word) + "</code>"
	}
	return locales.T(lang, p.key, map[string]any{"Word": word, "Max": game.MaxMatch,
		"Min": int(game.MinMove / time.Second), "Days": int(game.MaxClock / game.Day)})
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

// termsLines describe a game's terms in a language: the game (always
// named: short nardi, the classic game or long nardi), a match, the
// clock.
func termsLines(lang locales.Lang, o game.Options) string {
	var lines []string
	switch {
	case o.Cube:
		lines = append(lines, locales.T(lang, "terms.classic", nil))
	case o.Game() == rules.Long:
		lines = append(lines, locales.T(lang, "terms.long", nil))
	default:
		lines = append(lines, locales.T(lang, "terms.short", nil))
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
	t, ok := b.checkedTerms(ctx, r, arg, kind)
	if ok {
		b.answer(ctx, r, "", false)
	}
	return t, ok
}

// checkedTerms is menuTerms that leaves an accepted tap unanswered, for a
// handler whose next step may still refuse it with a toast.
func (b *Bot) checkedTerms(ctx context.Context, r *request, arg string, kind store.PromptKind) (terms, bool) {
	t, ok := parseTermsArg(arg)
	if !ok || r.group {
		b.toast(ctx, r, "toast.unknown")
		return terms{}, false
	}
	if !b.ownPrompt(ctx, r, kind) {
		return terms{}, false
	}
	return t, true
}

// termsOf are the terms of a game's options, as a menu would carry them
// (a clock only when there is one).
func termsOf(o game.Options) terms {
	return terms{classic: o.Cube, long: o.Game() == rules.Long, match: o.Match, clock: o.Clock, clocked: o.Clock.Enabled()}
}

// lastTerms are the terms a person's menu starts from: those of their
// last game against the computer (/play) or of their last challenge
// (/duel), else the defaults.
func lastTerms(u store.User, duel bool) terms {
	saved, def := u.LastPlay, terms{}
	if duel {
		saved, def = u.LastDuel, duelMenuTerms
	}
	if saved == "" {
		return def
	}
	t, ok := parseTermsArg(saved)
	if !ok {
		return def
	}
	return t
}

// rememberTerms records the terms a person has just chosen for a game
// against the computer or a challenge, for their next menu.
func (b *Bot) rememberTerms(ctx context.Context, r *request, duel bool, o game.Options) {
	arg := termsArg(termsOf(o))
	if (duel && r.user.LastDuel == arg) || (!duel && r.user.LastPlay == arg) {
		return
	}
	fresh, err := b.changeUser(ctx, r.user, func(ctx context.Context) error {
		return b.store.SetLastTerms(ctx, r.user.ID, duel, arg, b.cfg.Now())
	})
	if err != nil {
		b.log.Warn("remembering a choice of terms failed", "user", r.user.ID, "err", err)
		return
	}
	r.user = fresh
}

// playMenuText is the /play menu's text, with the clock its terms carry.
func playMenuText(lang locales.Lang, t terms) string {
	text := locales.T(lang, "play.choose_level", nil)
	if t.clocked && t.clock.Enabled() {
		text += "\n\n" + clockLine(lang, t.clock)
	}
	return text
}

// duelMenuText is the duel menu's text, with the clock of the link it
// makes.
func duelMenuText(lang locales.Lang, t terms) string {
	clock := game.TimeControl{}
	if t.clocked {
		clock = t.clock
	}
	return locales.T(lang, "duel.choose", nil) + "\n\n" + clockLine(lang, clock)
}
