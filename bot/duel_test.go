package bot

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"nardi/bot/telegramtest"
	"nardi/game"
	"nardi/locales"
	"nardi/store"
)

var (
	group = telegramtest.Chat{ID: -100123, Type: "supergroup", Title: "Nardi club"}
	bob   = telegramtest.User{ID: 1002, FirstName: "Bob", Username: "bobby_b", LanguageCode: "en"}
	carol = telegramtest.User{ID: 1003, FirstName: "Carol", Username: "carol_c", LanguageCode: "en"}
)

// en returns an English text without data.
func en(key string) string { return locales.T(locales.EN, key, nil) }

// firstLine returns a text's first line.
func firstLine(s string) string { return strings.SplitN(s, "\n", 2)[0] }

// challenge waits for a message in the chat with a ⚔ button, newer than
// the message after, and returns the latest.
func (h *harness) challenge(chat int64, after int) telegramtest.Message {
	h.t.Helper()
	m, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool {
		return m.ChatID == chat && m.ID > after && hasOp(*m, opAccept)
	})
	if !ok {
		h.t.Fatalf("no challenge in chat %d; have %v", chat, texts(h.srv.Messages(chat)))
	}
	return m
}

// button returns the button of a message with an operation.
func opButton(t testing.TB, m telegramtest.Message, op string) telegramtest.Button {
	t.Helper()
	for _, b := range m.Buttons() {
		if strings.HasPrefix(b.CallbackData, op+":") {
			return b
		}
	}
	t.Fatalf("no %q button in %v", op, m.Buttons())
	return telegramtest.Button{}
}

// wantAnswer taps a button and checks the answer's text and kind.
func (h *harness) wantAnswer(u telegramtest.User, msg int, data, want string, alert bool) {
	h.t.Helper()
	a := h.tap(u, msg, data)
	if a.Text != want || a.ShowAlert != alert {
		h.t.Fatalf("%s's tap of %q answered %q (alert %v), want %q (alert %v)", u.FirstName, data, a.Text, a.ShowAlert, want, alert)
	}
}

// load returns a stored game.
func (h *harness) load(id int64) *store.GameRecord {
	h.t.Helper()
	rec, err := h.st.LoadGame(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return rec
}

// gameIn returns the id of a user's active game in a chat.
func (h *harness) gameIn(chat, user int64) int64 {
	h.t.Helper()
	rec, err := h.st.ActiveGame(context.Background(), chat, user)
	if err != nil {
		h.t.Fatalf("no active game of user %d in chat %d: %v", user, chat, err)
	}
	return rec.ID
}

// userOf finds a player among users.
func userOf(t testing.TB, id int64, users ...telegramtest.User) telegramtest.User {
	t.Helper()
	for _, u := range users {
		if u.ID == id {
			return u
		}
	}
	t.Fatalf("user %d is not among the players", id)
	return telegramtest.User{}
}

// groupDuel has alice challenge the group with the arguments and bob
// accept; it returns the game and its board.
func (h *harness) groupDuel(args string) (int64, telegramtest.Message) {
	h.t.Helper()
	h.srv.SendText(alice, group, strings.TrimSpace("/duel "+args))
	c := h.challenge(group.ID, 0)
	h.wantAnswer(bob, c.ID, opButton(h.t, c, opAccept).CallbackData, "", false)
	id := h.gameIn(group.ID, alice.ID)
	m, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool {
		return m.ChatID == group.ID && m.Photo != nil && m.ID > c.ID
	})
	if !ok {
		h.t.Fatal("no board after the challenge was accepted")
	}
	return id, m
}

// stepAsTurn taps the first step offered on a board as the player on
// turn, and waits for the board to move on. It tells whether the tap was
// applied (false when the game had moved on by itself).
func (h *harness) stepAsTurn(id int64, board int, users ...telegramtest.User) bool {
	h.t.Helper()
	m := h.waitBoard(board, playable)
	if hasOp(m, opRematch) {
		return false
	}
	rec := h.load(id)
	u := userOf(h.t, rec.Game.Player(rec.Game.Turn()).UserID, users...)
	a := h.tap(u, board, steps(m)[0].CallbackData)
	if a.Text == en("toast.stale") {
		return false
	}
	if a.Text != "" {
		h.t.Fatalf("a legal step was refused: %q", a.Text)
	}
	h.waitBoard(board, func(n telegramtest.Message) bool {
		return !playable(n) || n.Buttons()[0].CallbackData != m.Buttons()[0].CallbackData
	})
	return true
}

func TestGroupDuelWithOutsider(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	h.srv.SendText(alice, group, "/duel@"+telegramtest.BotUsername+" 0")
	c := h.challenge(group.ID, 0)
	want := locales.T(locales.EN, "duel.challenge", map[string]any{"Name": "Alice", "Clock": locales.HTML(termsLines(locales.EN, game.Options{}))})
	if c.Text != want {
		t.Fatalf("challenge %q, want %q", c.Text, want)
	}
	accept, cancel := opButton(t, c, opAccept).CallbackData, opButton(t, c, opCancel).CallbackData
	h.wantAnswer(alice, c.ID, accept, en("toast.own_challenge"), true)
	h.wantAnswer(carol, c.ID, cancel, en("toast.challenger_only"), true)
	h.wantAnswer(bob, c.ID, accept, "", false)
	h.waitBoard(c.ID, func(m telegramtest.Message) bool {
		return m.Text == locales.T(locales.EN, "duel.started", map[string]any{"Name1": "Alice", "Name2": "Bob"}) && len(m.Buttons()) == 0
	})
	id := h.gameIn(group.ID, bob.ID)
	b := h.board(group.ID)
	if !strings.Contains(b.Text, "⚔️ Alice vs Bob") {
		t.Errorf("the board's caption does not name both players: %q", b.Text)
	}
	// One game per person per group.
	h.srv.SendText(bob, group, "/duel")
	h.waitText(group.ID, en("duel.already_in_game"))

	// Only the player on turn moves; the others are told so, and nothing
	// changes.
	m := h.waitBoard(b.ID, playable)
	rec := h.load(id)
	other := userOf(t, rec.Game.Player(rec.Game.Turn().Other()).UserID, alice, bob)
	step := steps(m)[0].CallbackData
	h.wantAnswer(carol, b.ID, step, en("toast.not_player"), true)
	h.wantAnswer(other, b.ID, step, en("toast.not_your_turn"), true)
	h.wantAnswer(carol, b.ID, opButton(t, m, opResign).CallbackData, en("toast.not_player"), true)
	if after := h.load(id); after.Game.Counter() != rec.Game.Counter() {
		t.Fatal("a tap by someone not on turn changed the game")
	}
	if cur, _ := h.srv.Message(b.ID); cur.Edits != m.Edits {
		t.Error("a refused tap edited the board")
	}

	// A few turns, with the outsider trying again in the middle.
	for taps := 0; len(h.load(id).Game.History()) < 4; taps++ {
		if taps > 40 {
			t.Fatal("four turns took too many taps")
		}
		if taps == 3 {
			cur := h.waitBoard(b.ID, playable)
			h.wantAnswer(carol, b.ID, steps(cur)[0].CallbackData, en("toast.not_player"), true)
		}
		h.stepAsTurn(id, b.ID, alice, bob)
	}

	// Resigning belongs to each player alone.
	m = h.waitBoard(b.ID, playable)
	h.wantAnswer(alice, b.ID, opButton(t, m, opResign).CallbackData, "", false)
	m = h.waitBoard(b.ID, func(m telegramtest.Message) bool { return hasOp(m, opResignOK) })
	yes := opButton(t, m, opResignOK).CallbackData
	h.wantAnswer(carol, b.ID, yes, en("toast.not_player"), true)
	h.wantAnswer(bob, b.ID, yes, en("toast.not_yours"), true)
	h.wantAnswer(alice, b.ID, yes, "", false)
	final := h.waitBoard(b.ID, func(m telegramtest.Message) bool { return hasOp(m, opRematch) })
	rec = h.load(id)
	res, over := rec.Game.Result()
	if !over || rec.Status != store.StatusFinished || res.Reason != game.ReasonResign || rec.Game.Player(res.Winner).UserID != bob.ID {
		t.Fatalf("game %s, result %+v", rec.Status, res)
	}
	if !strings.Contains(final.Text, locales.T(locales.EN, "result.win_name", map[string]any{"Name": "Bob"})) {
		t.Errorf("the final caption does not name the winner: %q", final.Text)
	}
	if photos := h.photos(group.ID); photos != 1 {
		t.Errorf("%d board messages for one game", photos)
	}

	// A rematch is offered to the other player alone, and taken when they
	// ask for one too.
	rematch := opButton(t, final, opRematch).CallbackData
	h.wantAnswer(carol, b.ID, rematch, en("toast.not_player"), true)
	h.wantAnswer(alice, b.ID, rematch, en("toast.rematch_sent"), false)
	offer := h.challenge(group.ID, b.ID)
	if !strings.Contains(offer.Text, "<b>Bob</b>") {
		t.Errorf("the rematch offer does not name Bob: %q", offer.Text)
	}
	h.wantAnswer(alice, b.ID, rematch, en("toast.rematch_sent"), false) // no second offer
	h.wantAnswer(carol, offer.ID, opButton(t, offer, opAccept).CallbackData, en("toast.challenge_other"), true)
	h.wantAnswer(bob, b.ID, rematch, "", false)
	next := h.gameIn(group.ID, alice.ID)
	if next == id || h.gameIn(group.ID, bob.ID) != next {
		t.Fatal("the rematch did not start a new game between the two")
	}
	if n := len(h.srv.Messages(group.ID)); n > 8 {
		t.Errorf("%d messages in the group for a challenge, a game and a rematch", n)
	}
}

func TestGroupDuelDoubleTaps(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	h.srv.SendText(alice, group, "/duel 0")
	c := h.challenge(group.ID, 0)
	accept := opButton(t, c, opAccept).CallbackData
	// Two people take the challenge at once: one game.
	q1, q2 := h.srv.Tap(bob, c.ID, accept), h.srv.Tap(carol, c.ID, accept)
	a1, _ := h.srv.WaitAnswer(q1, wait)
	a2, _ := h.srv.WaitAnswer(q2, wait)
	if (a1.Text == "") == (a2.Text == "") {
		t.Fatalf("two acceptances answered %q and %q; want exactly one taken", a1.Text, a2.Text)
	}
	id := h.gameIn(group.ID, alice.ID)
	opponent := bob
	if a1.Text != "" {
		opponent = carol
	}
	if h.gameIn(group.ID, opponent.ID) != id {
		t.Fatal("the acceptor is not in the game")
	}
	b := h.board(group.ID)
	// The player on turn double-taps a step: it applies once.
	m := h.waitBoard(b.ID, playable)
	rec := h.load(id)
	u := userOf(t, rec.Game.Player(rec.Game.Turn()).UserID, alice, opponent)
	step := steps(m)[0].CallbackData
	q1, q2 = h.srv.Tap(u, b.ID, step), h.srv.Tap(u, b.ID, step)
	a1, _ = h.srv.WaitAnswer(q1, wait)
	a2, _ = h.srv.WaitAnswer(q2, wait)
	stale := en("toast.stale")
	if (a1.Text == stale) == (a2.Text == stale) || a1.Text+a2.Text != stale {
		t.Fatalf("double tap answered %q and %q; want one applied and one stale", a1.Text, a2.Text)
	}
	if got := h.load(id).Game.Counter(); got != rec.Game.Counter()+1 {
		t.Fatalf("counter %d after a double tap from %d", got, rec.Game.Counter())
	}
}

func TestInviteLinkTwoLanguages(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	ivan := telegramtest.User{ID: 4001, FirstName: "Ivan", LanguageCode: "ru"}
	nino := telegramtest.User{ID: 4002, FirstName: "Nino", LanguageCode: "ka"}
	h.srv.SendText(ivan, ivan.Private(), "/start")
	h.waitText(ivan.ID, firstLine(locales.T(locales.RU, "start.welcome", map[string]any{"Name": "Ivan"})))
	h.srv.SendText(ivan, ivan.Private(), "/duel")
	inv := h.waitText(ivan.ID, firstLine(locales.T(locales.RU, "duel.invite", nil)))
	prefix := "https://t.me/" + telegramtest.BotUsername + "?start="
	i := strings.Index(inv.Text, prefix)
	if i < 0 {
		t.Fatalf("no deep link in %q", inv.Text)
	}
	code := strings.Fields(inv.Text[i+len(prefix):])[0]
	if len(code) > 64 || strings.Trim(code, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
		t.Fatalf("start parameter %q is not base64url of at most 64 characters", code)
	}
	share, ok := inv.Button(firstLine(locales.T(locales.RU, "button.share", nil)))
	if !ok || !strings.HasPrefix(share.URL, "https://t.me/share/url?url=") || !strings.Contains(share.URL, url.QueryEscape(prefix+code)) {
		t.Fatalf("no share button with the link: %v", inv.Buttons())
	}
	if !strings.Contains(inv.Text, locales.T(locales.RU, "duel.clock", map[string]any{"MoveSec": 11, "ReserveSec": 90})) {
		t.Errorf("the invitation does not show the default clock: %q", inv.Text)
	}
	h.srv.SendText(ivan, ivan.Private(), "/start "+code)
	h.waitText(ivan.ID, locales.T(locales.RU, "duel.invite_own", nil))
	h.srv.SendText(nino, nino.Private(), "/start AAAAAAAAAAAAAAAA")
	h.waitText(nino.ID, locales.T(locales.KA, "duel.invite_invalid", nil))

	h.srv.SendText(nino, nino.Private(), "/start "+code)
	h.waitText(ivan.ID, locales.T(locales.RU, "duel.friend_joined", map[string]any{"Name": "Nino"}))
	h.waitText(nino.ID, locales.T(locales.KA, "duel.joined", map[string]any{"Name": "Ivan"}))
	bi, bn := h.board(ivan.ID), h.board(nino.ID)
	for _, c := range []struct {
		board telegramtest.Message
		lang  locales.Lang
	}{{bi, locales.RU}, {bn, locales.KA}} {
		vs := locales.T(c.lang, "caption.vs", map[string]any{"Name1": "Ivan", "Name2": "Nino"})
		if !strings.Contains(c.board.Text, vs) || !strings.Contains(c.board.Text, "⏱️") {
			t.Errorf("%s board: caption %q lacks %q or the clocks", c.lang, c.board.Text, vs)
		}
	}
	id := h.gameIn(ivan.ID, ivan.ID)
	if h.gameIn(nino.ID, nino.ID) != id {
		t.Fatal("the two private chats play different games")
	}
	// Each board offers steps only to its own player, when on turn.
	rec := h.load(id)
	mover, moverBoard, waiterBoard := ivan, bi.ID, bn.ID
	if rec.Game.Turn() == 1 {
		mover, moverBoard, waiterBoard = nino, bn.ID, bi.ID
	}
	m := h.waitBoard(moverBoard, playable)
	if w, _ := h.srv.Message(waiterBoard); len(steps(w)) > 0 {
		t.Errorf("the waiting player's board offers steps: %v", w.Buttons())
	}
	lang := map[int64]locales.Lang{ivan.ID: locales.RU, nino.ID: locales.KA}
	if !strings.Contains(m.Text, locales.T(lang[mover.ID], "caption.turn_you", nil)) {
		t.Errorf("the mover's board does not say it is their move: %q", m.Text)
	}
	before, _ := h.srv.Message(waiterBoard)
	h.wantAnswer(mover, moverBoard, steps(m)[0].CallbackData, "", false)
	// Both boards follow each step.
	h.waitBoard(moverBoard, func(n telegramtest.Message) bool { return n.Edits > m.Edits })
	h.waitBoard(waiterBoard, func(n telegramtest.Message) bool { return n.Edits > before.Edits })
	// Play on until the other player is on turn: their board wakes up.
	for i := 0; i < 8 && h.load(id).Game.Turn() == rec.Game.Turn(); i++ {
		h.stepAsTurn(id, moverBoard, ivan, nino)
	}
	if h.load(id).Game.Turn() == rec.Game.Turn() {
		t.Fatal("the turn did not pass")
	}
	w := h.waitBoard(waiterBoard, playable)
	other := nino
	if mover == nino {
		other = ivan
	}
	if !strings.Contains(w.Text, locales.T(lang[other.ID], "caption.turn_you", nil)) {
		t.Errorf("the next mover's board does not say it is their move: %q", w.Text)
	}
	// The link works once.
	h.srv.SendText(carol, carol.Private(), "/start "+code)
	h.waitText(carol.ID, en("duel.invite_invalid"))
}

func TestInviteToBlockedChallenger(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	h.srv.SendText(alice, alice.Private(), "/duel 0")
	inv := h.waitText(alice.ID, firstLine(en("duel.invite")))
	code := inv.Text[strings.Index(inv.Text, "?start=")+len("?start="):]
	code = strings.Fields(code)[0]
	h.srv.Block(alice.ID) // alice has blocked the bot since
	h.srv.SendText(bob, bob.Private(), "/start "+code)
	h.waitText(bob.ID, locales.T(locales.EN, "duel.cannot_write", map[string]any{"Name": "Alice", "Bot": telegramtest.BotUsername}))
	if _, err := h.st.ActiveGame(context.Background(), bob.ID, bob.ID); err == nil {
		t.Error("a game that the challenger cannot see goes on")
	}
	if u, err := h.st.User(context.Background(), alice.ID); err != nil || u.Started {
		t.Errorf("alice is still marked as reachable: %+v, %v", u, err)
	}
}

// TestVerifyAbandonedDuel: a duel abandoned because its challenger can no
// longer be shown it reveals its dice seed: /verify gives it, matching the
// commitment, as for a finished game.
func TestVerifyAbandonedDuel(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarnessRolling(t, nil)
	h.srv.SendText(alice, alice.Private(), "/duel 0")
	inv := h.waitText(alice.ID, firstLine(en("duel.invite")))
	code := strings.Fields(inv.Text[strings.Index(inv.Text, "?start=")+len("?start="):])[0]
	h.srv.Block(alice.ID)
	h.srv.SendText(bob, bob.Private(), "/start "+code)
	h.waitText(bob.ID, locales.T(locales.EN, "duel.cannot_write", map[string]any{"Name": "Alice", "Bot": telegramtest.BotUsername}))
	rec, err := h.st.LatestGame(context.Background(), bob.ID, bob.ID)
	if err != nil || rec.Status != store.StatusAbandoned {
		t.Fatalf("the unplayable duel: %+v, %v", rec, err)
	}
	seed, shown := rec.Game.DiceSeed()
	if !shown {
		t.Fatal("an abandoned game keeps its dice seed secret")
	}
	h.srv.SendText(bob, bob.Private(), "/verify")
	m := h.waitText(bob.ID, firstLine(en("verify.intro")))
	want := locales.T(locales.EN, "verify.game_revealed", map[string]any{"Number": 1, "ID": rec.Game.DiceID(), "Commitment": rec.Game.DiceCommitment(), "Seed": seed})
	if !strings.Contains(m.Text, want) {
		t.Errorf("/verify after the duel was abandoned: %q, want %q in it", m.Text, want)
	}
}

func TestChallengesExpire(t *testing.T) {
	old := challengeTTL
	challengeTTL = 1500 * time.Millisecond
	t.Cleanup(func() { challengeTTL = old })
	h := newHarness(t)
	h.srv.SendText(alice, group, "/duel")
	c := h.challenge(group.ID, 0)
	h.srv.SendText(carol, carol.Private(), "/duel")
	h.waitBoard(c.ID, func(m telegramtest.Message) bool {
		return m.Text == locales.T(locales.EN, "duel.expired", map[string]any{"Name": "Alice"}) && len(m.Buttons()) == 0
	})
	h.wantAnswer(bob, c.ID, opButton(t, c, opAccept).CallbackData, en("toast.challenge_expired"), false)
	h.waitText(carol.ID, en("duel.invite_expired"))
}

func TestChallengeTargetsAndCancel(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	h.srv.SendText(alice, group, "/duel 5+x")
	h.waitText(group.ID, en("duel.bad_clock"))

	// The challenger withdraws a challenge.
	h.srv.SendText(alice, group, "/duel 0")
	c := h.challenge(group.ID, 0)
	h.wantAnswer(alice, c.ID, opButton(t, c, opCancel).CallbackData, "", false)
	h.waitText(group.ID, locales.T(locales.EN, "duel.cancelled", map[string]any{"Name": "Alice"}))
	h.wantAnswer(bob, c.ID, opButton(t, c, opAccept).CallbackData, en("toast.challenge_gone"), false)

	// Replying to someone's message challenges them alone.
	h.srv.SendReply(carol, group, "/duel 5+6", bob)
	c = h.challenge(group.ID, c.ID)
	if !strings.Contains(c.Text, "<b>Bob</b>") || !strings.Contains(c.Text, "5 s per move + 6 s reserve") {
		t.Errorf("challenge to Bob reads %q", c.Text)
	}
	h.wantAnswer(alice, c.ID, opButton(t, c, opAccept).CallbackData, en("toast.challenge_other"), true)

	// So does naming them.
	h.srv.SendText(alice, group, "/duel @bobby_b 0")
	c = h.challenge(group.ID, c.ID)
	if !strings.Contains(c.Text, "Bob") {
		t.Errorf("challenge to @bobby_b reads %q", c.Text)
	}
	h.wantAnswer(carol, c.ID, opButton(t, c, opAccept).CallbackData, en("toast.challenge_other"), true)
	h.wantAnswer(bob, c.ID, opButton(t, c, opAccept).CallbackData, "", false)
	id := h.gameIn(group.ID, bob.ID)
	if rec := h.load(id); rec.Game.Options().Clock.Enabled() || rec.Kind != store.KindGroup {
		t.Errorf("game %+v from /duel @bobby_b 0", rec.Game.Options())
	}
}

func TestDuelTimeoutClaim(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	id, b := h.groupDuel("3+0") // the shortest clock there is (game.MinMove)
	if rec := h.load(id); rec.Game.Options().Clock != (game.TimeControl{Move: game.MinMove}) {
		t.Fatalf("clock %v", rec.Game.Options().Clock)
	}
	players := []telegramtest.User{alice, bob}
	claimable := func(m telegramtest.Message) bool { return hasOp(m, opClaim) }
	m := h.waitBoard(b.ID, claimable)
	rec := h.load(id)
	late := userOf(t, rec.Game.Player(rec.Game.Turn()).UserID, players...)
	if !rec.Game.Clock().TimedOut {
		t.Fatal("the claim is offered before the time is marked out")
	}
	timeout := locales.T(locales.EN, "duel.timeout", map[string]any{"Name": late.FirstName, "Opponent": userOf(t, rec.Game.Player(rec.Game.Turn().Other()).UserID, players...).FirstName})
	if !strings.Contains(m.Text, timeout) {
		t.Errorf("the caption does not say whose time is up: %q", m.Text)
	}
	claim := opButton(t, m, opClaim).CallbackData
	h.wantAnswer(late, b.ID, claim, en("toast.claim_opponent_only"), true)
	h.wantAnswer(carol, b.ID, claim, en("toast.not_player"), true)

	// The late player may still move; finishing the turn takes the offer
	// away.
	for i := 0; i < 8 && h.load(id).Game.Turn() == rec.Game.Turn() && len(h.load(id).Game.History()) == len(rec.Game.History()); i++ {
		h.stepAsTurn(id, b.ID, players...)
	}
	if len(h.load(id).Game.History()) == len(rec.Game.History()) {
		t.Fatal("the late player could not finish the turn")
	}
	h.waitBoard(b.ID, func(m telegramtest.Message) bool { return !claimable(m) })
	// The next player runs out of time in turn (five seconds at most).
	m = h.waitBoard(b.ID, claimable)
	rec = h.load(id)
	late = userOf(t, rec.Game.Player(rec.Game.Turn()).UserID, players...)
	winner := userOf(t, rec.Game.Player(rec.Game.Turn().Other()).UserID, players...)
	h.wantAnswer(late, b.ID, opButton(t, m, opClaim).CallbackData, en("toast.claim_opponent_only"), true)
	h.wantAnswer(winner, b.ID, opButton(t, m, opClaim).CallbackData, "", false)
	final := h.waitBoard(b.ID, func(m telegramtest.Message) bool { return hasOp(m, opRematch) })
	if !strings.Contains(final.Text, locales.N(locales.EN, "result.timeout", 2, nil)) {
		t.Errorf("the result does not count a mars for the timeout: %q", final.Text)
	}
	res, over := h.load(id).Game.Result()
	if !over || res.Reason != game.ReasonTimeout || res.Points != 2 || h.load(id).Game.Player(res.Winner).UserID != winner.ID {
		t.Fatalf("result %+v", res)
	}
}

// TestOwnTapsDoNotStopTheClock: the player on turn of a 3+6 group duel
// taps a step and ↩ again and again, each edit of the board waiting for
// the group's pace; none of those waits is his to get back, so his 9 s
// run out and 🏆 reaches his opponent well within 16 s of the turn's start.
func TestOwnTapsDoNotStopTheClock(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newPacedHarness(t)
	h.srv.SetRateLimit(true)
	id, b := h.groupDuel("3+6")
	players := []telegramtest.User{alice, bob}
	start := h.load(id).Game.Started()
	claimable := func(m telegramtest.Message) bool { return hasOp(m, opClaim) }
	m := h.waitBoard(b.ID, playable)
	rec := h.load(id)
	tapper := userOf(t, rec.Game.Player(rec.Game.Turn()).UserID, players...)
	for !claimable(m) {
		if time.Since(start) > 30*time.Second {
			t.Fatalf("the player on turn kept his clock from running out for %s by tapping", time.Since(start).Round(time.Second))
		}
		data := ""
		if hasOp(m, opUndo) {
			data = opButton(t, m, opUndo).CallbackData
		} else if s := steps(m); len(s) > 0 {
			data = s[0].CallbackData
		} else {
			t.Fatalf("the board offers neither a step nor ↩: %v", m.Buttons())
		}
		h.tap(tapper, b.ID, data)
		before := m.Buttons()
		m = h.waitBoard(b.ID, func(n telegramtest.Message) bool {
			return claimable(n) || len(n.Buttons()) != len(before) || n.Buttons()[0].CallbackData != before[0].CallbackData
		})
	}
	if d := time.Since(start); d > 16*time.Second {
		t.Errorf("🏆 reached the opponent %s after the turn's start, want within 16 s", d.Round(100*time.Millisecond))
	}
	claim := opButton(t, m, opClaim).CallbackData
	h.wantAnswer(tapper, b.ID, claim, en("toast.claim_opponent_only"), true)
	winner := userOf(t, rec.Game.Player(rec.Game.Turn().Other()).UserID, players...)
	h.wantAnswer(winner, b.ID, claim, "", false)
	if res, over := h.load(id).Game.Result(); !over || res.Reason != game.ReasonTimeout || h.load(id).Game.Player(res.Winner).UserID != winner.ID {
		t.Fatalf("result %+v", res)
	}
}

func TestRestartDuringClockedDuel(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	id, b := h.groupDuel("5+30")
	players := []telegramtest.User{alice, bob}
	h.stepAsTurn(id, b.ID, players...)
	time.Sleep(300 * time.Millisecond)
	rec := h.load(id)
	elapsed := rec.Game.Elapsed(time.Now())
	reserve := rec.Game.Clock().Reserve
	h.stop()
	time.Sleep(3 * time.Second) // down: not charged to anyone
	h.start()
	deadline := time.Now().Add(wait)
	for h.load(id).Game.Clock().Paused {
		if time.Now().After(deadline) {
			t.Fatal("the clock did not resume after the restart")
		}
		time.Sleep(20 * time.Millisecond)
	}
	after := h.load(id)
	// Had the 3 s down been charged, the clock would have run 3 s more.
	if d := after.Game.Elapsed(time.Now()) - elapsed; d < 0 || d >= 2*time.Second {
		t.Fatalf("the turn's time went from %v to %v over a restart", elapsed, after.Game.Elapsed(time.Now()))
	}
	if after.Game.Clock().Reserve != reserve || after.Game.Counter() != rec.Game.Counter() {
		t.Fatalf("reserves %v, counter %d after the restart; %v, %d before", after.Game.Clock().Reserve, after.Game.Counter(), reserve, rec.Game.Counter())
	}
	// The same board goes on working.
	if !h.stepAsTurn(id, b.ID, players...) {
		t.Fatal("no step after the restart")
	}
}

func TestDuelUnderRateLimits(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newPacedHarness(t)
	h.srv.SetRateLimit(true)
	id, b := h.groupDuel("")
	players := []telegramtest.User{alice, bob}
	applied := 0
	for turns := 0; turns < 2; {
		before := len(h.load(id).Game.History())
		if h.stepAsTurn(id, b.ID, players...) {
			applied++
		}
		turns += len(h.load(id).Game.History()) - before
	}
	// The board ends up showing the game as it stands, with every step.
	h.waitBoard(b.ID, func(m telegramtest.Message) bool {
		if len(m.Buttons()) == 0 {
			return false
		}
		a, err := parseAction(m.Buttons()[0].CallbackData)
		return err == nil && a.counter == h.load(id).Game.Counter()
	})
	rec := h.load(id)
	made := len(rec.Game.Made())
	for _, tr := range rec.Game.History() {
		made += len(tr.Steps)
	}
	if made < applied {
		t.Errorf("%d steps were applied, the game holds %d", applied, made)
	}
	if v := h.srv.Violated(); len(v) > 0 {
		t.Errorf("requests during a retry_after: %v", v)
	}
	if len(h.srv.Calls("editMessageMedia")) == 0 {
		t.Error("no board edits at all")
	}
}

// boardAfter waits for a board picture in the chat newer than a message.
func (h *harness) boardAfter(chat int64, after int) telegramtest.Message {
	h.t.Helper()
	m, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool { return m.ChatID == chat && m.Photo != nil && m.ID > after })
	if !ok {
		h.t.Fatalf("no new board in chat %d", chat)
	}
	return m
}

// resignByCommand has a player resign their game in a chat with /resign.
func (h *harness) resignByCommand(u telegramtest.User, chat telegramtest.Chat) {
	h.t.Helper()
	h.srv.SendText(u, chat, "/resign")
	q, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool {
		return m.ChatID == chat.ID && hasOp(*m, opResignOK) && !m.Deleted
	})
	if !ok {
		h.t.Fatal("no resignation question")
	}
	h.wantAnswer(u, q.ID, opButton(h.t, q, opResignOK).CallbackData, "", false)
}

// TestPrivateRematch: a duel by invitation, its rematch (which shows the
// series' score), a rematch to someone who blocked the bot, and /stats
// with the record against the opponent.
func TestPrivateRematch(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	ivan := telegramtest.User{ID: 4001, FirstName: "Ivan", LanguageCode: "ru"}
	nino := telegramtest.User{ID: 4002, FirstName: "Nino", LanguageCode: "ka"}
	h.srv.SendText(ivan, ivan.Private(), "/duel 0")
	inv := h.waitText(ivan.ID, firstLine(locales.T(locales.RU, "duel.invite", nil)))
	code := strings.Fields(inv.Text[strings.Index(inv.Text, "?start=")+len("?start="):])[0]
	h.srv.SendText(nino, nino.Private(), "/start "+code)
	first := h.board(ivan.ID)
	id := h.gameIn(ivan.ID, ivan.ID)
	h.resignByCommand(nino, nino.Private())
	end := h.waitBoard(first.ID, func(m telegramtest.Message) bool { return hasOp(m, opRematch) })
	if !strings.Contains(end.Text, locales.T(locales.RU, "result.win_you", nil)) {
		t.Errorf("the winner's board reads %q", end.Text)
	}

	// Ivan offers a rematch; it reaches Nino's chat in Georgian, and only
	// Nino's consent starts the game.
	h.wantAnswer(ivan, first.ID, opButton(t, end, opRematch).CallbackData, locales.T(locales.RU, "toast.rematch_sent", nil), false)
	offer := h.challenge(nino.ID, 0)
	if !strings.Contains(offer.Text, locales.T(locales.KA, "result.rematch_offer", map[string]any{"Name": "Ivan"})) {
		t.Errorf("the offer reads %q", offer.Text)
	}
	if _, err := h.st.ActiveGame(context.Background(), ivan.ID, ivan.ID); err == nil {
		t.Fatal("a rematch began before the opponent accepted")
	}
	h.wantAnswer(nino, offer.ID, opButton(t, offer, opAccept).CallbackData, "", false)
	h.waitText(nino.ID, locales.T(locales.KA, "duel.joined", map[string]any{"Name": "Ivan"}))
	next := h.gameIn(ivan.ID, ivan.ID)
	if next == id || h.gameIn(nino.ID, nino.ID) != next {
		t.Fatal("the rematch is not one new game for both")
	}
	h.boardAfter(nino.ID, offer.ID)
	second := h.boardAfter(ivan.ID, first.ID)
	// The rematch goes on with their series: its score in the caption.
	you := locales.T(locales.RU, "name.you", nil)
	series := locales.T(locales.RU, "caption.score", map[string]any{"Name1": you, "Score1": 2, "Score2": 0, "Name2": "Nino"})
	if !strings.Contains(second.Text, series) {
		t.Errorf("the rematch's caption lacks the series %q: %q", series, second.Text)
	}

	// Once Nino has blocked the bot, Ivan is told it cannot write to him.
	h.resignByCommand(ivan, ivan.Private())
	end = h.waitBoard(second.ID, func(m telegramtest.Message) bool { return hasOp(m, opRematch) })
	h.srv.Block(nino.ID)
	h.tap(ivan, second.ID, opButton(t, end, opRematch).CallbackData)
	h.waitText(ivan.ID, locales.T(locales.RU, "duel.cannot_write", map[string]any{"Name": "Nino", "Bot": telegramtest.BotUsername}))

	// /stats tells Ivan his record against Nino: a win and a loss.
	h.srv.SendText(ivan, ivan.Private(), "/stats")
	h.waitText(ivan.ID, locales.T(locales.RU, "stats.rivals", nil))
	h.waitText(ivan.ID, locales.T(locales.RU, "stats.rival", map[string]any{"Name": "Nino",
		"Wins": locales.N(locales.RU, "unit.wins", 1, nil), "Losses": locales.N(locales.RU, "unit.losses", 1, nil), "Points": 2, "PointsLost": 2}))
}

// TestResignQuestionKeepsTheMoversButtons: on a group's board, the
// question of the player who waits leaves the mover's steps in place, and
// the mover plays on; a flood of 🏳 taps is answered, not drawn.
func TestResignQuestionKeepsTheMoversButtons(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	id, b := h.groupDuel("0")
	m := h.waitBoard(b.ID, playable)
	rec := h.load(id)
	mover := userOf(t, rec.Game.Player(rec.Game.Turn()).UserID, alice, bob)
	idle := alice
	if mover.ID == alice.ID {
		idle = bob
	}
	h.wantAnswer(idle, b.ID, opButton(t, m, opResign).CallbackData, "", false)
	q := h.waitBoard(b.ID, func(m telegramtest.Message) bool { return hasOp(m, opResignOK) })
	if len(steps(q)) == 0 || hasOp(q, opResign) {
		t.Fatalf("the question left the board with %v", q.Buttons())
	}
	h.wantAnswer(mover, b.ID, opButton(t, q, opResignOK).CallbackData, en("toast.not_yours"), true)
	h.wantAnswer(mover, b.ID, steps(q)[0].CallbackData, "", false)
	// More questions than a person's allowance: the rest are refused with
	// a toast.
	slow := 0
	for range chatterBurst + 2 {
		if a := h.tap(idle, b.ID, opButton(t, m, opResign).CallbackData); a.Text == en("toast.slow_down") {
			slow++
		}
	}
	if slow == 0 {
		t.Errorf("%d questions in a row, none refused", chatterBurst+2)
	}
}
