package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"nardi/bot/telegramtest"
	"nardi/locales"
)

// TestBystanderChangesNothing: in a group where two people play, a member
// who plays in no game presses every button of every message there (the
// board, the players' menus, a resignation question, challenges) and
// floods the group with /duel and /help: nothing of anyone else's
// changes, he holds one open challenge at most, and the game goes on.
func TestBystanderChangesNothing(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	id, b := h.groupDuel("0")
	h.waitBoard(b.ID, playable)
	// The accepted challenge is closed when the group is quiet: wait for
	// it, so that only the bystander could change anything after.
	started := locales.T(locales.EN, "duel.started", map[string]any{"Name1": "Alice", "Name2": "Bob"})
	if _, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool { return m.ChatID == group.ID && m.Text == started }); !ok {
		t.Fatal("the accepted challenge was not closed")
	}
	// Alice's own menus and a question in the group.
	h.srv.SendText(alice, group, "/settings")
	h.waitText(group.ID, "⚙")
	h.srv.SendText(alice, group, "/lang")
	h.waitText(group.ID, "🌐")
	h.srv.SendText(alice, group, "/resign")
	if _, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool { return m.ChatID == group.ID && hasOp(*m, opResignOK) }); !ok {
		t.Fatal("no resignation question")
	}
	before := map[int]telegramtest.Message{}
	for _, m := range h.srv.Messages(group.ID) {
		before[m.ID] = m
	}
	settings, _ := h.st.User(context.Background(), alice.ID)
	counter := h.load(id).Game.Counter()

	// Carol presses everything.
	pressed := 0
	for _, m := range before {
		for _, btn := range m.Buttons() {
			if btn.CallbackData == "" {
				continue
			}
			pressed++
			if a := h.tap(carol, m.ID, btn.CallbackData); a.Text == "" {
				t.Errorf("carol's tap of %q on message %d was taken silently", btn.CallbackData, m.ID)
			}
		}
	}
	if pressed < 8 {
		t.Fatalf("only %d buttons to press", pressed)
	}
	// And floods the group.
	for range 25 {
		h.srv.SendText(carol, group, "/duel")
	}
	for range 10 {
		h.srv.SendText(carol, group, "/help")
	}
	time.Sleep(3 * time.Second)

	for _, m := range h.srv.Messages(group.ID) {
		old, ok := before[m.ID]
		if !ok {
			continue
		}
		if m.Deleted || m.Text != old.Text || len(m.Buttons()) != len(old.Buttons()) {
			t.Errorf("message %d changed: %q -> %q (deleted %v)", m.ID, firstLine(old.Text), firstLine(m.Text), m.Deleted)
		}
	}
	if after, _ := h.st.User(context.Background(), alice.ID); after.Settings != settings.Settings || after.Language != settings.Language {
		t.Errorf("alice's settings changed: %+v -> %+v", settings.Settings, after.Settings)
	}
	if h.load(id).Game.Counter() != counter {
		t.Error("the game changed")
	}
	if n, err := h.st.OpenChallengesBy(context.Background(), carol.ID, group.ID, time.Now()); err != nil || n > 1 {
		t.Errorf("carol holds %d open challenges (%v)", n, err)
	}
	challenges := 0
	for _, m := range h.srv.Messages(group.ID) {
		if strings.Contains(m.Text, "Carol") && hasOp(m, opAccept) {
			challenges++
		}
	}
	if challenges > 1 {
		t.Errorf("%d challenges of carol's were posted", challenges)
	}
	// The players play on.
	if !h.stepAsTurn(id, b.ID, alice, bob) {
		t.Error("the game does not go on")
	}
}

// TestQuickSettingsBothHold: two settings tapped at once both hold.
func TestQuickSettingsBothHold(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	u := telegramtest.User{ID: 9009, FirstName: "Tamar", LanguageCode: "en"}
	h.srv.SendText(u, u.Private(), "/settings")
	m := h.waitText(u.ID, "⚙")
	var home, layout string
	for _, btn := range m.Buttons() {
		switch {
		case strings.HasSuffix(btn.CallbackData, "home:left"):
			home = btn.CallbackData
		case strings.HasSuffix(btn.CallbackData, "layout:portrait"):
			layout = btn.CallbackData
		}
	}
	q1, q2 := h.srv.Tap(u, m.ID, home), h.srv.Tap(u, m.ID, layout)
	h.srv.WaitAnswer(q1, wait)
	h.srv.WaitAnswer(q2, wait)
	got, err := h.st.User(context.Background(), u.ID)
	if err != nil || !got.Settings.HomeLeft || !got.Settings.Portrait {
		t.Fatalf("settings %+v, %v", got.Settings, err)
	}
}

// TestMenuTapsBounded: the taps on a person's menu in a group count as
// their commands do, and a menu button forged to name another command is
// refused.
func TestMenuTapsBounded(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	h.srv.SendText(alice, group, "/start")
	menu, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool { return m.ChatID == group.ID && hasOp(*m, opMenu) })
	if !ok {
		t.Fatal("no menu")
	}
	h.wantAnswer(alice, menu.ID, action{op: opMenu, arg: "export"}.String(), en("toast.unknown"), false)
	slow := 0
	for range chatterBurst + 2 {
		if a := h.tap(alice, menu.ID, action{op: opMenu, arg: "rules"}.String()); a.Text == en("toast.slow_down") {
			slow++
		}
	}
	// /start took one of the allowance, so at least three taps are over.
	if slow < 3 {
		t.Errorf("%d of %d menu taps refused, want at least 3", slow, chatterBurst+2)
	}
}
