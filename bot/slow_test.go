package bot

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"nardi/bot/telegramtest"
)

// TestSlowGroupDuel: in an untimed group duel whose player on turn stops,
// he alone gets one private reminder (naming the opponent and the group,
// with a link to the board); after the idle limit the other is offered 🏆
// and wins by it, and the idle player cannot claim.
func TestSlowGroupDuel(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := launch(t, &harness{configure: func(c *Config) { c.RemindAfter, c.IdleClaim = 6*time.Second, 10*time.Second }})
	h.welcomed(alice, bob)
	id, board := h.groupDuel("0") // the first board is drawn before the reminder is due
	rec := h.load(id)
	if rec.Game.Options().Clock.Enabled() {
		t.Fatalf("/duel 0 has a clock: %+v", rec.Game.Options())
	}
	idle := userOf(t, rec.Game.Player(rec.Game.Decider()).UserID, alice, bob)
	waiting := bob
	if idle.ID == bob.ID {
		waiting = alice
	}
	reminder := h.waitText(idle.ID, "⏳")
	if !strings.Contains(reminder.Text, waiting.FirstName) || !strings.Contains(reminder.Text, group.Title) {
		t.Errorf("the reminder: %q", reminder.Text)
	}
	if b := reminder.Buttons(); len(b) != 1 || !strings.Contains(b[0].URL, "/"+strconv.Itoa(board.ID)) {
		t.Errorf("the reminder's link: %+v", b)
	}
	over := h.waitBoard(board.ID, func(m telegramtest.Message) bool { return hasOp(m, opClaim) })
	if !strings.Contains(over.Text, idle.FirstName) {
		t.Errorf("the caption does not name the idle player: %q", over.Text)
	}
	count := func(u telegramtest.User) (n int) {
		for _, m := range h.srv.Messages(u.ID) {
			if strings.HasPrefix(m.Text, "⏳") {
				n++
			}
		}
		return n
	}
	if count(idle) != 1 || count(waiting) != 0 {
		t.Fatalf("reminders: %d to the idle player, %d to the one waiting", count(idle), count(waiting))
	}
	claim := opButton(t, over, opClaim).CallbackData
	h.wantAnswer(idle, board.ID, claim, en("toast.claim_opponent_only"), true)
	h.wantAnswer(waiting, board.ID, claim, "", false)
	h.waitBoard(board.ID, func(m telegramtest.Message) bool { return hasOp(m, opRematch) })
	g := h.load(id).Game
	if res, over := g.Result(); !over || g.Player(res.Winner).UserID != waiting.ID {
		t.Fatalf("result %+v", res)
	}
}

// TestReminderToABlockedPlayer: a reminder that Telegram refuses with 403
// (the player on turn has blocked the bot since /start) marks that player
// as one the bot may not write to first, as a refused invitation does;
// the player waiting is left as they were.
func TestReminderToABlockedPlayer(t *testing.T) {
	t.Parallel() // it waits mostly on the reminder's delay
	h := launch(t, &harness{configure: func(c *Config) { c.RemindAfter = 3 * time.Second }})
	h.welcomed(alice, bob)
	id, _ := h.groupDuel("0")
	rec := h.load(id)
	idle := userOf(t, rec.Game.Player(rec.Game.Decider()).UserID, alice, bob)
	waiting := bob
	if idle.ID == bob.ID {
		waiting = alice
	}
	h.srv.Block(idle.ID)
	deadline := time.Now().Add(wait)
	for {
		u, err := h.st.User(context.Background(), idle.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !u.Started {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s, who blocked the bot, is still marked as reachable after the reminder", idle.FirstName)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if u, err := h.st.User(context.Background(), waiting.ID); err != nil || !u.Started {
		t.Errorf("the player waiting is no longer reachable: %+v, %v", u, err)
	}
	for _, m := range h.srv.Messages(idle.ID) {
		if strings.HasPrefix(m.Text, "⏳") {
			t.Errorf("a reminder reached a blocked player: %q", m.Text)
		}
	}
}
