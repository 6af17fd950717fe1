package bot

import (
	"context"
	"testing"
	"time"

	"nardi/bot/telegramtest"
	"nardi/store"
)

func TestGroupBudget(t *testing.T) {
	var l chatLane
	now := time.Now()
	for i := 0; i < groupPerMinute; i++ {
		if d := l.wait(-5, now); d != 0 {
			t.Fatalf("call %d must wait %s", i, d)
		}
		l.sent = append(l.sent, now.Add(time.Duration(i)*time.Second))
	}
	// The 21st call in a minute waits until the first is a minute old.
	if d := l.wait(-5, now.Add(30*time.Second)); d != 30*time.Second {
		t.Errorf("21st call waits %s, want 30s", d)
	}
	// A private chat has no such budget.
	if d := l.wait(5, now.Add(30*time.Second)); d != 0 {
		t.Errorf("private chat waits %s", d)
	}
	l.until = now.Add(90 * time.Second)
	if d := l.wait(5, now); d != 90*time.Second {
		t.Errorf("retry_after not honoured: %s", d)
	}
}

// TestRetryAfterOutlivesRestart: a 429 in a chat is written to the
// database, and a bot started again sends nothing to that chat before the
// retry_after it remembers ends.
func TestRetryAfterOutlivesRestart(t *testing.T) {
	h := newHarness(t)
	u := telegramtest.User{ID: 7007, FirstName: "Ana", LanguageCode: "en"}
	h.srv.RetryAfter = 1
	h.srv.Fail("sendMessage", 1, 429)
	h.srv.SendText(u, u.Private(), "/help")
	h.waitText(u.ID, "❓")
	limits, err := h.st.RateLimits(context.Background(), time.Now().Add(-time.Minute))
	if err != nil || limits[u.ID].IsZero() {
		t.Fatalf("the retry_after was not recorded: %v, %v", limits, err)
	}

	h.stop()
	st, err := store.Open(context.Background(), h.dbPath, store.Config{})
	if err != nil {
		t.Fatal(err)
	}
	until := time.Now().Add(2 * time.Second)
	if err := st.SetRateLimit(context.Background(), u.ID, until); err != nil {
		t.Fatal(err)
	}
	st.Close()
	h.start()
	before := len(h.srv.Calls("sendMessage"))
	h.srv.SendText(u, u.Private(), "/rules")
	h.waitText(u.ID, "📖")
	calls := h.srv.Calls("sendMessage")
	if len(calls) <= before || calls[before].At.Before(until) {
		t.Errorf("the bot wrote to the chat %s before the remembered retry_after ended", until.Sub(calls[before].At))
	}
}
