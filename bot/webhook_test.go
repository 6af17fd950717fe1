package bot

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"nardi/bot/telegramtest"
	"nardi/metrics"
	"nardi/store"
)

// listening starts the bot with its HTTP endpoint on a local port (a new
// one at each start), set adding to its Config with the endpoint's
// address; it returns the harness and the first address.
func listening(t *testing.T, set func(c *Config, addr string)) (*harness, string) {
	t.Helper()
	var first string
	h := launch(t, &harness{configure: func(c *Config) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		c.Listener = ln
		if first == "" {
			first = ln.Addr().String()
		}
		set(c, ln.Addr().String())
	}})
	return h, first
}

// webhookHarness starts the bot in webhook mode on a local port, with
// metrics, and waits until it has set its webhook.
func webhookHarness(t *testing.T) (*harness, string) {
	t.Helper()
	h, addr := listening(t, func(c *Config, addr string) {
		c.WebhookURL = "http://" + addr + "/tg/hook"
		c.Metrics = metrics.New(metrics.Gauges{InboxDepth: func() float64 { return 0 }})
	})
	h.waitWebhook()
	return h, addr
}

// waitWebhook waits for the bot to set its webhook.
func (h *harness) waitWebhook() {
	h.t.Helper()
	for deadline := time.Now().Add(wait); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if u, _ := h.srv.Webhook(); u != "" {
			return
		}
	}
	h.t.Fatal("no webhook set")
}

func post(t *testing.T, url, secret, body string) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if secret != "" {
		req.Header.Set("X-Telegram-Bot-Api-Secret-Token", secret)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestWebhook: in webhook mode a request without the secret token, or
// with a wrong one, gets 401 and changes nothing; Telegram's own
// deliveries are stored and handled; an update stored but not handled
// before a crash is handled at the next start; a delivery repeated after
// it was handled is not handled again; /healthz answers 200.
func TestWebhook(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h, addr := webhookHarness(t)
	url, secret := h.srv.Webhook()
	u := telegramtest.User{ID: 8118, FirstName: "Ani", LanguageCode: "en"}
	start := `{"update_id": 900, "message": {"message_id": 5, "date": 1, "chat": {"id": 8118, "type": "private"},
		"from": {"id": 8118, "first_name": "Ani", "language_code": "en"}, "text": "/help",
		"entities": [{"type": "bot_command", "offset": 0, "length": 5}]}}`
	for _, s := range []string{"", "wrong", secret + "x"} {
		if code := post(t, url, s, start); code != http.StatusUnauthorized {
			t.Fatalf("secret %q: status %d", s, code)
		}
	}
	time.Sleep(200 * time.Millisecond)
	if n, err := h.st.InboxDepth(context.Background()); err != nil || n != 0 || len(h.srv.Messages(u.ID)) != 0 {
		t.Fatalf("a refused request changed something: inbox %d, messages %v", n, h.srv.Messages(u.ID))
	}
	// Telegram's delivery: stored, handled, answered.
	h.srv.SendText(u, u.Private(), "/start")
	h.waitText(u.ID, "Ani")
	// The update the bot took but did not handle before it died.
	h.stop()
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(func() error {
		st, err := store.Open(context.Background(), h.dbPath, store.Config{})
		if err != nil {
			return err
		}
		defer st.Close()
		return st.Receive(context.Background(), []store.Update{{ID: 900, Body: []byte(start)}}, 901)
	}())
	h.start()
	h.waitWebhook()
	help := h.waitText(u.ID, "❓")
	// The same update delivered again once handled: answered 200, not
	// handled twice.
	url, secret = h.srv.Webhook()
	if code := post(t, url, secret, start); code != http.StatusOK {
		t.Fatalf("a repeated delivery: status %d", code)
	}
	time.Sleep(300 * time.Millisecond)
	n := 0
	for _, m := range h.srv.Messages(u.ID) {
		if m.Text == help.Text {
			n++
		}
	}
	if n != 1 {
		t.Errorf("/help answered %d times", n)
	}
	resp, err := http.Get("http://" + h.addr(addr) + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "ok") {
		t.Errorf("/healthz: %d %q", resp.StatusCode, body)
	}
}

// addr is the endpoint's address after a restart (the listener is new).
func (h *harness) addr(first string) string {
	u, _ := h.srv.Webhook()
	u = strings.TrimPrefix(u, "http://")
	if i := strings.IndexByte(u, '/'); i >= 0 {
		return u[:i]
	}
	return first
}

// TestMetrics: /metrics is in the Prometheus text format and counts a
// game played against the computer, its start and its end, the updates
// and the taps.
func TestMetrics(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h, addr := webhookHarness(t)
	u := telegramtest.User{ID: 8228, FirstName: "Levon", LanguageCode: "en"}
	h.srv.SendText(u, u.Private(), "/play beginner")
	b := h.board(u.ID)
	m := h.waitBoard(b.ID, playable)
	h.tap(u, b.ID, opButton(t, m, opResign).CallbackData)
	q := h.waitBoard(b.ID, func(m telegramtest.Message) bool { return hasOp(m, opResignOK) })
	h.wantAnswer(u, b.ID, opButton(t, q, opResignOK).CallbackData, "", false)
	h.waitBoard(b.ID, func(m telegramtest.Message) bool { return hasOp(m, opRematch) })
	// The counters are scraped until each has its least value (an update
	// counts as handled only once its handler returns, after the game it
	// finished is counted) or the wait is over.
	mins := map[string]float64{
		"nardi_games_started_total": 1, "nardi_games_finished_total": 1, "nardi_updates_received_total": 3,
		"nardi_updates_handled_total": 3, "nardi_taps_total": 2,
	}
	var families map[string]*modelFamily
	for deadline := time.Now().Add(wait); ; time.Sleep(50 * time.Millisecond) {
		families = scrape(t, "http://"+h.addr(addr)+"/metrics")
		short := false
		for name, min := range mins {
			short = short || value(families, name, "", "") < min
		}
		if !short || time.Now().After(deadline) {
			break
		}
	}
	for name, min := range mins {
		if v := value(families, name, "", ""); v < min {
			t.Errorf("%s = %v, want at least %v", name, v, min)
		}
	}
	for _, name := range []string{"nardi_tap_answer_seconds", "nardi_tap_board_seconds", "nardi_board_render_seconds", "nardi_telegram_calls_total"} {
		if families[name] == nil {
			t.Errorf("no %s", name)
		}
	}
}

// modelFamily is a parsed metric family.
type modelFamily = dto.MetricFamily

// scrape reads /metrics with the Prometheus text parser.
func scrape(t *testing.T, url string) map[string]*modelFamily {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("/metrics does not parse: %v\n%s", err, body)
	}
	return fams
}

// value sums a family's samples (counters, gauges, histogram counts),
// those with the label only when one is given.
func value(fams map[string]*modelFamily, name, label, want string) float64 {
	f := fams[name]
	if f == nil {
		return 0
	}
	sum := 0.0
	for _, m := range f.GetMetric() {
		if label != "" {
			ok := false
			for _, l := range m.GetLabel() {
				ok = ok || (l.GetName() == label && l.GetValue() == want)
			}
			if !ok {
				continue
			}
		}
		switch {
		case m.Counter != nil:
			sum += m.GetCounter().GetValue()
		case m.Gauge != nil:
			sum += m.GetGauge().GetValue()
		case m.Histogram != nil:
			sum += float64(m.GetHistogram().GetSampleCount())
		}
	}
	return sum
}

// TestPollingDeletesTheWebhook: a bot that polls first deletes any
// webhook a webhook-mode run left, or getUpdates would be refused.
func TestPollingDeletesTheWebhook(t *testing.T) {
	t.Parallel() // it waits mostly on the bot (see newHarness)
	h := newHarness(t)
	for deadline := time.Now().Add(wait); len(h.srv.Calls("deleteWebhook")) == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no deleteWebhook")
		}
	}
}
