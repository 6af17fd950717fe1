package bot

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"nardi/ai"
	"nardi/bot/telegramtest"
	"nardi/metrics"
	"nardi/store"
	"nardi/store/storetest"
)

// TestMetricsListen: with an operators' address, /metrics is served there
// and no longer on the public endpoint; /healthz answers on both.
func TestMetricsListen(t *testing.T) {
	ops, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	opsAddr := ops.Addr().String()
	_, public := listening(t, func(c *Config, addr string) {
		c.Metrics = metrics.New(metrics.Gauges{InboxDepth: func() float64 { return 0 }})
		c.MetricsListener = ops
	})
	status := func(url string) int {
		t.Helper()
		resp, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	waitHealthy(t, "http://"+opsAddr+"/healthz")
	if fams := scrape(t, "http://"+opsAddr+"/metrics"); fams["nardi_inbox_depth"] == nil {
		t.Errorf("the operators' /metrics lacks nardi_inbox_depth")
	}
	if code := status("http://" + public + "/metrics"); code != http.StatusNotFound {
		t.Errorf("the public /metrics: status %d, want 404", code)
	}
	if code := status("http://" + public + "/healthz"); code != http.StatusOK {
		t.Errorf("the public /healthz: status %d, want 200", code)
	}
	if code := status("http://" + opsAddr + "/board/x.jpg"); code != http.StatusNotFound {
		t.Errorf("a picture on the operators' endpoint: status %d, want 404", code)
	}
}

// waitHealthy waits for an endpoint's /healthz to answer 200.
func waitHealthy(t *testing.T, url string) {
	t.Helper()
	for deadline := time.Now().Add(wait); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if resp, err := http.Get(url); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
	}
	t.Fatalf("%s never answered 200", url)
}

// TestTokenRejected: a token Telegram answers 401 to is said to be
// rejected, before the bot does anything else.
func TestTokenRejected(t *testing.T) {
	srv := telegramtest.NewServer()
	defer srv.Close()
	st, err := store.Open(context.Background(), storetest.Path(t, "nardi.db"), store.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	net, err := ai.ShippedNet()
	if err != nil {
		t.Fatal(err)
	}
	_, err = New(Config{Token: "999:not-the-token", APIURL: srv.URL, Store: st, Net: net, Log: testLog()})
	if !errors.Is(err, ErrTokenRejected) || !strings.Contains(err.Error(), "Telegram rejected the token") {
		t.Fatalf("New with a wrong token: %v; want ErrTokenRejected", err)
	}
}

// TestPollerTokenRejected: a 401 to getUpdates (a token revoked while the
// bot runs) is said to be the token's.
func TestPollerTokenRejected(t *testing.T) {
	srv := telegramtest.NewServer()
	defer srv.Close()
	p := &Poller{URL: srv.URL, Token: "999:revoked", Client: http.DefaultClient, Log: testLog()}
	if _, err := p.fetch(context.Background(), 0); !errors.Is(err, ErrTokenRejected) {
		t.Fatalf("getUpdates with a revoked token: %v; want ErrTokenRejected", err)
	}
}
