package bot

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"testing"
	"time"
)

// limitsHarness starts the bot polling, with the endpoint on a local port
// held to short limits, and returns the endpoint's address.
func limitsHarness(t *testing.T, limits HTTPLimits) string {
	t.Helper()
	_, addr := listening(t, func(c *Config, _ string) { c.HTTPLimits = limits })
	return addr
}

// dialFrom connects to addr from a loopback address of its own.
func dialFrom(t *testing.T, from, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// closedWithin tells whether the server closes the connection within d
// (reading what it still sends).
func closedWithin(c net.Conn, d time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, c)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		return false
	}
	return true
}

// healthy tells whether /healthz answers from another address.
func healthy(t *testing.T, addr string) bool {
	t.Helper()
	c := dialFrom(t, "127.0.0.1", addr)
	c.SetDeadline(time.Now().Add(5 * time.Second))
	io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: nardi\r\nConnection: close\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

// TestHTTPLimits: the endpoint closes a request whose body never comes, a
// connection that sends nothing, and a kept-alive connection left idle,
// and /healthz answers others meanwhile.
func TestHTTPLimits(t *testing.T) {
	limits := HTTPLimits{Header: 300 * time.Millisecond, Body: 500 * time.Millisecond, Idle: 500 * time.Millisecond, PerAddr: 4}
	addr := limitsHarness(t, limits)
	const slow = "127.0.0.2" // the abusive client's address
	// A request that announces a body and never sends it.
	body := dialFrom(t, slow, addr)
	io.WriteString(body, "POST /healthz HTTP/1.1\r\nHost: nardi\r\nContent-Length: 1000\r\n\r\n{")
	// A connection that never sends its headers.
	silent := dialFrom(t, slow, addr)
	io.WriteString(silent, "GET /heal")
	// A kept-alive connection left idle after one answered request.
	idle := dialFrom(t, slow, addr)
	io.WriteString(idle, "GET /healthz HTTP/1.1\r\nHost: nardi\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(idle), nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if !healthy(t, addr) {
		t.Fatal("/healthz does not answer")
	}
	for name, c := range map[string]net.Conn{"a body that never comes": body, "no headers": silent, "an idle connection": idle} {
		if !closedWithin(c, 5*time.Second) {
			t.Errorf("%s is held open", name)
		}
	}
}

// TestHTTPConnectionsPerAddr: an address past its number of connections
// has the others closed at once; those within stay, and /healthz answers
// other addresses.
func TestHTTPConnectionsPerAddr(t *testing.T) {
	limits := HTTPLimits{Header: time.Minute, PerAddr: 4}
	addr := limitsHarness(t, limits)
	const slow = "127.0.0.2"
	held := make([]net.Conn, 0, limits.PerAddr)
	for range limits.PerAddr {
		c := dialFrom(t, slow, addr)
		io.WriteString(c, "GET /heal")
		held = append(held, c)
	}
	time.Sleep(100 * time.Millisecond)
	extra := dialFrom(t, slow, addr)
	if !closedWithin(extra, 2*time.Second) {
		t.Error("a connection past the address's limit was kept")
	}
	if !healthy(t, addr) {
		t.Error("/healthz does not answer others while one address holds its limit")
	}
	if closedWithin(held[0], 50*time.Millisecond) {
		t.Error("a connection within the limit was closed")
	}
	for _, c := range held {
		c.Close()
	}
}
