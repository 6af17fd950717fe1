package locales

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/nicksnyder/go-i18n/v2/i18n"
)

// pluralForms are the CLDR plural categories each language uses for whole
// numbers, plus "other" (which go-i18n needs as the fallback form).
var pluralForms = map[Lang][]string{
	EN: {"one", "other"},
	KA: {"one", "other"},
	HY: {"one", "other"},
	RU: {"one", "few", "many", "other"},
}

// forms returns the non-empty plural forms of m by name.
func forms(m *i18n.Message) map[string]string {
	f := map[string]string{}
	for name, s := range map[string]string{
		"zero": m.Zero, "one": m.One, "two": m.Two, "few": m.Few, "many": m.Many, "other": m.Other,
	} {
		if s != "" {
			f[name] = s
		}
	}
	return f
}

func isPlural(key string) bool { return messages[EN][key].One != "" }

func TestKeySetsMatch(t *testing.T) {
	if len(keys) < 100 {
		t.Fatalf("only %d keys in the English catalogue", len(keys))
	}
	for _, l := range Langs {
		for _, k := range keys {
			if _, ok := messages[l][k]; !ok {
				t.Errorf("%s: key %q is missing", l, k)
			}
		}
		for k := range messages[l] {
			if _, ok := messages[EN][k]; !ok {
				t.Errorf("%s: key %q is not in the English catalogue", l, k)
			}
		}
	}
	if !slices.Equal(Keys(), keys) || !sort.StringsAreSorted(Keys()) {
		t.Error("Keys() is not the sorted key list")
	}
}

func TestPluralFormsComplete(t *testing.T) {
	for _, l := range Langs {
		for _, k := range keys {
			m := messages[l][k]
			if m == nil {
				continue // reported by TestKeySetsMatch
			}
			got := forms(m)
			if !isPlural(k) {
				if len(got) != 1 || got["other"] == "" {
					t.Errorf("%s %s: a singular message (as in English) must have one text, got forms %v", l, k, got)
				}
				continue
			}
			var names []string
			for name := range got {
				names = append(names, name)
			}
			sort.Strings(names)
			want := slices.Clone(pluralForms[l])
			sort.Strings(want)
			if !slices.Equal(names, want) {
				t.Errorf("%s %s: plural forms %v, want %v", l, k, names, want)
			}
			for name, s := range got {
				if !strings.Contains(s, "{{.Count}}") {
					t.Errorf("%s %s: form %q does not show {{.Count}}: %q", l, k, name, s)
				}
			}
		}
	}
}

var (
	fieldRe  = regexp.MustCompile(`\{\{\.([A-Za-z][A-Za-z0-9]*)\}\}`)
	actionRe = regexp.MustCompile(`\{\{.*?\}\}`)
)

// fields returns the sorted template fields used by any form of m, and
// reports template actions other than a plain {{.Field}}.
func fields(t *testing.T, l Lang, key string, m *i18n.Message) []string {
	set := map[string]bool{}
	for _, s := range forms(m) {
		for _, a := range actionRe.FindAllString(s, -1) {
			if !fieldRe.MatchString(a) {
				t.Errorf("%s %s: only plain {{.Field}} actions are allowed, found %q", l, key, a)
			}
		}
		if strings.Count(s, "{{") != strings.Count(s, "}}") {
			t.Errorf("%s %s: unbalanced template braces", l, key)
		}
		for _, sm := range fieldRe.FindAllStringSubmatch(s, -1) {
			set[sm[1]] = true
		}
	}
	var out []string
	for f := range set {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

func TestTemplateFieldsMatch(t *testing.T) {
	for _, k := range keys {
		want := fields(t, EN, k, messages[EN][k])
		for _, l := range Langs {
			m := messages[l][k]
			if m == nil || l == EN {
				continue
			}
			if got := fields(t, l, k, m); !slices.Equal(got, want) {
				t.Errorf("%s %s: template fields %v, English has %v", l, k, got, want)
			}
		}
	}
}

// hostileName checks that names are escaped in HTML messages.
const hostileName = "<Ann & Bob>"

// sampleData returns data for every template field used by the catalogues.
func sampleData(l Lang) map[string]any {
	return map[string]any{
		"Name":       hostileName,
		"Opponent":   "Гиорги",
		"Format":     T(l, "tournament.format_swiss", nil),
		"Host":       hostileName,
		"Players":    hostileName + ", Гиорги",
		"Round":      2,
		"Rounds":     5,
		"Time":       "20:15",
		"Zone":       "Asia/Tbilisi",
		"Date":       "07.03.2025",
		"Group":      hostileName,
		"Result":     "🥈 " + T(l, "stats.tournament_place", map[string]any{"Place": 2}),
		"Name1":      hostileName,
		"Name2":      N(l, "unit.points", 0, nil),
		"Level":      T(l, "level.master", nil),
		"Dice":       "6-5",
		"Die":        4,
		"Die1":       6,
		"Die2":       3,
		"Move":       "24/18* 13/9",
		"Pips1":      167,
		"Pips2":      152,
		"Score1":     2,
		"Score2":     1,
		"MoveTime":   "0:11",
		"Reserve":    "1:30",
		"MoveSec":    11,
		"ReserveSec": 90,
		"Clock":      HTML(T(l, "duel.clock", map[string]any{"MoveSec": 11, "ReserveSec": 90})),
		"Link":       "https://t.me/nardi_bot?start=AbC-d_123",
		"Bot":        "nardi_bot",
		"Value":      4,
		"Owner":      hostileName,
		"Length":     5,
		"Number":     3,
		"Points":     7,
		"ID":         "k3f9q2m4-2",
		"Commitment": "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925",
		"Seed":       "ec27eead2aaa2bc7cb5077b5bb3b9133ce51c9044bc5e60a77c67df0e06ea014",
		"Position":   "4HPwATDgc/ABMA",
		"Match":      "cAmgAEAAEAAE",
		"N":          2,
		"Turn":       14,
		"Played":     "24/18 13/9",
		"Best":       "24/14",
		"Loss":       "0.123",
		"PR":         "7.3",
		"Marses":     4,
		"Koks":       1,
		"Rating":     "1534",
		"Experience": 57,
		"Place":      3,
		"Of":         41,
		"Rated":      12,
		"Have":       2,
		"Need":       3,
		"Games":      N(l, "unit.games", 12, nil),
		"Wins":       N(l, "unit.wins", 7, nil),
		"Losses":     N(l, "unit.losses", 5, nil),
		"PointsWon":  N(l, "unit.points", 15, nil),
		"PointsLost": N(l, "unit.points", 8, nil),
		"Home":       T(l, "settings.home_right", nil),
		"Layout":     T(l, "settings.landscape", nil),
		"Confirm":    T(l, "settings.confirm_on", nil),
		"Remind":     T(l, "settings.remind_on", nil),
		"Chat":       "Nardi club",
		"Word":       "<30pt & co>",
		"Max":        25,
		"Min":        3, // game.MinMove in seconds
		"Days":       7, // game.MaxClock in days
		"Terms":      "⏱️ 11 s + 90 s",
		"You":        "+0.42",
		"Them":       "−0.15",
		"Doubles":    5,
		"Rolls":      31,
		"Expected":   "5",
		"Average":    "8.21",
		"Luck":       "+1.20",
	}
}

// renderStrict renders a message and fails on any missing template field.
func renderStrict(t *testing.T, l Lang, key string, count *int, data map[string]any) string {
	t.Helper()
	s, err := localize(l, key, count, data, strictParser)
	if err != nil {
		t.Errorf("%s %s: %v", l, key, err)
	}
	return s
}

var (
	tagRe    = regexp.MustCompile(`<(/?)([a-zA-Z-]+)((?:\s[^<>]*)?)>`)
	entityRe = regexp.MustCompile(`&(lt|gt|amp|quot|#[0-9]+|#x[0-9a-fA-F]+);`)
)

var allowedTags = map[string]bool{
	"b": true, "strong": true, "i": true, "em": true, "u": true, "ins": true,
	"s": true, "strike": true, "del": true, "code": true, "pre": true, "a": true,
	"tg-spoiler": true, "blockquote": true,
}

// checkTelegramHTML reports markup that Telegram's HTML parse mode rejects:
// unknown or unbalanced tags, a bare < or >, an & that starts no entity.
func checkTelegramHTML(s string) error {
	var stack []string
	for _, m := range tagRe.FindAllStringSubmatch(s, -1) {
		name := strings.ToLower(m[2])
		if !allowedTags[name] {
			return fmt.Errorf("tag <%s> is not supported by Telegram", name)
		}
		if m[1] == "" {
			stack = append(stack, name)
			continue
		}
		if len(stack) == 0 || stack[len(stack)-1] != name {
			return fmt.Errorf("closing </%s> does not match", name)
		}
		stack = stack[:len(stack)-1]
	}
	if len(stack) > 0 {
		return fmt.Errorf("unclosed tags %v", stack)
	}
	text := tagRe.ReplaceAllString(s, "")
	if strings.ContainsAny(text, "<>") {
		return fmt.Errorf("bare < or > in text")
	}
	if strings.Count(text, "&") != len(entityRe.FindAllString(text, -1)) {
		return fmt.Errorf("& that starts no entity")
	}
	return nil
}

// utf16Len is the length Telegram counts for its limits.
func utf16Len(s string) int { return len(utf16.Encode([]rune(s))) }

var testCounts = []int{0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 111}

func TestRenderAll(t *testing.T) {
	for _, l := range Langs {
		data := sampleData(l)
		for _, k := range keys {
			var outs []string
			if isPlural(k) {
				for _, c := range testCounts {
					outs = append(outs, renderStrict(t, l, k, &c, data))
				}
			} else {
				outs = append(outs, renderStrict(t, l, k, nil, data))
			}
			for _, s := range outs {
				switch {
				case strings.TrimSpace(s) == "":
					t.Errorf("%s %s: empty", l, k)
				case strings.Contains(s, "<no value>"), strings.Contains(s, "{{"), strings.Contains(s, "}}"):
					t.Errorf("%s %s: template not filled: %q", l, k, s)
				case s != strings.TrimSpace(s):
					t.Errorf("%s %s: leading or trailing white space: %q", l, k, s)
				case !utf8.ValidString(s):
					t.Errorf("%s %s: invalid UTF-8", l, k)
				}
				if IsHTML(k) {
					if err := checkTelegramHTML(s); err != nil {
						t.Errorf("%s %s: %v in %q", l, k, err, s)
					}
					if strings.Contains(s, hostileName) {
						t.Errorf("%s %s: name inserted without escaping: %q", l, k, s)
					}
					if n := utf16Len(s); n > 4096 {
						t.Errorf("%s %s: %d characters, more than Telegram's 4096", l, k, n)
					}
				} else if tagRe.MatchString(s) || entityRe.MatchString(s) {
					t.Errorf("%s %s: plain-text message contains markup: %q", l, k, s)
				}
			}
		}
	}
}

func TestLimits(t *testing.T) {
	for _, l := range Langs {
		data := sampleData(l)
		for _, k := range keys {
			s := T(l, k, data)
			n := utf16Len(s)
			switch {
			case strings.HasPrefix(k, "toast."):
				if n > 200 {
					t.Errorf("%s %s: toast of %d characters, more than 200", l, k, n)
				}
			case strings.HasPrefix(k, "cmd."):
				if n < 3 || n > 256 {
					t.Errorf("%s %s: command description of %d characters, want 3..256", l, k, n)
				}
			case strings.HasPrefix(k, "button."):
				if n > 40 {
					t.Errorf("%s %s: button label of %d characters is too long for a phone: %q", l, k, n, s)
				}
			case strings.HasPrefix(k, "caption."):
				if n > 200 {
					t.Errorf("%s %s: caption line of %d characters is too long", l, k, n)
				}
			}
		}
	}
}

// TestCaptionFitsTelegram builds full board captions (long names, every
// line a board can show at once) and checks they stay within Telegram's 1024
// characters. The bot should cut names to about 32 characters.
func TestCaptionFitsTelegram(t *testing.T) {
	long := strings.Repeat("Ж", 32)
	scenarios := map[string][]string{
		"duel in play": {
			"caption.vs", "caption.turn_name", "caption.rolled_name", "caption.played_name",
			"caption.pips", "caption.score", "caption.clock", "caption.clock", "caption.cube",
			"duel.timeout", "caption.press_confirm",
		},
		"opening": {
			"caption.vs", "caption.opening", "caption.turn_name", "caption.rolled_name",
			"caption.forced", "caption.pips", "caption.score", "caption.clock", "caption.clock",
		},
		"pass": {
			"caption.vs", "caption.turn_name", "caption.played_name", "caption.no_moves",
			"caption.pips", "caption.score", "caption.clock", "caption.clock", "caption.cube_offer",
		},
		"game over": {
			"caption.vs", "caption.played_name", "caption.pips", "caption.score",
			"caption.clock", "caption.clock", "result.win_name", "result.rematch_offer", "result.rematch",
		},
	}
	for _, l := range Langs {
		d := sampleData(l)
		d["Name"], d["Name1"], d["Name2"], d["Opponent"] = long, long, long, long
		d["Move"] = "bar/22* 22/16* 16/10* 10/4*"
		d["Dice"] = "6-6"
		for name, ks := range scenarios {
			var lines []string
			for _, k := range ks {
				lines = append(lines, T(l, k, d))
			}
			lines = append(lines, N(l, "result.timeout", 2, d))
			caption := strings.Join(lines, "\n")
			if n := utf16Len(caption); n > 1024 {
				t.Errorf("%s, %s: a caption of %d characters, more than 1024:\n%s", l, name, n, caption)
			}
		}
	}
}

func TestRussianPlurals(t *testing.T) {
	cases := map[int]string{
		0: "0 очков", 1: "1 очко", 2: "2 очка", 4: "4 очка", 5: "5 очков", 11: "11 очков",
		12: "12 очков", 14: "14 очков", 21: "21 очко", 22: "22 очка", 25: "25 очков",
		101: "101 очко", 111: "111 очков",
	}
	for n, want := range cases {
		if got := N(RU, "unit.points", n, nil); got != want {
			t.Errorf("N(ru, unit.points, %d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int]string{1: "1 партия", 3: "3 партии", 5: "5 партий", 21: "21 партия"} {
		if got := N(RU, "unit.games", n, nil); got != want {
			t.Errorf("N(ru, unit.games, %d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int]string{1: "1 победа", 2: "2 победы", 7: "7 побед"} {
		if got := N(RU, "unit.wins", n, nil); got != want {
			t.Errorf("N(ru, unit.wins, %d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int]string{1: "1 поражение", 3: "3 поражения", 11: "11 поражений"} {
		if got := N(RU, "unit.losses", n, nil); got != want {
			t.Errorf("N(ru, unit.losses, %d) = %q, want %q", n, got, want)
		}
	}
	if got, want := N(RU, "resign.confirm", 2, nil), "Ты проиграешь 2 очка."; !strings.HasSuffix(got, want) {
		t.Errorf("resign.confirm(2) = %q, want it to end with %q", got, want)
	}
	if got, want := N(RU, "result.mars", 2, nil), "Марс! 2 очка."; got != want {
		t.Errorf("result.mars(2) = %q, want %q", got, want)
	}
	if got, want := N(RU, "result.oin", 1, nil), "Ойн, обычная победа: 1 очко."; got != want {
		t.Errorf("result.oin(1) = %q, want %q", got, want)
	}
}

func TestOtherPlurals(t *testing.T) {
	cases := []struct {
		lang  Lang
		key   string
		count int
		want  string
	}{
		{EN, "unit.points", 0, "0 points"},
		{EN, "unit.points", 1, "1 point"},
		{EN, "unit.points", 2, "2 points"},
		{EN, "unit.points", 21, "21 points"},
		{EN, "unit.losses", 1, "1 loss"},
		{EN, "unit.losses", 3, "3 losses"},
		{EN, "result.mars", 2, "Mars! 2 points."},
		{EN, "result.oin", 1, "Oin, a simple win: 1 point."},
		{EN, "resign.confirm", 1, "🏳️ <b>Resign this game?</b> You will lose 1 point."},
		{KA, "unit.points", 1, "1 ქულა"},
		{KA, "unit.points", 5, "5 ქულა"},
		{HY, "unit.points", 1, "1 միավոր"},
		{HY, "unit.points", 5, "5 միավոր"},
	}
	for _, c := range cases {
		if got := N(c.lang, c.key, c.count, nil); got != c.want {
			t.Errorf("N(%s, %s, %d) = %q, want %q", c.lang, c.key, c.count, got, c.want)
		}
	}
}

func TestFromTelegram(t *testing.T) {
	cases := map[string]Lang{
		"ka": KA, "ka-GE": KA, "KA": KA, "ka_GE": KA,
		"ru": RU, "ru-RU": RU, "ru-ua": RU, " ru ": RU,
		"hy": HY, "hy-AM": HY,
		"en": EN, "en-US": EN, "en-GB": EN, "": EN, "de": EN, "uk": EN, "fr-CA": EN,
		"kab": EN, "rue": EN, "hye": EN,
	}
	for code, want := range cases {
		if got := FromTelegram(code); got != want {
			t.Errorf("FromTelegram(%q) = %q, want %q", code, got, want)
		}
	}
}

func TestParseAndName(t *testing.T) {
	for _, l := range Langs {
		if got, ok := Parse(string(l)); !ok || got != l {
			t.Errorf("Parse(%q) = %q, %v", l, got, ok)
		}
	}
	if got, ok := Parse("de"); ok || got != Default {
		t.Errorf("Parse(de) = %q, %v", got, ok)
	}
	names := map[Lang]string{KA: "ქართული", RU: "Русский", EN: "English", HY: "Հայերեն"}
	for l, want := range names {
		if got := Name(l); got != want {
			t.Errorf("Name(%s) = %q, want %q", l, got, want)
		}
	}
}

// actionEmoji are the emoji that action buttons must begin with: each sign
// keeps one meaning across the bot.
var actionEmoji = map[string]string{
	"button.roll":       "🎲",
	"button.confirm":    "✅",
	"button.undo":       "↩",
	"button.resign":     "🏳",
	"button.resign_yes": "🏳",
	"button.claim":      "🏆",
	"button.rematch":    "🔁",
	"button.accept":     "⚔",
	"button.cancel":     "✖",
	"button.double":     "⏫",
	"button.take":       "🤝",
	"button.drop":       "🚫",
	"button.review":     "🔍",

	"button.tournament.join":  "➕",
	"button.tournament.leave": "➖",
	"button.tournament.start": "▶",
}

// TestSignsKeepOneMeaning: no button but an action's own begins with the
// action's sign (a 🔁 that is not a rematch, a ⚔ that is not an accept).
func TestSignsKeepOneMeaning(t *testing.T) {
	for _, l := range Langs {
		for _, k := range keys {
			if !strings.HasPrefix(k, "button.") {
				continue
			}
			s := T(l, k, nil)
			for owner, sign := range actionEmoji {
				if strings.HasPrefix(s, sign) && actionEmoji[k] != sign {
					t.Errorf("%s %s = %q begins with %s, the sign of %s", l, k, s, sign, owner)
				}
			}
		}
	}
}

func TestButtonLabels(t *testing.T) {
	for k := range actionEmoji {
		if !slices.Contains(keys, k) {
			t.Errorf("action button %s is missing", k)
		}
	}
	for _, l := range Langs {
		for _, k := range keys {
			if !strings.HasPrefix(k, "button.") {
				continue
			}
			s := T(l, k, nil)
			if e, ok := actionEmoji[k]; ok && !strings.HasPrefix(s, e) {
				t.Errorf("%s %s = %q, want it to begin with %s", l, k, s, e)
			}
			// Every label: an emoji (possibly with U+FE0F), a space, a word.
			emoji, word, ok := strings.Cut(s, " ")
			r, _ := utf8.DecodeRuneInString(emoji)
			if !ok || emoji == "" || unicode.IsLetter(r) || unicode.IsDigit(r) || word == "" {
				t.Errorf("%s %s = %q: want an emoji, a space and a word", l, k, s)
				continue
			}
			for _, r := range emoji {
				if unicode.IsLetter(r) || unicode.IsDigit(r) {
					t.Errorf("%s %s = %q: want an emoji, a space and a word", l, k, s)
					break
				}
			}
			if w, _ := utf8.DecodeRuneInString(word); !unicode.IsLetter(w) {
				t.Errorf("%s %s = %q: no word after the emoji", l, k, s)
			}
		}
	}
}

func TestLevelNamesConsistent(t *testing.T) {
	for _, l := range Langs {
		choose := T(l, "play.choose_level", nil)
		for _, lvl := range []string{"beginner", "club", "master"} {
			name := T(l, "level."+lvl, nil)
			if !strings.Contains(choose, "<b>"+name+"</b>") {
				t.Errorf("%s: play.choose_level does not name level.%s %q", l, lvl, name)
			}
			if b := T(l, "button.level_"+lvl, nil); !strings.HasSuffix(b, " "+name) {
				t.Errorf("%s: button.level_%s = %q, want it to end with %q", l, lvl, b, name)
			}
		}
	}
}

func TestHelpAndRulesContent(t *testing.T) {
	for _, l := range Langs {
		help := T(l, "help.text", nil)
		for _, want := range []string{"13/7", "24/18*", "bar/22", "6/off", "↩", "✅", "🏳", "/board", "/settings", "/rules", "/duel"} {
			if !strings.Contains(help, want) {
				t.Errorf("%s: help.text lacks %q", l, want)
			}
		}
		rules := T(l, "rules.part1", nil) + T(l, "rules.part2", nil)
		for _, want := range []string{"15", "24", "13", "8", "6", "167", "25−N", "13/8*", "11", "90", "🏆", "(1/2)", "(2/2)"} {
			if !strings.Contains(rules, want) {
				t.Errorf("%s: the rules lack %q", l, want)
			}
		}
	}
}

func TestEscaping(t *testing.T) {
	d := map[string]any{"Name": "<i>Bo</i> & Co"}
	if got, want := T(EN, "result.win_name", d), "🏆 <b>&lt;i&gt;Bo&lt;/i&gt; &amp; Co wins!</b>"; got != want {
		t.Errorf("escaped: %q, want %q", got, want)
	}
	d = map[string]any{"Name": HTML("<i>Bo</i>")}
	if got, want := T(EN, "result.win_name", d), "🏆 <b><i>Bo</i> wins!</b>"; got != want {
		t.Errorf("HTML value: %q, want %q", got, want)
	}
	if !IsHTML("start.welcome") || IsHTML("toast.stale") || IsHTML("button.undo") || IsHTML("lang.name") || !IsHTML("lang.choose") {
		t.Error("IsHTML classifies keys wrongly")
	}
	if got, want := EscapeHTML(`a<b>&"c"`), `a&lt;b&gt;&amp;"c"`; got != want {
		t.Errorf("EscapeHTML = %q, want %q", got, want)
	}
}

func TestFallbacks(t *testing.T) {
	if got := T(EN, "no.such.key", nil); got != "no.such.key" {
		t.Errorf("unknown key: %q", got)
	}
	if got, want := T(Lang("xx"), "button.undo", nil), T(EN, "button.undo", nil); got != want {
		t.Errorf("unknown language: %q, want %q", got, want)
	}
	// A missing field still yields the message rather than the key.
	if got := T(RU, "caption.turn_name", nil); !strings.Contains(got, "Ходит") {
		t.Errorf("missing field: %q", got)
	}
	// T on a plural message gives its "other" form.
	if got, want := T(EN, "unit.points", map[string]any{"Count": 3}), "3 points"; got != want {
		t.Errorf("T on a plural message: %q, want %q", got, want)
	}
}

func TestConcurrentUse(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 300 {
				l := Langs[(g+i)%len(Langs)]
				k := keys[(g*31+i)%len(keys)]
				data := sampleData(l)
				if isPlural(k) {
					_ = N(l, k, i, data)
				} else {
					_ = T(l, k, data)
				}
			}
		}()
	}
	wg.Wait()
}

func BenchmarkT(b *testing.B) {
	d := map[string]any{"Name": "Ann", "Dice": "6-5"}
	for i := 0; b.Loop(); i++ {
		_ = T(Langs[i%len(Langs)], "caption.rolled_name", d)
	}
}

func BenchmarkN(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		_ = N(RU, "unit.points", i, nil)
	}
}

// nameVariants are the names a template may get: a person's short and
// long names (escaped when HTML), and the words for "you" and the
// computer, which the captions put where a name goes.
func nameVariants(l Lang) map[string]string {
	return map[string]string{
		"short":    "Al",
		"long":     strings.Repeat("Ж", 32),
		"hostile":  hostileName,
		"you":      T(l, "name.you", nil),
		"computer": T(l, "name.computer", nil),
	}
}

// getsYou are the messages whose names may be the words for "you" or the
// computer (a private board's names for its viewer and the computer);
// other messages name people (a group's board has no "you").
var getsYou = map[string]bool{
	"caption.match": true, "caption.opening": true, "caption.pips": true, "caption.score": true,
	"caption.clock": true, "caption.cube": true, "caption.cube_offer": true,
	"duel.timeout_you": true, "duel.idle_you": true, "result.match_lost_you": true,
}

// startsWith tells whether a line, after its emoji, markup and
// punctuation, begins with word.
func startsWith(line, word string) bool {
	line = tagRe.ReplaceAllString(line, "")
	line = strings.TrimLeftFunc(line, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '&' })
	return strings.HasPrefix(line, word)
}

// TestRenderEveryName renders every message of every language with every
// kind of name (a short and a 32-letter one, "you", the computer) and
// with plural and other numbers (0, 1, 2, 5, 21, 22, 101, …): each is
// filled, valid Telegram HTML within Telegram's limits, and no line
// begins with a lower-case "you" or "computer" (as «ты: …» would). The
// languages are checked in parallel.
func TestRenderEveryName(t *testing.T) {
	t.Parallel()
	numbers := []int{0, 1, 2, 5, 21, 22, 101}
	for _, l := range Langs {
		t.Run(string(l), func(t *testing.T) {
			t.Parallel()
			for variant, name := range nameVariants(l) {
				data := sampleData(l)
				for _, f := range []string{"Name", "Name1", "Name2", "Opponent", "Owner"} {
					data[f] = name
				}
				for _, n := range numbers {
					for _, f := range []string{"Value", "Length", "Number", "Points", "Need", "Have", "Place", "Of", "Rated", "Turn", "Marses", "Koks", "Score1", "Score2", "Max"} {
						data[f] = n
					}
					for _, k := range keys {
						var outs []string
						if isPlural(k) {
							for _, c := range append([]int{n}, testCounts...) {
								outs = append(outs, renderStrict(t, l, k, &c, data))
							}
						} else {
							outs = append(outs, renderStrict(t, l, k, nil, data))
						}
						for _, s := range outs {
							where := fmt.Sprintf("%s %s (name %s, number %d)", l, k, variant, n)
							if strings.Contains(s, "<no value>") || strings.Contains(s, "{{") || strings.TrimSpace(s) == "" {
								t.Errorf("%s: not filled: %q", where, s)
							}
							size := utf16Len(s)
							switch {
							case IsHTML(k):
								if err := checkTelegramHTML(s); err != nil {
									t.Errorf("%s: %v in %q", where, err, s)
								}
								if size > 4096 {
									t.Errorf("%s: %d characters", where, size)
								}
							case strings.HasPrefix(k, "button.") && size > 40,
								strings.HasPrefix(k, "toast.") && size > 200:
								t.Errorf("%s: %d characters: %q", where, size, s)
							}
							if strings.HasPrefix(k, "caption.") && size > 200 {
								t.Errorf("%s: a caption line of %d characters", where, size)
							}
							if r, _ := utf8.DecodeRuneInString(name); !getsYou[k] || !unicode.IsLower(r) || l == KA {
								continue // Georgian letters have no case
							}
							for _, line := range strings.Split(s, "\n") {
								if startsWith(line, name) {
									t.Errorf("%s: a line starts with a lower-case %q: %q", where, name, line)
								}
							}
						}
					}
				}
			}
		})
	}
}

func TestDecimal(t *testing.T) {
	cases := []struct {
		lang   Lang
		x      float64
		digits int
		want   string
	}{
		{EN, 0.1234, 3, "0.123"}, {RU, 0.1234, 3, "0,123"}, {KA, 7.26, 1, "7,3"}, {HY, 12.05, 1, "12,1"},
		{RU, 1534.4, 0, "1534"}, {EN, -0.0001, 2, "0.00"}, {RU, -1.5, 1, "−1,5"}, {Lang("xx"), 2.5, 1, "2.5"},
	}
	for _, c := range cases {
		if got := Decimal(c.lang, c.x, c.digits); got != c.want {
			t.Errorf("Decimal(%s, %v, %d) = %q, want %q", c.lang, c.x, c.digits, got, c.want)
		}
	}
}
