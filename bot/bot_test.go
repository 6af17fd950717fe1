package bot

import (
	"context"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"nardi/ai"
	"nardi/bot/telegramtest"
	"nardi/game"
	"nardi/locales"
	"nardi/store"
	"nardi/store/storetest"
)

// harness runs the real bot against the fake Bot API on a database that
// outlives restarts.
type harness struct {
	t      testing.TB
	srv    *telegramtest.Server
	dbPath string
	roller game.Roller
	// configure, when set, changes the bot's Config at each start.
	configure func(*Config)
	// beforeRun, when set, is called with the bot made at each start,
	// before it runs.
	beforeRun func(*Bot)
	// telegramPace keeps Telegram's pace in groups; otherwise the bot
	// keeps quickPace (see newPacedHarness).
	telegramPace bool

	st     *store.Store
	cancel context.CancelFunc
	done   chan error
}

// seededRoller throws reproducible dice, safe for concurrent games.
type seededRoller struct {
	mu  sync.Mutex
	rng *rand.Rand
}

func (r *seededRoller) Roll() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.rng.IntN(6) + 1
}

// quickPace is the group pace of the bots of most tests: Telegram's order
// of calls, boards first, and per-minute budget, ten times as fast, so
// that group games do not wait on Telegram's clock. The tests of the pace
// itself, and those that have the fake Bot API enforce Telegram's limits,
// keep the real one (newPacedHarness).
var quickPace = lanePace{gap: groupGap / 10, quiet: lowQuiet / 10, minute: time.Minute / 10}

// newHarness starts a bot of its own (its own fake Bot API, database and
// dice) for one test, keeping quickPace in groups. The tests that spend
// most of their time waiting on the bot (on the fake Bot API, on timers,
// on the pace) run in parallel, parallelTests at once; those that measure
// the pace (a tap's time to the board) or change the package's settings
// run alone, before them.
func newHarness(t testing.TB) *harness {
	t.Helper()
	return newHarnessRolling(t, &seededRoller{rng: rand.New(rand.NewPCG(7, 11))})
}

// newPacedHarness is newHarness keeping Telegram's pace in groups, for the
// tests that measure it or have the fake Bot API enforce Telegram's limits.
func newPacedHarness(t testing.TB) *harness {
	t.Helper()
	return openHarness(t, &seededRoller{rng: rand.New(rand.NewPCG(7, 11))}, true)
}

// newHarnessRolling starts the bot with a source of dice; nil leaves each
// game its own verifiable dice.
func newHarnessRolling(t testing.TB, roller game.Roller) *harness {
	t.Helper()
	return openHarness(t, roller, false)
}

// openHarness starts the bot with a source of dice, at Telegram's pace in
// groups or at quickPace.
func openHarness(t testing.TB, roller game.Roller, telegramPace bool) *harness {
	t.Helper()
	return launch(t, &harness{roller: roller, telegramPace: telegramPace})
}

// launch gives h a fake Bot API and a database of its own, starts the bot
// as h's other fields say (its dice, its configuration, its look before
// it runs), and stops both when the test ends.
func launch(t testing.TB, h *harness) *harness {
	t.Helper()
	h.t, h.srv, h.dbPath = t, telegramtest.NewServer(), storetest.Path(t, "nardi.db")
	t.Cleanup(func() {
		h.stop()
		h.srv.Close()
	})
	h.start()
	return h
}

// welcomed has each user start the bot in private and waits for the
// first line of the welcome, in the user's language.
func (h *harness) welcomed(users ...telegramtest.User) {
	h.t.Helper()
	for _, u := range users {
		h.srv.SendText(u, u.Private(), "/start")
		h.waitText(u.ID, firstLine(locales.T(locales.FromTelegram(u.LanguageCode), "start.welcome", map[string]any{"Name": u.FirstName})))
	}
}

func (h *harness) start() {
	h.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	st, err := store.Open(ctx, h.dbPath, store.Config{})
	if err != nil {
		h.t.Fatal(err)
	}
	net, err := ai.ShippedNet()
	if err != nil {
		h.t.Fatal(err)
	}
	cfg := Config{
		Token: telegramtest.Token, APIURL: h.srv.URL, Username: telegramtest.BotUsername,
		Store: st, Net: net, Log: testLog(),
		PollTimeout: time.Second, ShowDelay: 30 * time.Millisecond, Roller: h.roller,
	}
	if h.configure != nil {
		h.configure(&cfg)
	}
	b, err := New(cfg)
	if err != nil {
		h.t.Fatal(err)
	}
	if !h.telegramPace {
		b.send.pace = quickPace
	}
	if h.beforeRun != nil {
		h.beforeRun(b)
	}
	h.st, h.cancel, h.done = st, cancel, make(chan error, 1)
	go func() { h.done <- b.Run(ctx) }()
}

func (h *harness) stop() {
	if h.cancel == nil {
		return
	}
	h.cancel()
	if err := <-h.done; err != nil {
		h.t.Errorf("bot stopped with %v", err)
	}
	h.st.Close()
	h.cancel = nil
}

func (h *harness) restart() {
	h.stop()
	h.start()
}

// wait bounds every wait for the bot; generous, as the race detector and
// a busy machine slow the first picture a lot.
const wait = 40 * time.Second

// waitText waits for a message in the chat whose text contains part.
func (h *harness) waitText(chat int64, part string) telegramtest.Message {
	h.t.Helper()
	m, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool {
		return m.ChatID == chat && strings.Contains(m.Text, part)
	})
	if !ok {
		h.t.Fatalf("no message in chat %d containing %q; have %v", chat, part, texts(h.srv.Messages(chat)))
	}
	return m
}

func texts(ms []telegramtest.Message) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Text)
	}
	return out
}

// tap presses a button and waits for the bot's answer.
func (h *harness) tap(u telegramtest.User, msg int, data string) telegramtest.Answer {
	h.t.Helper()
	qid := h.srv.Tap(u, msg, data)
	a, ok := h.srv.WaitAnswer(qid, wait)
	if !ok {
		h.t.Fatalf("button %q was not answered", data)
	}
	return a
}

// board returns the latest board picture message in the chat.
func (h *harness) board(chat int64) telegramtest.Message {
	h.t.Helper()
	m, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool { return m.ChatID == chat && m.Photo != nil })
	if !ok {
		h.t.Fatalf("no board in chat %d", chat)
	}
	return m
}

// photos counts the pictures sent to a chat: its board messages.
func (h *harness) photos(chat int64) int {
	n := 0
	for _, msg := range h.srv.Messages(chat) {
		if msg.Photo != nil {
			n++
		}
	}
	return n
}

// waitBoard waits until the board message satisfies cond.
func (h *harness) waitBoard(id int, cond func(telegramtest.Message) bool) telegramtest.Message {
	h.t.Helper()
	m, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool { return m.ID == id && cond(m.Copy()) })
	if !ok {
		cur, _ := h.srv.Message(id)
		h.t.Fatalf("board %d did not reach the expected state; it shows %q with %v", id, cur.Text, cur.Buttons())
	}
	return m
}

// steps returns the step buttons of a board.
func steps(m telegramtest.Message) []telegramtest.Button {
	var out []telegramtest.Button
	for _, b := range m.Buttons() {
		if strings.HasPrefix(b.CallbackData, opStep+":") {
			out = append(out, b)
		}
	}
	return out
}

func hasOp(m telegramtest.Message, op string) bool {
	for _, b := range m.Buttons() {
		if strings.HasPrefix(b.CallbackData, op+":") {
			return true
		}
	}
	return false
}

// playable tells whether the board waits for the viewer's step, or the
// game is over.
func playable(m telegramtest.Message) bool { return len(steps(m)) > 0 || hasOp(m, opRematch) }

var alice = telegramtest.User{ID: 1001, FirstName: "Alice", Username: "alice", LanguageCode: "en"}

func TestStartInEachLanguage(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	for i, code := range []string{"ka", "ru-RU", "en", "hy", "de"} {
		u := telegramtest.User{ID: int64(2000 + i), FirstName: "User", LanguageCode: code}
		h.srv.SendText(u, u.Private(), "/start")
		lang := locales.FromTelegram(code)
		want := strings.SplitN(locales.T(lang, "start.welcome", map[string]any{"Name": "User"}), "\n", 2)[0]
		m := h.waitText(u.ID, want)
		if b, ok := m.Button(strings.Fields(locales.T(lang, "button.play", nil))[0]); !ok || !strings.HasPrefix(b.CallbackData, opMenu) {
			t.Errorf("%s: welcome has no play button: %v", code, m.Buttons())
		}
	}
	// /lang switches the language for good.
	u := telegramtest.User{ID: 2100, FirstName: "Nino", LanguageCode: "en"}
	h.srv.SendText(u, u.Private(), "/lang")
	m := h.waitText(u.ID, locales.T(locales.EN, "lang.choose", nil))
	ka, ok := m.Button(locales.Name(locales.KA))
	if !ok {
		t.Fatalf("no Georgian button in %v", m.Buttons())
	}
	h.tap(u, m.ID, ka.CallbackData)
	h.waitText(u.ID, locales.T(locales.KA, "lang.changed", nil))
	h.srv.SendText(u, u.Private(), "/help")
	h.waitText(u.ID, strings.SplitN(locales.T(locales.KA, "help.text", nil), "\n", 2)[0])
}

// playToEnd taps the first offered step until the game ends, and returns
// the final board.
func (h *harness) playToEnd(u telegramtest.User, id int) telegramtest.Message {
	h.t.Helper()
	for taps := 0; taps < 2000; taps++ {
		m := h.waitBoard(id, playable)
		if hasOp(m, opRematch) {
			return m
		}
		a := h.tap(u, id, steps(m)[0].CallbackData)
		if a.Text == locales.T(locales.EN, "toast.stale", nil) {
			continue // the game moved on by itself (a pass) meanwhile
		}
		if a.Text != "" {
			h.t.Fatalf("a legal step was refused: %q", a.Text)
		}
		h.waitBoard(id, func(n telegramtest.Message) bool {
			return !playable(n) || len(n.Buttons()) == 0 || n.Buttons()[0].CallbackData != m.Buttons()[0].CallbackData
		})
	}
	h.t.Fatal("the game did not end")
	return telegramtest.Message{}
}

func TestCompleteGameAgainstComputer(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	h.srv.SendText(alice, alice.Private(), "/play")
	m := h.waitText(alice.ID, strings.SplitN(locales.T(locales.EN, "play.choose_level", nil), "\n", 2)[0])
	easy, ok := m.Button(locales.T(locales.EN, "button.level_beginner", nil))
	if !ok {
		t.Fatalf("no level buttons: %v", m.Buttons())
	}
	h.tap(alice, m.ID, easy.CallbackData)
	b := h.board(alice.ID)
	final := h.playToEnd(alice, b.ID)
	if !strings.Contains(final.Text, "🏆") && !strings.Contains(final.Text, "😔") {
		t.Errorf("final caption has no result: %q", final.Text)
	}
	// Exactly one board message was used for the whole game.
	if photos := h.photos(alice.ID); photos != 1 {
		t.Errorf("%d board messages for one game", photos)
	}
	h.srv.SendText(alice, alice.Private(), "/stats")
	st := h.waitText(alice.ID, locales.N(locales.EN, "unit.games", 1, nil))
	if !strings.Contains(st.Text, "📈") {
		t.Errorf("/stats has no rating: %q", st.Text)
	}
	// One rated game: not on the table yet.
	h.srv.SendText(alice, alice.Private(), "/top")
	h.waitText(alice.ID, locales.T(locales.EN, "top.not_yet", map[string]any{"Have": 1, "Need": minRated}))
}

func TestStaleAndDoubleTaps(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	h.srv.SendText(alice, alice.Private(), "/play beginner")
	b := h.board(alice.ID)
	m := h.waitBoard(b.ID, playable)
	first := steps(m)[0].CallbackData
	// Two taps of the same button: one applies, the other is stale.
	q1, q2 := h.srv.Tap(alice, b.ID, first), h.srv.Tap(alice, b.ID, first)
	a1, _ := h.srv.WaitAnswer(q1, wait)
	a2, _ := h.srv.WaitAnswer(q2, wait)
	stale := locales.T(locales.EN, "toast.stale", nil)
	if (a1.Text == stale) == (a2.Text == stale) {
		t.Fatalf("double tap answered %q and %q; want exactly one stale", a1.Text, a2.Text)
	}
	rec := h.activeGame(alice.ID)
	if n := len(rec.Game.Made()) + len(rec.Game.History()); n == 0 {
		t.Fatal("the step was not applied")
	}
	// A stranger's tap changes nothing.
	bob := telegramtest.User{ID: 3003, FirstName: "Bob", LanguageCode: "ru"}
	before := rec.Game.Counter()
	h.tap(bob, b.ID, first)
	if rec := h.activeGame(alice.ID); rec.Game.Counter() != before {
		t.Error("a stranger's tap changed the game")
	}
	// Malformed data is answered too.
	if a := h.tap(alice, b.ID, "garbage"); a.Text == "" {
		t.Error("malformed button data got no explanation")
	}
	// /board sends a new board; the old one stops taking taps.
	h.srv.SendText(alice, alice.Private(), "/board")
	nb, ok := h.srv.WaitMessage(wait, func(m *telegramtest.Message) bool { return m.ChatID == alice.ID && m.Photo != nil && m.ID != b.ID })
	if !ok {
		t.Fatal("/board sent no new board")
	}
	cur := h.waitBoard(nb.ID, playable)
	if len(steps(cur)) > 0 {
		if a := h.tap(alice, b.ID, steps(cur)[0].CallbackData); a.Text != stale {
			t.Errorf("tap on the replaced board answered %q", a.Text)
		}
	}
}

func (h *harness) activeGame(chat int64) *store.GameRecord {
	h.t.Helper()
	rec, err := h.st.ActiveGame(context.Background(), chat, chat)
	if err != nil || rec == nil {
		h.t.Fatalf("no active game in chat %d: %v", chat, err)
	}
	return rec
}

func TestRestartMidGame(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	h.srv.SendText(alice, alice.Private(), "/play club")
	b := h.board(alice.ID)
	m := h.waitBoard(b.ID, playable)
	h.tap(alice, b.ID, steps(m)[0].CallbackData)
	before := h.activeGame(alice.ID).Game.Counter()
	h.restart()
	if after := h.activeGame(alice.ID).Game.Counter(); after != before {
		t.Fatalf("counter %d after restart, %d before", after, before)
	}
	// The same board message goes on working after the restart.
	final := h.playToEnd(alice, b.ID)
	if !hasOp(final, opRematch) {
		t.Errorf("no rematch button at the end: %v", final.Buttons())
	}
}

func TestResign(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	h.srv.SendText(alice, alice.Private(), "/play master")
	b := h.board(alice.ID)
	m := h.waitBoard(b.ID, playable)
	resign, ok := m.Button(locales.T(locales.EN, "button.resign", nil))
	if !ok {
		t.Fatalf("no resign button: %v", m.Buttons())
	}
	h.tap(alice, b.ID, resign.CallbackData)
	m = h.waitBoard(b.ID, func(m telegramtest.Message) bool { return hasOp(m, opResignOK) })
	if !strings.Contains(m.Text, locales.N(locales.EN, "resign.confirm", 2, nil)) {
		t.Errorf("resign question %q does not say 2 points", m.Text)
	}
	no, _ := m.Button(locales.T(locales.EN, "button.cancel", nil))
	h.tap(alice, b.ID, no.CallbackData)
	m = h.waitBoard(b.ID, func(m telegramtest.Message) bool { return hasOp(m, opResign) })
	resign, _ = m.Button(locales.T(locales.EN, "button.resign", nil))
	h.tap(alice, b.ID, resign.CallbackData)
	m = h.waitBoard(b.ID, func(m telegramtest.Message) bool { return hasOp(m, opResignOK) })
	yes, _ := m.Button(locales.T(locales.EN, "button.resign_yes", nil))
	h.tap(alice, b.ID, yes.CallbackData)
	m = h.waitBoard(b.ID, func(m telegramtest.Message) bool { return hasOp(m, opRematch) })
	if !strings.Contains(m.Text, locales.N(locales.EN, "result.resign", 2, nil)) {
		t.Errorf("result %q does not give 2 points by resignation", m.Text)
	}
}

func TestConfirmMoves(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	h.srv.SendText(alice, alice.Private(), "/settings")
	m := h.waitText(alice.ID, "⚙️")
	on, ok := m.Button(locales.T(locales.EN, "button.confirm_on", nil))
	if !ok {
		t.Fatalf("no confirm setting: %v", m.Buttons())
	}
	h.tap(alice, m.ID, on.CallbackData)
	h.srv.SendText(alice, alice.Private(), "/play beginner")
	b := h.board(alice.ID)
	for i := 0; i < 8; i++ {
		m = h.waitBoard(b.ID, func(m telegramtest.Message) bool { return playable(m) || hasOp(m, opConfirm) })
		if hasOp(m, opConfirm) {
			ok, _ := m.Button(locales.T(locales.EN, "button.confirm", nil))
			h.tap(alice, b.ID, ok.CallbackData)
			return
		}
		h.tap(alice, b.ID, steps(m)[0].CallbackData)
		h.waitBoard(b.ID, func(n telegramtest.Message) bool { return n.Buttons()[0].CallbackData != m.Buttons()[0].CallbackData })
	}
	t.Fatal("the turn ended without a confirmation")
}

// TestTypedPlay writes a whole play in notation instead of tapping.
func TestTypedPlay(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	h.srv.SendText(alice, alice.Private(), "/play beginner")
	b := h.board(alice.ID)
	h.waitBoard(b.ID, playable)
	rec := h.activeGame(alice.ID)
	plays := rec.Game.LegalPlays()
	if len(plays) == 0 {
		t.Skip("the first roll cannot be played")
	}
	h.srv.SendText(alice, alice.Private(), "99/1")
	h.waitText(alice.ID, locales.T(locales.EN, "toast.illegal", nil))
	h.srv.SendText(alice, alice.Private(), plays[0].String())
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) {
		for _, tr := range h.activeGame(alice.ID).Game.History() {
			if tr.Seat == 0 && tr.Notation() == plays[0].String() {
				return
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the typed play %q was not made", plays[0])
}

// testLog is the bot's log in tests: silent, unless NARDI_TEST_LOG names
// a level (debug, info, warn, error) to print on stderr.
func testLog() *slog.Logger {
	var level slog.Level
	if v := os.Getenv("NARDI_TEST_LOG"); v != "" && level.UnmarshalText([]byte(v)) == nil {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// TestBlockedByUser: a person who blocks the bot is no longer written to
// first; writing again brings them back.
func TestBlockedByUser(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	u := telegramtest.User{ID: 8008, FirstName: "Levan", LanguageCode: "ka"}
	h.srv.SendText(u, u.Private(), "/start")
	h.waitText(u.ID, "👋")
	started := func() bool {
		usr, err := h.st.User(context.Background(), u.ID)
		return err == nil && usr.Started
	}
	if !started() {
		t.Fatal("/start did not mark the user as started")
	}
	h.srv.StopBot(u)
	deadline := time.Now().Add(wait)
	for started() {
		if time.Now().After(deadline) {
			t.Fatal("blocking the bot was not recorded")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
