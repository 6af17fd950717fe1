package bot

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	tg "github.com/go-telegram/bot"

	"nardi/bot/telegramtest"
	"nardi/store"
)

func TestGroupBudget(t *testing.T) {
	var l chatLane
	now := time.Now()
	// A group's calls go one gap apart, never in a burst.
	if d := l.wait(-5, now); d != 0 {
		t.Fatalf("the first call waits %s", d)
	}
	l.sent = append(l.sent, now)
	if d := l.wait(-5, now.Add(time.Second)); d != groupGap-time.Second {
		t.Errorf("the next call waits %s, want %s", d, groupGap-time.Second)
	}
	// Calls one gap apart never spend more than a minute's budget in a
	// minute, and never have to wait for it.
	var m chatLane
	at := now
	for i := range 3 * groupPerMinute {
		if d := m.wait(-5, at); d != 0 {
			t.Fatalf("call %d one gap after the last waits %s", i, d)
		}
		m.sent = append(m.sent, at)
		in := 0
		for _, t := range m.sent {
			if at.Sub(t) <= time.Minute {
				in++
			}
		}
		if in > groupPerMinute {
			t.Fatalf("%d calls within a minute", in)
		}
		at = at.Add(groupGap)
	}
	// The minute's budget holds even if calls came closer.
	var b chatLane
	for i := range groupPerMinute {
		b.sent = append(b.sent, now.Add(time.Duration(i)*time.Second))
	}
	if d := b.wait(-5, now.Add(30*time.Second)); d != 30*time.Second {
		t.Errorf("the 21st call waits %s, want 30s", d)
	}
	// A private chat is not paced ahead, but honours a retry_after.
	var p chatLane
	p.sent = append(p.sent, now, now)
	if d := p.wait(5, now); d != 0 {
		t.Errorf("a private call waits %s", d)
	}
	p.until = now.Add(90 * time.Second)
	if d := p.wait(5, now); d != 90*time.Second {
		t.Errorf("retry_after not honoured: %s", d)
	}
}

// TestBoardsGoFirst: in a group, a reply to a command waits while a board
// edit waits, and while the board is busy. The order does not depend on
// the length of the gaps: the lane keeps quickPace.
func TestBoardsGoFirst(t *testing.T) {
	l := chatLane{pace: quickPace}
	ctx := context.Background()
	if err := l.acquire(ctx, -7, true); err != nil {
		t.Fatal(err)
	}
	order := make(chan string, 2)
	go func() {
		if l.acquire(ctx, -7, false) == nil {
			order <- "reply"
			l.release()
		}
	}()
	time.Sleep(50 * time.Millisecond) // the reply waits first
	go func() {
		if l.acquire(ctx, -7, true) == nil {
			order <- "board"
			l.release()
		}
	}()
	time.Sleep(50 * time.Millisecond)
	l.release()
	first, second := <-order, <-order
	if first != "board" || second != "reply" {
		t.Fatalf("order %s, %s", first, second)
	}
}

// TestRetryAfterOutlivesRestart: a 429 in a chat is written to the
// database, and a bot started again sends nothing to that chat before the
// retry_after it remembers ends.
func TestRetryAfterOutlivesRestart(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
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

// TestOnlyBoardsWaitsCredited: a 429 on a reply (a player's spam of
// commands) gives no clock time back; a 429 on a board does, once.
func TestOnlyBoardsWaitsCredited(t *testing.T) {
	t.Parallel() // it waits mostly on a retry_after
	srv := telegramtest.NewServer()
	defer srv.Close()
	api, err := tg.New(telegramtest.Token, tg.WithServerURL(srv.URL), tg.WithSkipGetMe())
	if err != nil {
		t.Fatal(err)
	}
	u := telegramtest.User{ID: 7117, FirstName: "Ani", LanguageCode: "en"}
	var mu sync.Mutex
	var credited []time.Duration
	s := NewSender(api, slog.New(slog.DiscardHandler))
	s.OnWait = func(ctx context.Context, from, until time.Time) {
		if bm, ok := ctx.Value(boardKey{}).(store.Board); !ok || bm.GameID != 42 {
			t.Errorf("a wait was told without its board: %v", ctx.Value(boardKey{}))
		}
		mu.Lock()
		credited = append(credited, until.Sub(from))
		mu.Unlock()
	}
	board := withBoard(context.Background(), store.Board{GameID: 42})
	ctx := context.Background()
	srv.Fail("sendMessage", 1, 429)
	sent := make(chan error, 1)
	go func() {
		_, err := s.SendText(ctx, u.ID, "hello", Keyboard{})
		sent <- err
	}()
	// Nor when the next board meets the same retry_after.
	time.Sleep(300 * time.Millisecond)
	if err := s.Ready(board, u.ID); err != nil {
		t.Fatal(err)
	}
	if err := <-sent; err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	if len(credited) != 0 {
		t.Errorf("a reply's 429 credited %v", credited)
	}
	mu.Unlock()
	srv.Fail("sendPhoto", 1, 429)
	if _, err := s.SendPhoto(board, u.ID, []byte("png"), "caption", Keyboard{}); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(credited) != 1 || credited[0] <= 0 || credited[0] > time.Second {
		t.Errorf("a board's 429 of 1 s credited %v, want it once", credited)
	}
}
