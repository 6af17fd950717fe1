package bot

import (
	"math/rand/v2"
	"strings"
	"testing"

	"nardi/bot/telegramtest"
	"nardi/game"
	"nardi/locales"
	"nardi/store"
)

// counterOf is the move counter a board's buttons were drawn for.
func counterOf(m telegramtest.Message) (uint32, bool) {
	bs := m.Buttons()
	if len(bs) == 0 {
		return 0, false
	}
	a, err := parseAction(bs[0].CallbackData)
	return a.counter, err == nil
}

// TestGroupClassicMatch plays "/duel classic 3pt" in a group to its end
// with doubles at random, a take, a redouble and drops, a resignation in
// the Crawford game and a restart between games: every caption shows the match, the
// Crawford game offers no ⏫, the cube never passes 64, the score and the
// cube survive the restart, the next game starts by itself after its
// pause or at 🔁, and the match ends once a player has 3.
func TestGroupClassicMatch(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	id, b := h.groupDuel("classic 3pt 0")
	rng := rand.New(rand.NewPCG(3, 5))
	restarted, waited := false, false
	users := []telegramtest.User{alice, bob}
	for taps := 0; ; taps++ {
		if taps > 300 {
			t.Fatal("the match took too many taps")
		}
		g := h.load(id).Game
		if g.Done() {
			break
		}
		m := h.waitBoard(b.ID, func(m telegramtest.Message) bool {
			c, ok := counterOf(m)
			return ok && c == g.Counter()
		})
		sc := g.Score()
		line := locales.T(locales.EN, "caption.match", map[string]any{"Length": 3, "Number": g.Match().Number,
			"Name1": "Alice", "Score1": sc[0], "Score2": sc[1], "Name2": "Bob"})
		if !strings.Contains(m.Text, line) {
			t.Fatalf("the caption does not show the match %q: %q", line, m.Text)
		}
		if g.Cube().Value > game.MaxCube {
			t.Fatalf("cube %d", g.Cube().Value)
		}
		decider := userOf(t, g.Player(g.Decider()).UserID, alice, bob)
		switch {
		case g.Over():
			if !restarted {
				// A restart between games keeps the match as it was.
				h.restart()
				restarted = true
				if after := h.load(id).Game; after.Score() != sc || after.Counter() != g.Counter() {
					t.Fatalf("after a restart: %v at %d, was %v at %d", after.Score(), after.Counter(), sc, g.Counter())
				}
			}
			if !waited {
				// The next game begins by itself after the pause.
				waited = true
				h.waitBoard(b.ID, func(m telegramtest.Message) bool {
					c, ok := counterOf(m)
					return ok && c > g.Counter()
				})
				continue
			}
			h.wantAnswer(users[rng.IntN(2)], b.ID, opButton(t, m, opNext).CallbackData, "", false)
		case g.Phase() == game.PhaseCube:
			if g.Crawford() {
				t.Fatal("a cube decision in the Crawford game")
			}
			op := opRoll
			if rng.IntN(10) < 9 {
				op = opDouble
			}
			h.wantAnswer(decider, b.ID, opButton(t, m, op).CallbackData, "", false)
		case g.Phase() == game.PhaseDoubled:
			// The first double of the match is taken and the redouble
			// dropped: game 1 is worth 2, and the Crawford game follows.
			op := opDrop
			if g.Match().Number == 1 && g.Cube().Value == 1 {
				op = opTake
			}
			h.wantAnswer(decider, b.ID, opButton(t, m, op).CallbackData, "", false)
		case g.Crawford():
			if hasOp(m, opDouble) {
				t.Fatal("⏫ in the Crawford game")
			}
			if cubeLine := strings.Split(en("caption.cube"), "{{")[0]; strings.Contains(m.Text, cubeLine) {
				t.Errorf("the Crawford game's caption shows a cube: %q", m.Text)
			}
			// Nobody doubles in the Crawford game: a player resigns it.
			h.wantAnswer(decider, b.ID, opButton(t, m, opResign).CallbackData, "", false)
			q := h.waitBoard(b.ID, func(m telegramtest.Message) bool { return hasOp(m, opResignOK) })
			h.wantAnswer(decider, b.ID, opButton(t, q, opResignOK).CallbackData, "", false)
		case g.Phase() == game.PhaseMoving:
			if a := h.tap(decider, b.ID, steps(m)[0].CallbackData); a.Text != "" && a.Text != en("toast.stale") {
				t.Fatalf("a legal step was refused: %q", a.Text)
			}
		default:
			h.waitBoard(b.ID, func(m telegramtest.Message) bool {
				c, ok := counterOf(m)
				return ok && c > g.Counter()
			})
		}
	}
	rec := h.load(id)
	g := rec.Game
	w, _ := g.Winner()
	if rec.Status != store.StatusFinished || g.Score()[w] < 3 || g.Score()[w.Other()] >= 3 {
		t.Fatalf("the match ended %s at %v", rec.Status, g.Score())
	}
	t.Logf("the match ended %v after %d games", g.Score(), g.Match().Number)
	crawford := false
	for _, p := range append(g.Past(), game.PastGame{Match: g.Match(), Cubes: g.Cubes()}) {
		if p.Match.Crawford {
			crawford = true
			if len(p.Cubes) > 0 {
				t.Errorf("cube actions in the Crawford game: %+v", p.Cubes)
			}
		}
	}
	if !crawford {
		t.Error("no Crawford game")
	}
	final := h.waitBoard(b.ID, func(m telegramtest.Message) bool { return hasOp(m, opRematch) })
	sc := g.Score()
	want := locales.T(locales.EN, "result.match_name", map[string]any{"Name": g.Player(w).Name, "Score1": sc[w], "Score2": sc[w.Other()]})
	if !strings.Contains(final.Text, want) {
		t.Errorf("the last caption does not name the match's winner %q: %q", want, final.Text)
	}
	if n := h.photos(group.ID); n != 1 {
		t.Errorf("%d board messages for one match", n)
	}
}

// TestMatchAgainstTheComputer: "/play beginner 3pt" is a nardi match: the
// caption shows it, and after the first game the next begins on the same
// board at 🔁.
func TestMatchAgainstTheComputer(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	u := telegramtest.User{ID: 6116, FirstName: "Ani", LanguageCode: "en"}
	h.srv.SendText(u, u.Private(), "/play beginner 3pt")
	b := h.board(u.ID)
	if !strings.Contains(b.Text, "🏁") {
		t.Fatalf("no match in the caption: %q", b.Text)
	}
	m := h.waitBoard(b.ID, playable)
	h.wantAnswer(u, b.ID, opButton(t, m, opResign).CallbackData, "", false)
	q := h.waitBoard(b.ID, func(m telegramtest.Message) bool { return hasOp(m, opResignOK) })
	h.wantAnswer(u, b.ID, opButton(t, q, opResignOK).CallbackData, "", false)
	over := h.waitBoard(b.ID, func(m telegramtest.Message) bool { return hasOp(m, opNext) })
	if !strings.Contains(over.Text, en("result.next_game")) {
		t.Errorf("the finished game does not announce the next: %q", over.Text)
	}
	id := h.gameIn(u.ID, u.ID)
	h.wantAnswer(u, b.ID, opButton(t, over, opNext).CallbackData, "", false)
	h.waitBoard(b.ID, func(m telegramtest.Message) bool { return !hasOp(m, opNext) && len(m.Buttons()) > 0 })
	g := h.load(id).Game
	if g.Match().Number != 2 || g.Score() != [2]int{0, 2} || g.Over() {
		t.Fatalf("after 🔁: game %d at %v, over %v", g.Match().Number, g.Score(), g.Over())
	}
	if n := h.photos(u.ID); n != 1 {
		t.Errorf("%d boards for one match", n)
	}
}

// TestDuelMenu: the /start menu's duel button offers the game and the
// length; a choice edits the menu in place, and the link is made on the
// terms chosen, for the menu's own person only.
func TestDuelMenu(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	u := telegramtest.User{ID: 6226, FirstName: "Tamar", LanguageCode: "en"}
	other := telegramtest.User{ID: 6227, FirstName: "Zura", LanguageCode: "en"}
	h.srv.SendText(u, u.Private(), "/start")
	m := h.waitText(u.ID, "Tamar")
	duel := action{op: opMenu, arg: "duel"}.String()
	h.wantAnswer(u, m.ID, duel, "", false)
	menu := h.waitText(u.ID, en("duel.choose")[:20])
	classic := ""
	for _, b := range menu.Buttons() {
		if strings.HasPrefix(b.CallbackData, opDuelTerms+":") && strings.Contains(b.CallbackData, ":c0/") {
			classic = b.CallbackData
		}
	}
	if classic == "" {
		t.Fatalf("no classic choice in %v", menu.Buttons())
	}
	h.wantAnswer(other, menu.ID, classic, en("toast.not_your_menu"), true)
	h.wantAnswer(u, menu.ID, classic, "", false)
	edited := h.waitBoard(menu.ID, func(m telegramtest.Message) bool {
		return hasOp(m, opInvite) && strings.Contains(opButton(t, m, opInvite).CallbackData, ":c0")
	})
	h.wantAnswer(u, menu.ID, opButton(t, edited, opInvite).CallbackData, "", false)
	invite := h.waitText(u.ID, "t.me/")
	if !strings.Contains(invite.Text, en("terms.classic")) {
		t.Errorf("the invitation does not say classic: %q", invite.Text)
	}
}
