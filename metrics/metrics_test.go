package metrics

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// TestMetrics: what is counted shows on the handler in the Prometheus
// text format, and a nil *Metrics counts nothing without failing.
func TestMetrics(t *testing.T) {
	var none *Metrics
	none.Received(1)
	none.Tap("ok", time.Second)
	none.Call("sendMessage", "429")

	m := New(Gauges{ActiveGames: func() float64 { return 3 }, InboxDepth: func() float64 { return 1 }})
	m.Received(2)
	m.Handled()
	m.Tap("ok", 40*time.Millisecond)
	m.Tap("alert", 10*time.Millisecond)
	m.BoardShown(2 * time.Second)
	m.Rendered(30 * time.Millisecond)
	m.GameStarted("group")
	m.GameFinished("group")
	m.Call("editMessageMedia", "ok")
	m.Call("editMessageMedia", "429")
	m.Waited(3 * time.Second)
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	parser := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := parser.TextToMetricFamilies(strings.NewReader(rec.Body.String()))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]float64{
		"nardi_updates_received_total": 2, "nardi_updates_handled_total": 1, "nardi_active_games": 3,
		"nardi_inbox_depth": 1, "nardi_telegram_429_total": 1, "nardi_telegram_wait_seconds_total": 3,
	} {
		f := fams[name]
		if f == nil || len(f.GetMetric()) != 1 {
			t.Fatalf("%s missing", name)
		}
		mt := f.GetMetric()[0]
		got := mt.GetCounter().GetValue() + mt.GetGauge().GetValue()
		if got != want {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	if n := fams["nardi_taps_total"].GetMetric(); len(n) != 2 {
		t.Errorf("taps by outcome: %v", n)
	}
	if h := fams["nardi_tap_answer_seconds"].GetMetric()[0].GetHistogram(); h.GetSampleCount() != 2 {
		t.Errorf("tap answers: %v", h)
	}
}
