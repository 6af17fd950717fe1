package table

import (
	"database/sql"
	"errors"
	"strconv"
	"testing"
	"time"

	"nardi/game"
	"nardi/store"
)

// inlineCard is alice's card of the terms, as its ⚔ carries it.
func (f *fixture) inlineCard(opts game.Options) InlineCard {
	opts.WaitFirstMove = true
	return InlineCard{From: f.users["alice"].ID, Card: "c", Options: opts}
}

// inlineChat is the chat an inline message stands for.
func (f *fixture) inlineChat(t *testing.T, inlineID string) int64 {
	t.Helper()
	chat, err := f.st.InlineChat(ctx, inlineID, f.clock.now())
	if err != nil {
		t.Fatal(err)
	}
	return chat
}

// TestInlineCardOnItsOwnMessage: where Telegram told who posted a message
// and which card it was, a ⚔ of another person's card or of another card
// tapped on it is refused and changes nothing; the card's own is taken.
// Where it never told, the ⚔ is taken on trust and marked so.
func TestInlineCardOnItsOwnMessage(t *testing.T) {
	f := newFixture(t)
	alice, carol := f.users["alice"], f.users["carol"]
	chat, err := f.st.NotePosted(ctx, "posted", carol.ID, "c", f.clock.now())
	if err != nil {
		t.Fatal(err)
	}
	card := f.inlineCard(game.Options{})
	// alice's ⚔ on carol's card: a game with alice she never saw.
	_, err = f.s.AcceptInline(ctx, f.in("bob", chat, InlineMessage), card)
	wantCode(t, err, ErrNotThisCard)
	// carol's other card's ⚔ on this one: other terms than it shows.
	other := card
	other.From, other.Card = carol.ID, "other"
	_, err = f.s.AcceptInline(ctx, f.in("bob", chat, InlineMessage), other)
	wantCode(t, err, ErrNotThisCard)
	if ids, err := f.st.ActiveGames(ctx); err != nil || len(ids) != 0 {
		t.Fatalf("games after refused ⚔s: %v, %v", ids, err)
	}
	if _, err := f.st.ChallengeFrom(ctx, "inline:"+strconv.FormatInt(chat, 10)); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a refused ⚔ left a challenge: %v", err)
	}
	// The card's own ⚔.
	own := card
	own.From = carol.ID
	acc, err := f.s.AcceptInline(ctx, f.in("bob", chat, InlineMessage), own)
	if err != nil || acc.Unconfirmed || acc.Game.Game.Player(0).UserID != carol.ID {
		t.Fatalf("the card's own ⚔: %+v, %v", acc, err)
	}
	// No word from Telegram on this one: taken, on trust.
	acc, err = f.s.AcceptInline(ctx, f.in("dave", f.inlineChat(t, "unknown"), InlineMessage), card)
	if err != nil || !acc.Unconfirmed || acc.Game.Game.Player(0).UserID != alice.ID {
		t.Fatalf("a ⚔ on a message nobody told of: %+v, %v", acc, err)
	}
}

// TestInlineGameWithItsBoard: a game begun on a card and the card as its
// board are recorded together: a failure to record the board leaves no
// game (none nobody could see, with the taker's clock running) and the
// card open, and the ⚔ tapped again begins it.
func TestInlineGameWithItsBoard(t *testing.T) {
	f := newFixture(t)
	db, err := sql.Open("sqlite", f.path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TRIGGER no_boards BEFORE INSERT ON boards BEGIN SELECT RAISE(ABORT, 'the disk is full'); END`); err != nil {
		t.Fatal(err)
	}
	chat := f.inlineChat(t, "card")
	card := f.inlineCard(game.Options{Clock: game.DuelClock})
	if _, err := f.s.AcceptInline(ctx, f.in("bob", chat, InlineMessage), card); err == nil {
		t.Fatal("the ⚔ went through without its board")
	}
	if ids, err := f.st.ActiveGames(ctx); err != nil || len(ids) != 0 {
		t.Fatalf("a game left without its board: %v, %v", ids, err)
	}
	if _, err := db.Exec(`DROP TRIGGER no_boards`); err != nil {
		t.Fatal(err)
	}
	acc, err := f.s.AcceptInline(ctx, f.in("bob", chat, InlineMessage), card)
	if err != nil {
		t.Fatalf("the ⚔ again: %v", err)
	}
	boards, err := f.st.Boards(ctx, acc.Game.ID)
	if err != nil || len(boards) != 1 || boards[0].ChatID != chat || boards[0].MessageID != InlineMessage || boards[0].Viewer != store.SharedBoard {
		t.Fatalf("the game's boards: %+v, %v", boards, err)
	}
}

// TestInlineChallengerIdle: the challenger of a card who never plays is
// owed no reminder (their clock has not started: they may never have seen
// the game), and after the idle claim's time the taker may claim the game,
// whatever the clock, as against an idle player.
func TestInlineChallengerIdle(t *testing.T) {
	for _, opts := range []game.Options{{}, {Clock: game.TimeControl{Move: game.Day}}, {Clock: game.DuelClock}} {
		t.Run(opts.Clock.String(), func(t *testing.T) {
			f := newFixture(t)
			chat := f.inlineChat(t, "card")
			acc, err := f.s.AcceptInline(ctx, f.in("bob", chat, InlineMessage), f.inlineCard(opts))
			if err != nil {
				t.Fatal(err)
			}
			rec := acc.Game
			for g := rec.Game; g.Decider() == 1; g = rec.Game { // bob, who took it, plays first
				out, err := f.s.Step(ctx, f.in("bob", chat, InlineMessage), rec.ID, g.Counter(), g.NextSteps()[0])
				if err != nil {
					t.Fatal(err)
				}
				rec = out.Game
			}
			if !rec.Game.FirstMoveAwaited() {
				t.Fatalf("alice's first move is not awaited: phase %v", rec.Game.Phase())
			}
			f.sweepFor(DefaultRemindAfter + time.Hour)
			if r := f.d.remindedOf(); len(r) != 0 {
				t.Errorf("alice, whose clock has not started, was reminded: %v", r)
			}
			cur := mustLoad(t, f, rec.ID)
			_, err = f.s.Claim(ctx, f.in("bob", chat, InlineMessage), rec.ID, cur.Game.Counter())
			wantCode(t, err, ErrClaimNotYet)
			f.sweepFor(DefaultIdleClaim)
			cur = mustLoad(t, f, rec.ID)
			if !cur.Game.Idle() {
				t.Errorf("alice not marked idle after %v", DefaultIdleClaim)
			}
			out, err := f.s.Claim(ctx, f.in("bob", chat, InlineMessage), rec.ID, cur.Game.Counter())
			if err != nil {
				t.Fatalf("bob's claim: %v", err)
			}
			if res, over := out.Game.Game.Result(); !over || res.Winner != 1 || res.Reason != game.ReasonTimeout {
				t.Fatalf("the claim: %+v over %v", res, over)
			}
		})
	}
}

// TestInlineMessagesPruned: the daily clean-up forgets the inline
// messages a month old that no longer matter (a card never taken, a game
// long over), and keeps those of a game still going on (or changed
// lately: the clean-up abandons it as it goes) and the recent ones.
func TestInlineMessagesPruned(t *testing.T) {
	f := newFixture(t)
	carol := f.users["carol"]
	untaken, err := f.st.NotePosted(ctx, "never taken", carol.ID, "c", f.clock.now())
	if err != nil {
		t.Fatal(err)
	}
	over := f.inlineChat(t, "over")
	acc, err := f.s.AcceptInline(ctx, f.in("bob", over, InlineMessage), f.inlineCard(game.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	g := acc.Game.Game
	if _, _, err := f.s.Resign(ctx, f.in("bob", over, InlineMessage), ResignQuestion{Game: acc.Game.ID, Counter: g.Counter(), Seat: 1}); err != nil {
		t.Fatal(err)
	}
	going := f.inlineChat(t, "going on")
	card := f.inlineCard(game.Options{})
	card.From = carol.ID
	if _, err := f.s.AcceptInline(ctx, f.in("dave", going, InlineMessage), card); err != nil {
		t.Fatal(err)
	}
	f.clock.add(31 * 24 * time.Hour)
	recent := f.inlineChat(t, "recent")
	f.s.cleanUp(ctx)
	f.s.async.Wait()
	for _, m := range []struct {
		chat int64
		kept bool
	}{{untaken, false}, {over, false}, {going, true}, {recent, true}} {
		_, err := f.st.InlineID(ctx, m.chat)
		if kept := err == nil; kept != m.kept {
			t.Errorf("inline chat %d kept %v, want %v (%v)", m.chat, kept, m.kept, err)
		}
	}
}
