package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"nardi/bot/telegramtest"
	"nardi/game"
	"nardi/locales"
	"nardi/rules"
	"nardi/table"
)

// bothGames are how each language names the two games on its buttons.
var bothGames = map[locales.Lang][2]string{
	locales.EN: {"Short nardi", "Long nardi"},
	locales.RU: {"Короткие нарды", "Длинные нарды"},
	locales.KA: {"მოკლე ნარდი", "გრძელი ნარდი"},
	locales.HY: {"Կարճ նարդի", "Երկար նարդի"},
}

// TestPlayMenuNamesBothGames: the /play menu a person gets, in every
// language, names short and long nardi in full, says the classic game is
// played with the cube (under a sign of its own, not ⏫), marks no option
// with ✅ and, outside English, has no Latin letter on a button.
func TestPlayMenuNamesBothGames(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	for i, l := range locales.Langs {
		u := telegramtest.User{ID: int64(8100 + i), FirstName: "Player", LanguageCode: string(l)}
		h.srv.SendText(u, u.Private(), "/play")
		m := h.waitText(u.ID, firstLine(locales.T(l, "play.choose_level", nil)))
		var labels []string
		for _, b := range m.Buttons() {
			labels = append(labels, b.Text)
			if strings.HasPrefix(strings.TrimPrefix(b.Text, chosenMark+" "), "✅") {
				t.Errorf("%s: menu button %q begins with ✅", l, b.Text)
			}
			if l != locales.EN && hasLatin(b.Text) {
				t.Errorf("%s: menu button %q has Latin letters", l, b.Text)
			}
		}
		all := strings.Join(labels, " | ")
		for _, name := range bothGames[l] {
			if !strings.Contains(all, name) {
				t.Errorf("%s: the /play menu does not name %q: %s", l, name, all)
			}
		}
		classic := locales.T(l, "button.game_classic", nil)
		if !strings.Contains(all, classic) || strings.HasPrefix(classic, "⏫") {
			t.Errorf("%s: the classic game's button %q", l, classic)
		}
		for _, name := range bothGames[l] {
			if !strings.Contains(m.Text, strings.ToLower(name)) && !strings.Contains(m.Text, name) {
				t.Errorf("%s: the /play menu's text does not name %q", l, name)
			}
		}
		for _, key := range []string{"start.welcome", "duel.choose", "error.usage_play", "duel.usage", "help.text"} {
			text := strings.ToLower(locales.T(l, key, map[string]any{"Name": "X"}))
			if key == "duel.usage" || key == "error.usage_play" {
				if !strings.Contains(text, "long</code>") || !strings.Contains(text, "5pt</code>") {
					t.Errorf("%s %s: does not show long nardi and a match length", l, key)
				}
				continue
			}
			for _, name := range bothGames[l] {
				if !strings.Contains(text, strings.ToLower(name)) {
					t.Errorf("%s %s: does not name %q", l, key, name)
				}
			}
		}
	}
}

// TestMenusRememberTheLastChoice: /play's and the duel menu start from
// the person's last game against the computer and last challenge, and
// show the clock they carry.
func TestMenusRememberTheLastChoice(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	u := telegramtest.User{ID: 8201, FirstName: "Ani", LanguageCode: "hy"}
	l := locales.HY
	h.srv.SendText(u, u.Private(), "/play beginner long 20+60")
	b := h.board(u.ID)
	// Resign on the person's own turn, when the board stands still.
	h.waitBoard(b.ID, func(m telegramtest.Message) bool { return len(steps(m)) > 0 })
	h.resignByCommand(u, u.Private())
	h.srv.SendText(u, u.Private(), "/play")
	menuAfter := func(first string, after int) telegramtest.Message {
		m, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool {
			return m.ChatID == u.ID && m.ID > after && strings.Contains(m.Text, first)
		})
		if !ok {
			t.Fatalf("no menu %q", first)
		}
		return m
	}
	m := menuAfter(firstLine(locales.T(l, "play.choose_level", nil)), 0)
	wantMarked := func(m telegramtest.Message, labels ...string) {
		t.Helper()
		for _, want := range labels {
			if _, ok := m.Button(chosenMark + " " + want); !ok {
				t.Errorf("%q is not the chosen option in %v", want, m.Buttons())
			}
		}
	}
	wantMarked(m, locales.T(l, "button.game_long", nil), locales.T(l, "button.one_game", nil))
	if !strings.Contains(m.Text, clockLine(l, game.TimeControl{Move: 20 * time.Second, Reserve: 60 * time.Second})) {
		t.Errorf("the /play menu does not show its clock: %q", m.Text)
	}
	if b, ok := m.Button(locales.T(l, "button.level_beginner", nil)); !ok || !strings.HasSuffix(b.CallbackData, ":l0/20+60") {
		t.Errorf("the level button carries %q", b.CallbackData)
	}

	// A challenge by link: the duel menu of /start starts from it.
	h.srv.SendText(u, u.Private(), "/duel classic 5pt 0")
	inv := h.waitText(u.ID, "?start=")
	// The link is sent before the choice is stored: wait for the store.
	for deadline := time.Now().Add(wait); ; time.Sleep(20 * time.Millisecond) {
		if st, err := h.st.User(context.Background(), u.ID); err == nil && st.LastDuel == "c5" {
			break
		} else if time.Now().After(deadline) {
			t.Fatalf("the duel's terms are not remembered: %q, %v", st.LastDuel, err)
		}
	}
	h.srv.SendText(u, u.Private(), "/start")
	start := menuAfter(firstLine(locales.T(l, "start.welcome", map[string]any{"Name": "Ani"})), inv.ID)
	h.wantAnswer(u, start.ID, action{op: opMenu, arg: "duel"}.String(), "", false)
	d := menuAfter(firstLine(locales.T(l, "duel.choose", nil)), start.ID)
	wantMarked(d, locales.T(l, "button.game_classic", nil), locales.T(l, "button.match", map[string]any{"Points": 5}))
	if !strings.Contains(d.Text, locales.T(l, "duel.no_clock", nil)) {
		t.Errorf("the duel menu does not say it has no clock: %q", d.Text)
	}
}

// TestBadTermsSayWhy: a word /play or /duel cannot read is named in the
// answer (escaped), with the reason; /duel 30pt is a match too long, not
// a clock.
func TestBadTermsSayWhy(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	cases := []struct {
		args      string
		withLevel bool
		key, word string
	}{
		{"30pt", false, "error.bad_match", "30pt"},
		{"0pt", false, "error.bad_match", "0pt"},
		{"5+x", false, "duel.bad_clock", "5+x"},
		{"classic 5+", false, "duel.bad_clock", "5+"},
		{"1+0", false, "duel.clock_range", "1+0"},
		{"classic 2+90", true, "duel.clock_range", "2+90"},
		{"0+60", false, "duel.clock_range", "0+60"},
		{"5+604801", false, "duel.clock_range", "5+604801"},
		{"8d", false, "duel.clock_range", "8d"},
		{"blitz", false, "error.bad_word", "blitz"},
		{"master", false, "error.bad_word", "master"},
		{"<b>x</b>", true, "error.bad_word", "<b>x</b>"},
		{"5pt 7pt", false, "error.repeated", "7pt"},
		{"beginner Master", true, "error.repeated", "Master"},
		{"11+90 5+5", true, "error.repeated", "5+5"},
		{"long classic", false, "error.long_classic", ""},
		{"LONG 5pt @ann 1d", false, "", ""},
		{"grandmaster classic 25pt 0", true, "", ""},
	}
	for _, c := range cases {
		_, p := readTerms(c.args, c.withLevel)
		if p.key != c.key || p.word != c.word {
			t.Errorf("%q: problem %+v, want %s %q", c.args, p, c.key, c.word)
		}
		if _, ok := parseTerms(c.args, c.withLevel); ok != (c.key == "") {
			t.Errorf("%q: parseTerms says %v", c.args, ok)
		}
		if c.key == "" {
			continue
		}
		for _, l := range locales.Langs {
			text := problemText(l, termsProblem{c.key, c.word})
			if c.word != "" && !strings.Contains(text, "<code>"+locales.EscapeHTML(c.word)+"</code>") {
				t.Errorf("%s %q: the answer does not name the word: %q", l, c.args, text)
			}
			if strings.Contains(text, "<b>x") {
				t.Errorf("%s: the word is not escaped: %q", l, text)
			}
		}
	}
	if text := problemText(locales.RU, termsProblem{"error.bad_match", "30pt"}); !strings.Contains(text, "25") {
		t.Errorf("the match message does not say the longest match: %q", text)
	}
	for _, l := range locales.Langs {
		if text := problemText(l, termsProblem{"duel.clock_range", "1+0"}); !strings.Contains(text, "3") || !strings.Contains(text, "7") {
			t.Errorf("%s: the clock message does not say the bounds: %q", l, text)
		}
		if !strings.Contains(locales.T(l, "duel.usage", nil), "5+30") || !strings.Contains(locales.T(l, "error.usage_play", nil), "5") {
			t.Errorf("%s: the usage does not say the least time a move", l)
		}
	}

	h := newHarness(t)
	u := telegramtest.User{ID: 8301, FirstName: "Lev", LanguageCode: "ru"}
	h.srv.SendText(u, u.Private(), "/duel 30pt")
	m := h.waitText(u.ID, "<code>30pt</code>")
	if !strings.Contains(m.Text, firstLine(locales.T(locales.RU, "duel.usage", nil))) || strings.Contains(m.Text, locales.T(locales.RU, "duel.bad_clock", nil)) {
		t.Errorf("/duel 30pt answers %q", m.Text)
	}
	// A clock of a second a move is refused, saying the least, and makes
	// no invitation.
	h.srv.SendText(u, u.Private(), "/duel 1+0")
	m = h.waitText(u.ID, "<code>1+0</code>")
	if !strings.Contains(m.Text, locales.T(locales.RU, "duel.clock_range", map[string]any{"Word": "1+0", "Min": 3, "Days": 7})) ||
		!strings.Contains(m.Text, firstLine(locales.T(locales.RU, "duel.usage", nil))) {
		t.Errorf("/duel 1+0 answers %q", m.Text)
	}
	if rec, err := h.st.User(context.Background(), u.ID); err != nil || rec.LastDuel != "" {
		t.Errorf("/duel 1+0 remembered terms %q (%v)", rec.LastDuel, err)
	}
	h.srv.SendText(u, u.Private(), "/play 7pt master 9pt")
	m = h.waitText(u.ID, "<code>9pt</code>")
	if !strings.Contains(m.Text, "<code>5pt</code>") {
		t.Errorf("/play with a bad word does not show the usage with match lengths: %q", m.Text)
	}
}

// TestNumbersInTheLanguage: a review writes its losses and error rate
// with the language's decimal separator and a unit.
func TestNumbersInTheLanguage(t *testing.T) {
	rv := table.Review{Number: 1, Decisions: 22, PR: 7.26, Worst: []table.Mistake{{
		Turn: 3, Dice: rules.Dice{6, 5}, Loss: 0.1234, Played: rules.Play{}, Best: rules.Play{},
	}}}
	want := map[locales.Lang][2]string{
		locales.EN: {"0.123 points", "7.3"},
		locales.RU: {"0,123 очка", "7,3"},
		locales.KA: {"0,123 ქულა", "7,3"},
		locales.HY: {"0,123 միավոր", "7,3"},
	}
	for l, w := range want {
		text := reviewText(l, rv)
		for _, s := range w {
			if !strings.Contains(text, s) {
				t.Errorf("%s: the review lacks %q: %q", l, s, text)
			}
		}
	}
}

// TestFormerBarToken: a typed play still reads the Armenian bar as it was
// once written, and the new token both ways.
func TestFormerBarToken(t *testing.T) {
	for typed, want := range map[string]string{"ձող/21 5/⏏": "bar/21 5/off", "բար/21* 6/⏏": "bar/21* 6/off"} {
		if got := fromLocalNotation(typed); got != want {
			t.Errorf("%q reads as %q, want %q", typed, got, want)
		}
	}
	if got := localNotation(locales.HY, "bar/21 5/off"); got != "բար/21 5/⏏" {
		t.Errorf("the Armenian bar is written %q", got)
	}
}
