package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"nardi/ai"
	"nardi/game"
	"nardi/store"
	"nardi/store/storetest"
	"nardi/table"
)

// testToken is the bot token the tests sign initData with.
const testToken = "123456:TEST-token-for-the-live-board"

// display is the chat adapter's part the centre needs: it shows nothing,
// and posts a rematch's offer as the chat would (see table.Rematcher).
type display struct {
	next  atomic.Int64
	table *table.Service
}

func (d *display) Rematched(ctx context.Context, a table.Actor, rm table.Rematch) {
	if rm.Offer.Kind != "" {
		if _, err := d.table.PostChallenge(ctx, a, rm.Offer, func(store.Challenge) (int64, error) { return d.next.Add(1), nil }); err != nil {
			panic(err)
		}
	}
}

func (d *display) SendBoard(context.Context, *store.GameRecord, game.Seat, int64) (int64, error) {
	return d.next.Add(1), nil
}
func (d *display) Redraw(table.Outcome)                                 {}
func (d *display) Expired(context.Context, store.Challenge)             {}
func (d *display) Remind(context.Context, *store.GameRecord, game.Seat) {}

// seeded throws reproducible dice, safe for concurrent games.
type seeded struct {
	mu  sync.Mutex
	rng *rand.Rand
}

func (r *seeded) Roll() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.rng.IntN(6) + 1
}

// people of the tests, by name.
var people = map[string]Person{
	"alice": {ID: 1, FirstName: "Alice", LanguageCode: "en"},
	"bob":   {ID: 2, FirstName: "Bob", LanguageCode: "ru"},
	"carol": {ID: 3, FirstName: "Carol", LanguageCode: "en"},
}

// fixture is a centre with the live board served over HTTP.
type fixture struct {
	t     testing.TB
	st    *store.Store
	table *table.Service
	web   *Server
	srv   *httptest.Server
	users map[string]store.User
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	st, err := store.Open(ctx, storetest.Path(t, "web.db"), store.Config{})
	if err != nil {
		t.Fatal(err)
	}
	net, err := ai.ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	d := &display{}
	tb, err := table.New(table.Config{Store: st, Net: net, Display: d, AutoDelay: 10 * time.Millisecond,
		Roller: &seeded{rng: rand.New(rand.NewPCG(5, 8))}})
	if err != nil {
		t.Fatal(err)
	}
	d.table = tb
	if err := tb.Start(ctx); err != nil {
		t.Fatal(err)
	}
	w, err := New(Config{Table: tb, Store: st, Token: testToken})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.StripPrefix("/app", w.Handler()))
	t.Cleanup(func() {
		w.Close()
		srv.Close()
		cancel()
		tb.Stop()
		st.Close()
	})
	f := &fixture{t: t, st: st, table: tb, web: w, srv: srv, users: map[string]store.User{}}
	for name, p := range people {
		u, err := st.UpsertUser(ctx, store.UserInfo{ID: p.ID, Name: p.FirstName, LangCode: p.LanguageCode}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		f.users[name] = u
	}
	return f
}

// duel starts a group duel of alice against bob and returns its code.
func (f *fixture) duel() string {
	f.t.Helper()
	ctx := context.Background()
	const group = -100
	c, err := f.table.PostChallenge(ctx, table.Actor{User: f.users["alice"], Chat: group}, store.Challenge{Kind: store.KindGroup, ChatID: group},
		func(store.Challenge) (int64, error) { return 50, nil })
	if err != nil {
		f.t.Fatal(err)
	}
	acc, err := f.table.Accept(ctx, table.Actor{User: f.users["bob"], Chat: group, Message: 50}, c.Code)
	if err != nil {
		f.t.Fatal(err)
	}
	return f.table.LiveCode(acc.Game.ID)
}

// initData signs a person's launch, now.
func initData(name string, fields map[string]string) string {
	return SignInitData(testToken, people[name], time.Now(), fields)
}

// get asks for a game's state as a person, and returns the status and
// body.
func (f *fixture) get(init, code string) (int, []byte) {
	f.t.Helper()
	req, _ := http.NewRequest("GET", f.srv.URL+"/app/api/state?g="+url.QueryEscape(code), nil)
	if init != "" {
		req.Header.Set("X-Init-Data", init)
	}
	return f.do(req)
}

// act sends a decision as a person.
func (f *fixture) act(init string, a actRequest) (int, []byte) {
	f.t.Helper()
	body, _ := json.Marshal(a)
	req, _ := http.NewRequest("POST", f.srv.URL+"/app/api/act", bytes.NewReader(body))
	req.Header.Set("X-Init-Data", init)
	return f.do(req)
}

func (f *fixture) do(req *http.Request) (int, []byte) {
	f.t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// stateIs reads a State, failing unless the status is the one wanted.
func (f *fixture) stateIs(status int, body []byte, want int) State {
	f.t.Helper()
	if status != want {
		f.t.Fatalf("status %d, want %d: %s", status, want, body)
	}
	var st State
	if err := json.Unmarshal(body, &st); err != nil {
		f.t.Fatalf("%v: %s", err, body)
	}
	return st
}

// decider returns the name of who decides now in a duel of alice and bob.
func decider(st State, viewer string) (string, string) {
	if st.Mode == "move" || st.Mode == "cube" {
		if viewer == "alice" {
			return "alice", "bob"
		}
		return "bob", "alice"
	}
	if viewer == "alice" {
		return "bob", "alice"
	}
	return "alice", "bob"
}

func TestInitDataChecked(t *testing.T) {
	now := time.Now()
	good := SignInitData(testToken, people["alice"], now, map[string]string{"start_param": "abc", "query_id": "q1"})
	l, err := checkInitData(good, testToken, 24*time.Hour, now)
	if err != nil || l.Person.ID != 1 || l.StartParam != "abc" {
		t.Fatalf("a good initData: %+v, %v", l, err)
	}
	vals, _ := url.ParseQuery(good)
	altered := url.Values{}
	for k, v := range vals {
		altered[k] = v
	}
	altered.Set("user", `{"id":2,"first_name":"Bob"}`)
	replayed := url.Values{}
	for k, v := range vals {
		replayed[k] = v
	}
	replayed.Add("hash", vals.Get("hash"))
	for name, raw := range map[string]string{
		"empty":           "",
		"another user":    altered.Encode(),
		"another token":   SignInitData("999:other", people["alice"], now, nil),
		"a day old":       SignInitData(testToken, people["alice"], now.Add(-25*time.Hour), nil),
		"from the future": SignInitData(testToken, people["alice"], now.Add(time.Hour), nil),
		"two hashes":      replayed.Encode(),
		"no hash":         strings.ReplaceAll(good, "hash=", "hush="),
		"garbage":         "%zz",
	} {
		if _, err := checkInitData(raw, testToken, 24*time.Hour, now); !errors.Is(err, errInitData) {
			t.Errorf("%s: %v, want it refused", name, err)
		}
	}
}

func TestForgedInitDataChangesNothing(t *testing.T) {
	f := newFixture(t)
	code := f.duel()
	st := f.stateOK(f.get(initData("alice", nil), code))
	// Bob's launch, signed with another token, and an old one of his.
	for _, init := range []string{"", SignInitData("999:other", people["bob"], time.Now(), nil),
		SignInitData(testToken, people["bob"], time.Now().Add(-48*time.Hour), nil)} {
		status, body := f.act(init, actRequest{Code: code, Counter: st.Counter, Action: "resign"})
		if status != http.StatusUnauthorized {
			t.Errorf("a forged resignation answered %d: %s", status, body)
		}
		if status, _ := f.get(init, code); status != http.StatusUnauthorized {
			t.Errorf("a forged state request answered %d", status)
		}
	}
	after := f.stateOK(f.get(initData("alice", nil), code))
	if after.Counter != st.Counter || after.Mode == "over" {
		t.Fatalf("forged requests changed the game: %d -> %d, %s", st.Counter, after.Counter, after.Mode)
	}
}

// stateOK is stateIs for a (status, body) pair with 200 wanted.
func (f *fixture) stateOK(status int, body []byte) State {
	return f.stateIs(status, body, http.StatusOK)
}

func TestPlayThroughTheLiveBoard(t *testing.T) {
	f := newFixture(t)
	code := f.duel()
	st := f.stateOK(f.get(initData("alice", nil), code))
	if st.Seat == nil || *st.Seat != 0 || st.Variant != "short" || len(st.Text["roll"]) == 0 {
		t.Fatalf("alice's state: seat %v, variant %q, texts %v", st.Seat, st.Variant, st.Text)
	}
	mover, other := decider(st, "alice")
	ms := f.stateOK(f.get(initData(mover, nil), code))
	if ms.Mode != "move" || len(ms.Moves) == 0 || len(ms.Roll) != 2 || ms.Roll[0] < ms.Roll[1] {
		t.Fatalf("the mover's state: %s, moves %v, roll %v", ms.Mode, ms.Moves, ms.Roll)
	}
	if os := f.stateOK(f.get(initData(other, nil), code)); os.Mode != "wait" || len(os.Moves) != 0 || os.Proof.Seed != "" {
		t.Fatalf("the other's state: %s, moves %v, seed %q", os.Mode, os.Moves, os.Proof.Seed)
	}
	// A spectator sees the game, and may do nothing.
	cs := f.stateOK(f.get(initData("carol", nil), code))
	if cs.Seat != nil || len(cs.Actions) != 0 || cs.Position != st.Position {
		t.Fatalf("carol's state: seat %v, actions %v", cs.Seat, cs.Actions)
	}
	var from, to int
	for k, ts := range ms.Moves {
		from, _ = strconv.Atoi(k)
		to = ts[0]
		break
	}
	if status, body := f.act(initData("carol", nil), actRequest{Code: code, Counter: ms.Counter, Action: "step", From: from, To: to}); status != http.StatusForbidden {
		t.Fatalf("carol's step answered %d: %s", status, body)
	}
	if status, body := f.act(initData(other, nil), actRequest{Code: code, Counter: ms.Counter, Action: "step", From: from, To: to}); status != http.StatusConflict {
		t.Fatalf("a step out of turn answered %d: %s", status, body)
	}
	next := f.stateOK(f.act(initData(mover, nil), actRequest{Code: code, Counter: ms.Counter, Action: "step", From: from, To: to}))
	if next.Counter != ms.Counter+1 || len(next.Made) != 1 || next.Made[0].From != from || next.Made[0].To != to {
		t.Fatalf("after the step: counter %d, made %v", next.Counter, next.Made)
	}
	// The same tap again is behind the game: refused, with the game as it is.
	status, body := f.act(initData(mover, nil), actRequest{Code: code, Counter: ms.Counter, Action: "step", From: from, To: to})
	var refusal apiError
	if err := json.Unmarshal(body, &refusal); status != http.StatusConflict || err != nil || refusal.Code != "stale" ||
		refusal.State == nil || refusal.State.Counter != next.Counter || refusal.Error == "" {
		t.Fatalf("a repeated step answered %d: %s", status, body)
	}
	// An illegal step and an unknown action change nothing.
	if status, body := f.act(initData(mover, nil), actRequest{Code: code, Counter: next.Counter, Action: "step", From: 3, To: 30}); status != http.StatusConflict {
		t.Fatalf("an illegal step answered %d: %s", status, body)
	}
	if status, _ := f.act(initData(mover, nil), actRequest{Code: code, Counter: next.Counter, Action: "teleport"}); status != http.StatusBadRequest {
		t.Fatalf("an unknown action answered %d", status)
	}
	if got := f.stateOK(f.get(initData("alice", nil), code)); got.Counter != next.Counter {
		t.Fatalf("refused requests moved the game to %d", got.Counter)
	}
	// A game code that was not made by the bot names nothing.
	if status, _ := f.get(initData("alice", nil), "1-AAAAAAAAAAAA"); status != http.StatusNotFound {
		t.Fatalf("a forged code answered %d", status)
	}
}

func TestLiveFollowsTheGame(t *testing.T) {
	f := newFixture(t)
	code := f.duel()
	st := f.stateOK(f.get(initData("alice", nil), code))
	mover, other := decider(st, "alice")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	otherInit := initData(other, nil)
	u := strings.Replace(f.srv.URL, "http", "ws", 1) + "/app/api/live?g=" + url.QueryEscape(code) + "&init=" + url.QueryEscape(otherInit)
	c, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	read := func() State {
		t.Helper()
		_, b, err := c.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var s State
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	first := read()
	if first.Counter != st.Counter || first.Mode != "wait" {
		t.Fatalf("the first state: %d %s", first.Counter, first.Mode)
	}
	// The mover resigns on his page; the other's page hears of it.
	ms := f.stateOK(f.get(initData(mover, nil), code))
	if ms.ResignPoints == 0 || ms.Text["resign_question"] == "" {
		t.Fatalf("no resignation question: %d %q", ms.ResignPoints, ms.Text["resign_question"])
	}
	f.stateOK(f.act(initData(mover, nil), actRequest{Code: code, Counter: ms.Counter, Action: "resign"}))
	for {
		s := read()
		if s.Mode == "over" {
			if s.Result == "" || s.Proof.Seed == "" {
				t.Fatalf("the end shows no result or seed: %q %q", s.Result, s.Proof.Seed)
			}
			break
		}
	}
	// Without a valid initData no connection is opened.
	bad := strings.Replace(u, url.QueryEscape(otherInit), "x", 1)
	if bad == u {
		t.Fatal("the live address holds no initData to take out")
	}
	if _, resp, err := websocket.Dial(ctx, bad, nil); err == nil || resp == nil || resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("a live connection without a valid initData: %v", err)
	}
}

func TestThePageIsServed(t *testing.T) {
	f := newFixture(t)
	req, _ := http.NewRequest("GET", f.srv.URL+"/app/", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "gzip" ||
		!strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") || resp.Header.Get("ETag") == "" {
		t.Fatalf("the page: %d %v", resp.StatusCode, resp.Header)
	}
	req.Header.Set("If-None-Match", resp.Header.Get("ETag"))
	again, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	again.Body.Close()
	if again.StatusCode != http.StatusNotModified {
		t.Fatalf("the page opened again: %d", again.StatusCode)
	}
}

func TestRematchAFriendOnTheLiveBoard(t *testing.T) {
	f := newFixture(t)
	code := f.duel()
	st := f.stateOK(f.get(initData("alice", nil), code))
	f.stateOK(f.act(initData("alice", nil), actRequest{Code: code, Counter: st.Counter, Action: "resign"}))
	// Alice offers; the offer goes to Bob in the chat.
	status, body := f.act(initData("alice", nil), actRequest{Code: code, Action: "rematch"})
	var refusal apiError
	if err := json.Unmarshal(body, &refusal); status != http.StatusConflict || err != nil || refusal.Code != "rematch_sent" || refusal.Error == "" {
		t.Fatalf("alice's rematch answered %d: %s", status, body)
	}
	// Bob's 🔁 on his page takes it: the new game is shown there.
	next := f.stateOK(f.act(initData("bob", nil), actRequest{Code: code, Action: "rematch"}))
	if next.Code == code || next.Mode == "over" || next.Seat == nil {
		t.Fatalf("bob's rematch shows %q (%s), the old game was %q", next.Code, next.Mode, code)
	}
	if got := f.stateOK(f.get(initData("alice", nil), next.Code)); got.Seat == nil || got.Counter != next.Counter {
		t.Fatalf("alice does not sit at the new game: %+v", got.Seat)
	}
	// Carol, who watched, may not ask for one.
	if status, _ := f.act(initData("carol", nil), actRequest{Code: code, Action: "rematch"}); status != http.StatusForbidden {
		t.Fatalf("a spectator's rematch answered %d", status)
	}
}
