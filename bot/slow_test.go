package bot

import (
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
	h := &harness{t: t, srv: telegramtest.NewServer(), dbPath: t.TempDir() + "/nardi.db"}
	h.configure = func(c *Config) { c.RemindAfter, c.IdleClaim = 6*time.Second, 10*time.Second }
	t.Cleanup(func() {
		h.stop()
		h.srv.Close()
	})
	h.start()
	for _, u := range []telegramtest.User{alice, bob} {
		h.srv.SendText(u, u.Private(), "/start")
		h.waitText(u.ID, u.FirstName)
	}
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
