package bot

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// HTTPLimits bound what a client of the HTTP endpoint may hold, so that
// nobody who can reach it (no secret is needed to connect) can use up its
// goroutines and file descriptors with requests that never finish or
// connections left open.
type HTTPLimits struct {
	// Header is how long a request's headers may take to arrive.
	Header time.Duration
	// Body is how long a whole request may take to arrive, its body
	// included (the webhook's update).
	Body time.Duration
	// Answer is how long /healthz and the webhook may take to answer (the
	// database may be slow); Metrics, /metrics, which is larger.
	Answer, Metrics time.Duration
	// Idle is how long a kept-alive connection may wait for its next
	// request.
	Idle time.Duration
	// PerAddr is how many connections one address may hold at once; more
	// are closed as soon as they are accepted. Telegram opens at most 40
	// to a webhook (setWebhook's max_connections, which the bot leaves at
	// its default); behind a proxy every request comes from its address.
	PerAddr int
}

// DefaultHTTPLimits are the endpoint's limits unless Config says others.
var DefaultHTTPLimits = HTTPLimits{
	Header:  5 * time.Second,
	Body:    15 * time.Second,
	Answer:  10 * time.Second,
	Metrics: 20 * time.Second,
	Idle:    60 * time.Second,
	PerAddr: 64,
}

// orDefault fills the limits left zero from DefaultHTTPLimits.
func (l HTTPLimits) orDefault() HTTPLimits {
	d := DefaultHTTPLimits
	pick := func(v, def time.Duration) time.Duration {
		if v > 0 {
			return v
		}
		return def
	}
	l.Header, l.Body, l.Answer = pick(l.Header, d.Header), pick(l.Body, d.Body), pick(l.Answer, d.Answer)
	l.Metrics, l.Idle = pick(l.Metrics, d.Metrics), pick(l.Idle, d.Idle)
	if l.PerAddr <= 0 {
		l.PerAddr = d.PerAddr
	}
	return l
}

// server makes the endpoint's server: the slowest route's limits for the
// whole connection, each route then its own (answering within).
func (l HTTPLimits) server(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: l.Header, ReadTimeout: l.Body,
		WriteTimeout: l.Body + max(l.Answer, l.Metrics), IdleTimeout: l.Idle}
}

// within lets a route's handler answer within d of its request's arrival.
func within(d time.Duration, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(d))
		h.ServeHTTP(w, r)
	})
}

// perAddrListener closes the connections an address opens beyond its
// limit, so that one client cannot take every connection.
type perAddrListener struct {
	net.Listener
	limit int

	mu   sync.Mutex
	open map[string]int
}

func limitPerAddr(ln net.Listener, limit int) *perAddrListener {
	return &perAddrListener{Listener: ln, limit: limit, open: map[string]int{}}
}

// Accept returns the next connection within its address's limit.
func (l *perAddrListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := c.RemoteAddr().String()
		if host, _, err := net.SplitHostPort(addr); err == nil {
			addr = host
		}
		l.mu.Lock()
		if l.open[addr] >= l.limit {
			l.mu.Unlock()
			c.Close()
			continue
		}
		l.open[addr]++
		l.mu.Unlock()
		return &countedConn{Conn: c, done: func() { l.closed(addr) }}, nil
	}
}

// closed counts a connection of addr closed.
func (l *perAddrListener) closed(addr string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[addr]--; l.open[addr] <= 0 {
		delete(l.open, addr)
	}
}

// countedConn tells its listener once when it is closed.
type countedConn struct {
	net.Conn
	once sync.Once
	done func()
}

// Close closes the connection and counts it closed.
func (c *countedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.done)
	return err
}
