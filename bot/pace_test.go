package bot

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"time"

	"nardi/bot/telegramtest"
)

// shownCounter reads the move counter a board edit's buttons were drawn
// for; false for an edit without game buttons.
func shownCounter(c telegramtest.Call) (uint32, bool) {
	var markup struct {
		InlineKeyboard [][]struct {
			CallbackData string `json:"callback_data"`
		} `json:"inline_keyboard"`
	}
	if json.Unmarshal([]byte(c.Fields["reply_markup"]), &markup) != nil {
		return 0, false
	}
	for _, row := range markup.InlineKeyboard {
		for _, b := range row {
			if a, err := parseAction(b.CallbackData); err == nil && a.game != 0 {
				return a.counter, true
			}
		}
	}
	return 0, false
}

// groupPlay is what two players tapping on a group's board saw.
type groupPlay struct {
	accepted int             // taps the bot took
	latency  []time.Duration // from each accepted tap to the first edit showing it
	edits    int             // edits of the board
	turns    int             // turns completed
	unseen   int             // accepted taps no edit showed (the game ended)
}

// playGroup has the players on turn tap a random step of the board they
// see every 0.55 to 1.65 s, n times, with a bystander trying now and then,
// then measures how soon the board showed each accepted tap.
func (h *harness) playGroup(id int64, board int, n int, rng *rand.Rand) groupPlay {
	h.t.Helper()
	type tapped struct {
		at      time.Time
		counter uint32
	}
	var accepted []tapped
	for taps := 0; taps < n && !h.load(id).Game.Over(); taps++ {
		time.Sleep(time.Duration(550+rng.IntN(1100)) * time.Millisecond)
		m, _ := h.srv.Message(board)
		s := steps(m)
		if len(s) == 0 {
			continue
		}
		rec := h.load(id)
		mover := userOf(h.t, rec.Game.Player(rec.Game.Turn()).UserID, alice, bob)
		if taps%7 == 3 {
			h.wantAnswer(carol, board, s[0].CallbackData, en("toast.not_player"), true)
		}
		at := time.Now()
		if a := h.tap(mover, board, s[rng.IntN(len(s))].CallbackData); a.Text == "" {
			accepted = append(accepted, tapped{at, h.load(id).Game.Counter()})
		}
	}
	edited := func() []telegramtest.Call {
		var edits []telegramtest.Call
		for _, c := range h.srv.Calls("editMessageMedia") {
			if c.Fields["message_id"] == strconv.Itoa(board) {
				edits = append(edits, c)
			}
		}
		return edits
	}
	// The board catches up with the last accepted tap, however busy the
	// machine; a finished game's last edits get two gaps.
	shows := func(c uint32) bool {
		for _, e := range edited() {
			if got, ok := shownCounter(e); ok && got >= c {
				return true
			}
		}
		return false
	}
	for deadline := time.Now().Add(wait); len(accepted) > 0 && !shows(accepted[len(accepted)-1].counter); time.Sleep(50 * time.Millisecond) {
		if h.load(id).Game.Over() {
			time.Sleep(2 * groupGap)
			break
		}
		if time.Now().After(deadline) {
			break
		}
	}
	edits := edited()
	out := groupPlay{accepted: len(accepted), edits: len(edits), turns: len(h.load(id).Game.History())}
	for _, tp := range accepted {
		seen := false
		for _, e := range edits {
			if c, ok := shownCounter(e); ok && c >= tp.counter && !e.At.Before(tp.at) {
				out.latency = append(out.latency, e.At.Sub(tp.at))
				seen = true
				break
			}
		}
		if !seen {
			out.unseen++
		}
	}
	return out
}

// TestGroupBoardFollowsTaps: two players tap about once a second on a
// group's board, with Telegram's limits enforced and a bystander trying
// his luck; every accepted tap shows on the board within 4 s, and nothing
// is sent during a retry_after.
func TestGroupBoardFollowsTaps(t *testing.T) {
	t.Parallel() // it waits mostly on the players' pace and the group's
	h := newPacedHarness(t)
	h.srv.SetRateLimit(true)
	id, b := h.groupDuel("0")
	p := h.playGroup(id, b.ID, 35, rand.New(rand.NewPCG(5, 8)))
	if p.accepted < 10 {
		t.Fatalf("only %d taps were accepted", p.accepted)
	}
	if p.unseen > 0 && !h.load(id).Game.Over() {
		t.Fatalf("%d accepted taps never showed", p.unseen)
	}
	worst := slices.Max(p.latency)
	t.Logf("%d accepted taps, %d edits, %d turns, worst tap to board %s", p.accepted, p.edits, p.turns, worst)
	if worst > 4*time.Second {
		t.Errorf("a tap waited %s for the board", worst)
	}
	if v := h.srv.Violated(); len(v) > 0 {
		t.Errorf("requests during a retry_after: %v", v)
	}
}

// BenchmarkGroupDuel plays a group duel at human speed under Telegram's
// limits and reports the board edits a turn and the time from a tap to
// the board that shows it (about two minutes).
func BenchmarkGroupDuel(b *testing.B) {
	for range b.N {
		h := newPacedHarness(b)
		h.srv.SetRateLimit(true)
		id, board := h.groupDuel("0")
		p := h.playGroup(id, board.ID, 110, rand.New(rand.NewPCG(9, 4)))
		slices.Sort(p.latency)
		pct := func(q float64) time.Duration { return p.latency[int(q*float64(len(p.latency)-1))] }
		b.ReportMetric(float64(p.edits)/float64(max(p.turns, 1)), "edits/turn")
		b.ReportMetric(pct(0.5).Seconds(), "p50-s")
		b.ReportMetric(pct(0.95).Seconds(), "p95-s")
		b.ReportMetric(pct(1).Seconds(), "max-s")
		b.ReportMetric(float64(p.turns), "turns")
		h.stop()
	}
}

// TestStaleKeyboardInAGroup: on a group's board a player may tap ahead of
// the edit: another step of the keyboard they see is taken, the same
// button twice counts once.
func TestStaleKeyboardInAGroup(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	id, b := h.groupDuel("0")
	m := h.waitBoard(b.ID, playable)
	rec := h.load(id)
	mover := userOf(t, rec.Game.Player(rec.Game.Turn()).UserID, alice, bob)
	s := steps(m)
	first := s[0]
	h.wantAnswer(mover, b.ID, first.CallbackData, "", false)
	h.wantAnswer(mover, b.ID, first.CallbackData, en("toast.stale"), false)
	after := h.load(id)
	if after.Game.Counter() != rec.Game.Counter()+1 && after.Game.Turn() == rec.Game.Turn() {
		t.Fatalf("the double tap applied twice: counter %d from %d", after.Game.Counter(), rec.Game.Counter())
	}
	// Another step of the same keyboard, if one is still possible, is
	// taken before the board shows the first.
	if after.Game.Turn() != rec.Game.Turn() {
		return // the first step ended the turn
	}
	next := after.Game.NextSteps()
	for _, b2 := range s[1:] {
		a, _ := parseAction(b2.CallbackData)
		st, _ := parseStepArg(a.arg)
		possible := false
		for _, n := range next {
			possible = possible || (n.From == st.From && n.To == st.To)
		}
		if !possible || b2.CallbackData == first.CallbackData {
			continue
		}
		h.wantAnswer(mover, b.ID, b2.CallbackData, "", false)
		if now := h.load(id); now.Game.Counter() <= after.Game.Counter() {
			t.Fatal("a step of the earlier keyboard was not taken")
		}
		return
	}
	t.Log("no second step of the first keyboard was still possible")
}
