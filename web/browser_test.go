package web

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"nardi/game"
	"nardi/locales"
	"nardi/table"
)

// The live board in a real browser: headless Chromium (Debian's package,
// which .ci/run installs) driven through the page's DOM contract, as a
// test from outside would drive it.

// chromium finds the browser; without one the browser tests are skipped,
// except in CI, where they must run.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no Chromium: .ci/run installs Debian's chromium package")
	}
	t.Skip("no Chromium here (apt-get install chromium)")
	return ""
}

// browser starts a headless Chromium for a test and returns its first
// tab's context.
func browser(t *testing.T) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("no-first-run", true), chromedp.Flag("disable-quic", true),
		// Every tab is a person's phone in the foreground: none is slowed
		// as a background tab would be.
		chromedp.Flag("disable-background-timer-throttling", true), chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(390, 844))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx
}

// theme is a light Telegram theme, as the client passes it.
const theme = `{"bg_color":"#ffffff","text_color":"#000000","hint_color":"#999999","link_color":"#2481cc",` +
	`"button_color":"#2481cc","button_text_color":"#ffffff","secondary_bg_color":"#f1f1f1"}`

// pageURL is the live board's address as Telegram opens it for a person,
// launched for a game (start_param) with a signed initData in the
// fragment.
func (f *fixture) pageURL(name, code, themeJSON string) string {
	init := SignInitData(testToken, people[name], time.Now(), map[string]string{"start_param": code, "query_id": "AAH" + name})
	return f.srv.URL + "/app/#tgWebAppData=" + url.QueryEscape(init) + "&tgWebAppVersion=8.0&tgWebAppPlatform=android" +
		"&tgWebAppThemeParams=" + url.QueryEscape(themeJSON)
}

// tab is one person's page.
type tab struct {
	t    testing.TB
	ctx  context.Context
	name string
}

// open opens a person's page in a new tab of the browser.
func (f *fixture) open(b context.Context, name, u string) *tab {
	f.t.Helper()
	// A window of its own: each person's phone shows their page.
	ctx, cancel := chromedp.NewContext(b, chromedp.WithNewWindow(true))
	f.t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.Navigate(u), chromedp.WaitReady(chromedp.CSS("body[data-state]"))); err != nil {
		f.t.Fatalf("%s's page: %v", name, err)
	}
	return &tab{t: f.t, ctx: ctx, name: name}
}

// body reads an attribute of the page's body ("" when absent).
func (p *tab) body(attr string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.body.getAttribute(%q) || ""`, attr)))
	if err != nil {
		p.t.Fatalf("%s's page: %v", p.name, err)
	}
	return v
}

// has tells whether the page has an element matching a selector.
func (p *tab) has(sel string) bool {
	p.t.Helper()
	n, err := chromedp.Run(p.ctx, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll(%q).length`, sel)))
	if err != nil {
		p.t.Fatalf("%s's page: %v", p.name, err)
	}
	return n > 0
}

// click taps the first element matching a selector.
func (p *tab) click(sel string) {
	p.t.Helper()
	if os.Getenv("NARDI_BROWSER_TRACE") != "" {
		defer func(start time.Time) { p.t.Logf("%s taps %s in %s", p.name, sel, time.Since(start)) }(time.Now())
	}
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible)); err != nil {
		p.t.Fatalf("%s taps %s: %v", p.name, sel, err)
	}
}

// waitCounter waits until the page shows a move counter other than c.
func (p *tab) waitCounter(c string) {
	p.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for p.body("data-counter") == c {
		if time.Now().After(deadline) {
			p.t.Fatalf("%s's page stayed at counter %s", p.name, c)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// act makes one decision on the page if it has one to make, the way a
// person would: roll rather than double, confirm a complete move, else
// tap a movable checker and its first target; take a double. It tells
// whether it acted.
func (p *tab) act() bool {
	p.t.Helper()
	counter := p.body("data-counter")
	switch p.body("data-state") {
	case "move":
		switch {
		case p.has(`[data-action="roll"]`):
			p.click(`[data-action="roll"]`)
		case p.has(`[data-action="confirm"]`):
			p.click(`[data-action="confirm"]`)
		case p.has(`[data-movable]`):
			p.click(`[data-movable]`)
			if !p.has(`[data-target]`) {
				dump, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`JSON.stringify({state: document.body.dataset.state, counter: document.body.dataset.counter, movable: [...document.querySelectorAll('[data-movable]')].map(e => e.dataset.point), st: window.__nardi && window.__nardi.state && window.__nardi.state.counter})`))
				p.t.Fatalf("%s tapped a movable point and no target showed: %s", p.name, dump)
			}
			p.click(`[data-target]`)
		default:
			return false
		}
	case "cube":
		p.click(`[data-action="take"]`)
	default:
		return false
	}
	start := time.Now()
	p.waitCounter(counter)
	if os.Getenv("NARDI_BROWSER_TRACE") != "" {
		p.t.Logf("%s at %s: %s for the page to move on", p.name, counter, time.Since(start))
	}
	return true
}

// playOut plays a game to its end on the pages given, each acting when it
// may; it returns how many decisions were made.
func playOut(t *testing.T, within time.Duration, pages ...*tab) int {
	t.Helper()
	deadline := time.Now().Add(within)
	n := 0
	for {
		over := true
		acted := false
		for _, p := range pages {
			if p.body("data-state") != "over" {
				over = false
			}
			if p.act() {
				acted = true
				n++
			}
		}
		if over {
			return n
		}
		if time.Now().After(deadline) {
			t.Fatalf("the game was not over after %s and %d decisions", within, n)
		}
		if !acted {
			if os.Getenv("NARDI_BROWSER_TRACE") != "" {
				for _, p := range pages {
					dump, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`JSON.stringify({moves: window.__nardi.state.moves, actions: window.__nardi.state.actions, made: window.__nardi.state.made, bar: window.__nardi.state.bar, mov: [...document.querySelectorAll('[data-movable]')].map(e => e.dataset.point), acts: [...document.querySelectorAll('[data-action]')].map(e => e.dataset.action + (e.disabled ? '(off)' : ''))})`))
					t.Logf("%s idle: %s at %s, dice %q: %s", p.name, p.body("data-state"), p.body("data-counter"), p.body("data-dice"), dump)
				}
			}
			time.Sleep(30 * time.Millisecond)
		}
	}
}

func TestBrowserDuel(t *testing.T) {
	f := newFixture(t)
	b := browser(t)
	code := f.duel()
	alice := f.open(b, "alice", f.pageURL("alice", code, theme))
	bob := f.open(b, "bob", f.pageURL("bob", code, theme))
	if alice.body("data-position") == "" || alice.body("data-position") != bob.body("data-position") {
		t.Fatalf("the pages show positions %q and %q", alice.body("data-position"), bob.body("data-position"))
	}
	for _, p := range []string{"1", "24", "bar", "off"} {
		if !alice.has(`[data-point="` + p + `"]`) {
			t.Fatalf("no point %s on the page", p)
		}
	}
	n := playOut(t, 2*time.Minute, alice, bob)
	id, _ := f.table.ParseLiveCode(code)
	out, err := f.table.Current(context.Background(), id)
	if err != nil || !out.Game.Game.Over() {
		t.Fatalf("after %d decisions the game is not over: %v", n, err)
	}
	if c := strconv.FormatUint(uint64(out.Game.Game.Counter()), 10); alice.body("data-counter") != c || bob.body("data-counter") != c {
		t.Errorf("the pages show counters %s and %s, the game %s", alice.body("data-counter"), bob.body("data-counter"), c)
	}
	if !alice.has(`[data-action="rematch"]`) {
		t.Error("no rematch offered at the end")
	}
}

func TestBrowserAgainstTheComputer(t *testing.T) {
	f := newFixture(t)
	b := browser(t)
	ctx := context.Background()
	if _, err := f.table.StartComputer(ctx, table.Actor{User: f.users["alice"], Chat: f.users["alice"].ID}, game.Beginner, game.Options{}); err != nil {
		t.Fatal(err)
	}
	// Opened from the chat's menu: no game named, the person's game going.
	alice := f.open(b, "alice", f.pageURL("alice", "", theme))
	if alice.body("data-state") == "error" {
		t.Fatal("the page found no game going")
	}
	n := playOut(t, 3*time.Minute, alice)
	if n == 0 {
		t.Fatal("no decision was made on the page")
	}
	rec, err := f.table.ActiveGame(ctx, table.Actor{User: f.users["alice"], Chat: f.users["alice"].ID})
	if err == nil && !rec.Game.Over() {
		t.Fatalf("the game goes on after %d decisions", n)
	}
	// A rematch from the page starts the next game there.
	alice.click(`[data-action="rematch"]`)
	deadline := time.Now().Add(10 * time.Second)
	for alice.body("data-state") == "over" {
		if time.Now().After(deadline) {
			t.Fatal("the rematch did not start a new game on the page")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestBrowserRefusesAForgedLaunch(t *testing.T) {
	f := newFixture(t)
	b := browser(t)
	code := f.duel()
	forged := SignInitData("999:not-the-bot", people["alice"], time.Now(), map[string]string{"start_param": code})
	u := f.srv.URL + "/app/#tgWebAppData=" + url.QueryEscape(forged) + "&tgWebAppVersion=8.0"
	p := f.open(b, "alice", u)
	deadline := time.Now().Add(10 * time.Second)
	for p.body("data-state") != "error" {
		if time.Now().After(deadline) {
			t.Fatalf("a forged launch shows %q", p.body("data-state"))
		}
		time.Sleep(30 * time.Millisecond)
	}
	text, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`document.body.innerText`))
	if err != nil || !strings.Contains(text, plain(locales.T(locales.EN, "app.error_forbidden", nil))) {
		t.Fatalf("the page says %q (%v)", text, err)
	}
	if p.has(`[data-movable]`) || p.has(`[data-action]:not([hidden])`) && p.visible(`[data-action]`) {
		t.Fatal("a refused page offers moves")
	}
}

// visible tells whether an element matching a selector is shown.
func (p *tab) visible(sel string) bool {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](fmt.Sprintf(
		`[...document.querySelectorAll(%q)].some(e => e.offsetParent !== null)`, sel)))
	if err != nil {
		p.t.Fatalf("%s's page: %v", p.name, err)
	}
	return v
}

// TestBrowserLooks: the page of a position, portrait and landscape, as a
// golden picture (within a tolerance: fonts are drawn a little
// differently from one machine to the next). NARDI_UPDATE_GOLDEN=1
// writes the pictures anew.
func TestBrowserLooks(t *testing.T) {
	f := newFixture(t)
	b := browser(t)
	code := f.duel()
	for _, c := range []struct {
		name string
		w, h int64
	}{{"portrait", 390, 844}, {"landscape", 844, 390}} {
		t.Run(c.name, func(t *testing.T) {
			p := f.open(b, "alice", f.pageURL("alice", code, theme))
			shot, err := chromedp.Run(p.ctx, chromedp.Action[[]byte](func(ctx context.Context, tg *chromedp.Target) ([]byte, error) {
				if err := chromedp.Do(ctx, chromedp.EmulateViewport(c.w, c.h)); err != nil {
					return nil, err
				}
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.fonts.ready.then(() => new Promise(r => setTimeout(() => r(true), 400)))`, chromedp.EvalAwaitPromise)); err != nil {
					return nil, err
				}
				return chromedp.Run(ctx, chromedp.CaptureScreenshot())
			}))
			if err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("testdata", "page-"+c.name+".png"), shot)
		})
	}
}

// golden compares a PNG with the one kept, or keeps it when asked to.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if os.Getenv("NARDI_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (NARDI_UPDATE_GOLDEN=1 makes it)", err)
	}
	a, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		t.Fatal(err)
	}
	w, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	if a.Bounds() != w.Bounds() {
		t.Fatalf("the page is %v, the golden picture %v", a.Bounds(), w.Bounds())
	}
	differ, all := 0, 0
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			all++
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := w.At(x, y).RGBA()
			if max(absDiff(r1, r2), absDiff(g1, g2), absDiff(b1, b2)) > 48<<8 {
				differ++
			}
		}
	}
	if frac := float64(differ) / float64(all); frac > 0.02 {
		dump := filepath.Join(t.TempDir(), filepath.Base(path))
		_ = os.WriteFile(dump, got, 0o644)
		t.Errorf("%.1f%% of the page's pixels differ from %s (the page: %s)", 100*frac, path, dump)
	}
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}
