package bot

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"nardi/bot/telegramtest"
	"nardi/game"
	"nardi/locales"
	"nardi/record"
)

// TestDiceRecordAndPosition: a game against the computer with its own
// dice shows the commitment in its first caption; /verify and /position
// answer during the game without the seed; after a resignation /verify
// reveals the seed, which matches the commitment and gives every roll of
// the record /export sends, and the record replays to the final board.
func TestDiceRecordAndPosition(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarnessRolling(t, nil)
	u := telegramtest.User{ID: 7117, FirstName: "Nino", LanguageCode: "en"}
	h.srv.SendText(u, u.Private(), "/verify")
	h.waitText(u.ID, en("error.no_game_here"))
	h.srv.SendText(u, u.Private(), "/play beginner classic")
	b := h.board(u.ID)
	id := h.gameIn(u.ID, u.ID)
	g := h.load(id).Game
	commitment := g.DiceCommitment()
	if !g.Verifiable() || !strings.Contains(b.Text, commitment[:16]) {
		t.Fatalf("the first caption lacks the commitment %s: %q", commitment[:16], b.Text)
	}
	h.srv.SendText(u, u.Private(), "/verify")
	during := h.waitText(u.ID, commitment)
	if strings.Contains(during.Text, "Seed: <code>") {
		t.Fatalf("the seed is shown during the game: %q", during.Text)
	}
	h.srv.SendText(u, u.Private(), "/position")
	pos := h.waitText(u.ID, "Position ID")
	if !strings.Contains(pos.Text, "Match ID: <code>") {
		t.Errorf("/position: %q", pos.Text)
	}

	// A few turns, then resign.
	for i := 0; i < 3; i++ {
		m := h.waitBoard(b.ID, func(m telegramtest.Message) bool { return len(steps(m)) > 0 || hasOp(m, opRoll) })
		if hasOp(m, opRoll) {
			h.tap(u, b.ID, opButton(t, m, opRoll).CallbackData)
			continue
		}
		h.tap(u, b.ID, steps(m)[0].CallbackData)
	}
	h.srv.SendText(u, u.Private(), "/resign")
	q := h.waitText(u.ID, "Resign")
	h.wantAnswer(u, q.ID, opButton(t, q, opResignOK).CallbackData, "", false)
	over := h.waitBoard(b.ID, func(m telegramtest.Message) bool { return hasOp(m, opRematch) })
	g = h.load(id).Game
	// 🔍 answers at once and the review follows.
	h.wantAnswer(u, b.ID, opButton(t, over, opReview).CallbackData, en("toast.review_working"), false)
	rv := h.waitText(u.ID, "🔍 <b>")
	if !strings.Contains(rv.Text, "Error rate") && !strings.Contains(rv.Text, en("review.no_decisions")) {
		t.Errorf("the review: %q", rv.Text)
	}
	seed, shown := g.DiceSeed()
	if !shown {
		t.Fatal("no seed after the end")
	}
	// The fair-dice button under the finished board: the seed, at a tap.
	if a := h.tap(u, b.ID, opButton(t, over, opDice).CallbackData); !a.ShowAlert || !strings.Contains(a.Text, seed) {
		t.Errorf("the fair-dice button answered %+v", a)
	}
	// The same button on another message (a forged tap) tells nothing.
	if a := h.tap(u, rv.ID, opButton(t, over, opDice).CallbackData); strings.Contains(a.Text, seed) {
		t.Errorf("the fair-dice button on another message answered %+v", a)
	}
	h.srv.SendText(u, u.Private(), "/verify")
	after := h.waitText(u.ID, seed)
	if !strings.Contains(after.Text, commitment) {
		t.Errorf("/verify after the end: %q", after.Text)
	}

	h.srv.SendText(u, u.Private(), "/export")
	doc, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool { return m.ChatID == u.ID && m.Document != nil })
	if !ok {
		t.Fatal("no record sent")
	}
	if doc.DocumentName != fmt.Sprintf("nardi-%d.mat", id) || !strings.Contains(doc.Text, "GNU Backgammon") {
		t.Errorf("record %q with caption %q", doc.DocumentName, doc.Text)
	}
	p, err := record.Parse(bytes.NewReader(doc.Document))
	if err != nil {
		t.Fatal(err)
	}
	if p.Header["Game 1 Dice Seed"] != seed || p.Header["Game 1 Dice Commitment"] != commitment || p.Header["Game 1 Id"] != g.DiceID() {
		t.Fatalf("header %v", p.Header)
	}
	final, err := record.Replay(p.Games[0], g.Options().Game(), g.Options().Rules)
	if err != nil || final != g.Board() {
		t.Fatalf("the record replays to %s (%v), the game ended at %s", final.PositionID(), err, g.Board().PositionID())
	}
	s, _ := game.ParseSeed(seed)
	k := 1
	for i, a := range p.Games[0].Actions {
		if a.Cube != "" {
			continue
		}
		d := game.FairThrow(s, g.DiceID(), k)
		k++
		// The opening throw is thrown again while it is a tie, however
		// many times.
		for i == 0 && d[0] == d[1] {
			d = game.FairThrow(s, g.DiceID(), k)
			k++
		}
		if d != a.Dice {
			t.Fatalf("roll %d: the record has %v, the seed gives %v", i+1, a.Dice, d)
		}
	}
	if p.Games[0].Winner != 1 || locales.T(locales.EN, "export.caption", nil) != doc.Text {
		t.Errorf("winner %d, caption %q", p.Games[0].Winner, doc.Text)
	}
}
