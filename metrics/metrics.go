// Package metrics counts what the bot does, for Prometheus: updates,
// taps, latencies, board pictures, games, Telegram calls and rate limits,
// the inbox. It wraps the standard Go client library at the edge; the
// rest of the project calls its small methods, which do nothing on a nil
// *Metrics.
package metrics

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics holds the bot's collectors in a registry of its own.
type Metrics struct {
	reg            *prometheus.Registry
	updatesIn      prometheus.Counter
	updatesHandled prometheus.Counter
	taps           *prometheus.CounterVec
	tapAnswer      prometheus.Histogram
	tapBoard       prometheus.Histogram
	renders        prometheus.Histogram
	started        *prometheus.CounterVec
	finished       *prometheus.CounterVec
	calls          *prometheus.CounterVec
	limited        prometheus.Counter
	waited         prometheus.Counter
	unconfirmed    prometheus.Counter
}

// Gauges are read when Prometheus scrapes: the active games and the
// updates waiting in the inbox.
type Gauges struct {
	ActiveGames func() float64
	InboxDepth  func() float64
}

// latency buckets: from 10 ms to a minute.
var latency = []float64{0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30, 60}

// New makes the collectors and registers them, with the Go runtime's and
// the process's own.
func New(g Gauges) *Metrics {
	m := &Metrics{
		reg:            prometheus.NewRegistry(),
		updatesIn:      prometheus.NewCounter(prometheus.CounterOpts{Name: "nardi_updates_received_total", Help: "Updates received from Telegram and stored in the inbox."}),
		updatesHandled: prometheus.NewCounter(prometheus.CounterOpts{Name: "nardi_updates_handled_total", Help: "Updates handled to the end."}),
		taps:           prometheus.NewCounterVec(prometheus.CounterOpts{Name: "nardi_taps_total", Help: "Button taps answered, by outcome (ok, note, alert)."}, []string{"outcome"}),
		tapAnswer:      prometheus.NewHistogram(prometheus.HistogramOpts{Name: "nardi_tap_answer_seconds", Help: "From receiving a tap to answering it.", Buckets: latency}),
		tapBoard:       prometheus.NewHistogram(prometheus.HistogramOpts{Name: "nardi_tap_board_seconds", Help: "From a change of a game to its board shown.", Buckets: latency}),
		renders:        prometheus.NewHistogram(prometheus.HistogramOpts{Name: "nardi_board_render_seconds", Help: "Board pictures drawn, and the time each took.", Buckets: latency}),
		started:        prometheus.NewCounterVec(prometheus.CounterOpts{Name: "nardi_games_started_total", Help: "Games begun, by kind (computer, group, private)."}, []string{"kind"}),
		finished:       prometheus.NewCounterVec(prometheus.CounterOpts{Name: "nardi_games_finished_total", Help: "Games (and matches) finished, by kind."}, []string{"kind"}),
		calls:          prometheus.NewCounterVec(prometheus.CounterOpts{Name: "nardi_telegram_calls_total", Help: "Bot API calls, by method and result (ok, error, 429)."}, []string{"method", "result"}),
		limited:        prometheus.NewCounter(prometheus.CounterOpts{Name: "nardi_telegram_429_total", Help: "Bot API calls refused with 429 Too Many Requests."}),
		waited:         prometheus.NewCounter(prometheus.CounterOpts{Name: "nardi_telegram_wait_seconds_total", Help: "Time spent waiting out Telegram's retry_after."}),
		unconfirmed:    prometheus.NewCounter(prometheus.CounterOpts{Name: "nardi_inline_unconfirmed_total", Help: "Inline cards taken without word of who posted them (inline feedback off)."}),
	}
	m.reg.MustRegister(m.updatesIn, m.updatesHandled, m.taps, m.tapAnswer, m.tapBoard, m.renders, m.started, m.finished,
		m.calls, m.limited, m.waited, m.unconfirmed, collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if g.ActiveGames != nil {
		m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "nardi_active_games", Help: "Games being played now."}, g.ActiveGames))
	}
	if g.InboxDepth != nil {
		m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "nardi_inbox_depth", Help: "Updates stored and not yet handled."}, g.InboxDepth))
	}
	return m
}

// Handler serves the metrics in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// Received counts n updates stored.
func (m *Metrics) Received(n int) {
	if m != nil {
		m.updatesIn.Add(float64(n))
	}
}

// Handled counts an update handled.
func (m *Metrics) Handled() {
	if m != nil {
		m.updatesHandled.Inc()
	}
}

// Tap counts a tap's answer and how long after receipt it came.
func (m *Metrics) Tap(outcome string, since time.Duration) {
	if m != nil {
		m.taps.WithLabelValues(outcome).Inc()
		m.tapAnswer.Observe(since.Seconds())
	}
}

// BoardShown records how long a board took to follow a change.
func (m *Metrics) BoardShown(since time.Duration) {
	if m != nil {
		m.tapBoard.Observe(since.Seconds())
	}
}

// Rendered records a board picture drawn.
func (m *Metrics) Rendered(took time.Duration) {
	if m != nil {
		m.renders.Observe(took.Seconds())
	}
}

// GameStarted counts a game begun.
func (m *Metrics) GameStarted(kind string) {
	if m != nil {
		m.started.WithLabelValues(kind).Inc()
	}
}

// GameFinished counts a game finished.
func (m *Metrics) GameFinished(kind string) {
	if m != nil {
		m.finished.WithLabelValues(kind).Inc()
	}
}

// Call counts a Bot API call by its result: "ok", "error" or "429".
func (m *Metrics) Call(method, result string) {
	if m != nil {
		m.calls.WithLabelValues(method, result).Inc()
		if result == "429" {
			m.limited.Inc()
		}
	}
}

// Waited adds time spent waiting out a retry_after.
func (m *Metrics) Waited(d time.Duration) {
	if m != nil {
		m.waited.Add(d.Seconds())
	}
}

// InlineUnconfirmed counts an inline card taken with nothing told of who
// posted it.
func (m *Metrics) InlineUnconfirmed() {
	if m != nil {
		m.unconfirmed.Inc()
	}
}
