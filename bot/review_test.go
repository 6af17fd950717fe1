package bot

import (
	"strings"
	"testing"
	"time"

	"nardi/bot/telegramtest"
)

// reviewTitle begins every review (review.title).
const reviewTitle = "🔍 <b>"

// reviews counts the reviews posted in the chats.
func (h *harness) reviews(chats ...int64) (n int, last telegramtest.Message) {
	for _, c := range chats {
		for _, m := range h.srv.Messages(c) {
			if strings.HasPrefix(m.Text, reviewTitle) {
				n, last = n+1, m
			}
		}
	}
	return n, last
}

// resignedAgainstComputer starts a game against the computer in the
// person's private chat, resigns it, and returns its board.
func (h *harness) resignedAgainstComputer(u telegramtest.User) telegramtest.Message {
	h.t.Helper()
	h.srv.SendText(u, u.Private(), "/play beginner")
	b := h.board(u.ID)
	// The computer may move between the question and the answer: then
	// the question is out of date, and asked again.
	for asked := 0; ; {
		h.srv.SendText(u, u.Private(), "/resign")
		q, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool {
			return m.ChatID == u.ID && m.ID > asked && hasOp(*m, opResignOK) && !m.Deleted
		})
		if !ok {
			h.t.Fatal("no resignation question")
		}
		asked = q.ID
		if a := h.tap(u, q.ID, opButton(h.t, q, opResignOK).CallbackData); a.Text == "" {
			break
		} else if a.Text != en("toast.stale") {
			h.t.Fatalf("the resignation answered %q", a.Text)
		}
	}
	return h.waitBoard(b.ID, func(m telegramtest.Message) bool { return hasOp(m, opReview) })
}

// TestReviewFlood: 🔍 tapped again and again and /review sent again and
// again give one review: each tap is answered at once (working, busy, or
// posted already), and a /review after it replies to the review posted.
func TestReviewFlood(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	u := telegramtest.User{ID: 7331, FirstName: "Tamar", LanguageCode: "en"}
	over := h.resignedAgainstComputer(u)
	data := opButton(t, over, opReview).CallbackData
	var queries []string
	for range 8 {
		queries = append(queries, h.srv.Tap(u, over.ID, data))
		h.srv.SendText(u, u.Private(), "/review")
	}
	working := 0
	for _, q := range queries {
		a, ok := h.srv.WaitAnswer(q, wait)
		switch {
		case !ok:
			t.Fatal("a 🔍 was not answered")
		case a.Text == en("toast.review_working"):
			working++
		case a.Text != en("toast.review_busy") && a.Text != en("toast.review_posted"):
			t.Fatalf("a 🔍 answered %q", a.Text)
		}
	}
	h.waitText(u.ID, reviewTitle)
	time.Sleep(500 * time.Millisecond) // any second review would be on its way
	if n, _ := h.reviews(u.ID); n != 1 || working > 1 {
		t.Fatalf("%d reviews posted, %d taps began one; chat: %q", n, working, texts(h.srv.Messages(u.ID)))
	}
	_, rv := h.reviews(u.ID)
	// It comes with its pictures, once: the game's story.
	graph, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool {
		return m.ChatID == u.ID && m.Photo != nil && strings.HasPrefix(m.Text, "📈")
	})
	if !ok || graph.ID < rv.ID {
		t.Fatal("no graph after the review")
	}
	time.Sleep(300 * time.Millisecond)
	graphs := 0
	for _, m := range h.srv.Messages(u.ID) {
		if m.Photo != nil && strings.HasPrefix(m.Text, "📈") {
			graphs++
		}
	}
	if graphs != 1 {
		t.Fatalf("%d graphs posted", graphs)
	}
	h.wantAnswer(u, over.ID, data, en("toast.review_posted"), false)
	h.srv.SendText(u, u.Private(), "/review")
	ptr, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool {
		return m.ChatID == u.ID && m.Text == en("review.posted")
	})
	if !ok || ptr.ReplyTo != rv.ID {
		t.Fatalf("a /review after the review: %+v, want a reply to message %d", ptr, rv.ID)
	}
	if n, _ := h.reviews(u.ID); n != 1 {
		t.Fatalf("%d reviews posted", n)
	}
}

// TestReviewTapsInGroup: 🔍 under a finished board in a group counts
// against the person's allowance there, as commands do: a few answers,
// then a short refusal (a toast, nothing posted), and one review in all.
func TestReviewTapsInGroup(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	_, board := h.groupDuel("")
	h.resignByCommand(alice, group) // one command of alice's allowance
	over := h.waitBoard(board.ID, func(m telegramtest.Message) bool { return hasOp(m, opReview) })
	data := opButton(t, over, opReview).CallbackData
	refused := 0
	for i := range 8 {
		a := h.tap(alice, over.ID, data)
		switch a.Text {
		case en("toast.slow_down"):
			refused++
		case en("toast.review_working"), en("toast.review_busy"), en("toast.review_posted"):
			if refused > 0 {
				t.Fatalf("tap %d answered %q after a refusal", i+1, a.Text)
			}
		default:
			t.Fatalf("tap %d answered %q", i+1, a.Text)
		}
	}
	// alice's /duel and /resign took two of the allowance's answers (one
	// may have come back on a slow machine).
	if accepted := 8 - refused; refused == 0 || accepted > chatterBurst-1 {
		t.Fatalf("%d of 8 taps answered, the allowance is %d", accepted, chatterBurst-2)
	}
	h.waitText(group.ID, reviewTitle)
	time.Sleep(500 * time.Millisecond)
	if n, _ := h.reviews(group.ID, alice.ID); n != 1 {
		t.Fatalf("%d reviews posted: %q", n, texts(h.srv.Messages(group.ID)))
	}
}

// TestReviewAfterANewGame: a game begun since does not hide the one just
// finished: 🔍 under its board and /review still review it; someone else's
// tap on that button begins nothing.
func TestReviewAfterANewGame(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	u := telegramtest.User{ID: 7332, FirstName: "Lasha", LanguageCode: "en"}
	over := h.resignedAgainstComputer(u)
	h.srv.SendText(u, u.Private(), "/play beginner")
	h.boardAfter(u.ID, over.ID)
	if a := h.tap(u, over.ID, opButton(t, over, opReview).CallbackData); a.Text != en("toast.review_working") {
		t.Fatalf("🔍 under the finished board, a new game on: %q", a.Text)
	}
	h.waitText(u.ID, reviewTitle)
	// Once it is all out (its pictures too), 🔍 says it is posted.
	for start := time.Now(); ; time.Sleep(200 * time.Millisecond) {
		a := h.tap(u, over.ID, opButton(t, over, opReview).CallbackData)
		if a.Text == en("toast.review_posted") {
			break
		}
		if time.Since(start) > wait {
			t.Fatalf("🔍 after the review answered %q", a.Text)
		}
	}
	h.srv.SendText(u, u.Private(), "/review")
	if _, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool {
		return m.ChatID == u.ID && m.Text == en("review.posted")
	}); !ok {
		t.Error("/review did not point to the finished game's review")
	}
	// Someone else tapping the same button (in their own chat) is refused.
	other := telegramtest.User{ID: 7333, FirstName: "Eka", LanguageCode: "en"}
	if a := h.tap(other, over.ID, opButton(t, over, opReview).CallbackData); a.Text == en("toast.review_working") {
		t.Error("a stranger's 🔍 began a review")
	}
}
