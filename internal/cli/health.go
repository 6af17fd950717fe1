package cli

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"
)

// cmdHealth is "nardi health": it asks the running bot's /healthz (on
// NARDI_METRICS_LISTEN when set, else NARDI_LISTEN, ":8080" by default)
// and exits 0 when it answers 200, as a container's HEALTHCHECK (the
// image has no shell).
func cmdHealth(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "health").About("Asks the running bot's /healthz on NARDI_METRICS_LISTEN when set, else NARDI_LISTEN (default :8080), and exits 0 when it answers 200, 1 otherwise.")
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return fs.Fail("unexpected argument %q", fs.Arg(0))
	}
	name := "NARDI_METRICS_LISTEN"
	addr := envOr(name, "")
	if addr == "" {
		name, addr = "NARDI_LISTEN", envOr("NARDI_LISTEN", ":8080")
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		fmt.Fprintf(stderr, "nardi health: %s %q: %v\n", name, addr, err)
		return 2
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	client := &http.Client{Timeout: 5 * time.Second}
	resp, err := client.Get("http://" + net.JoinHostPort(host, port) + "/healthz")
	if err != nil {
		fmt.Fprintln(stderr, "nardi health:", err)
		return 1
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	fmt.Fprintln(stdout, strings.TrimSpace(string(body)))
	if resp.StatusCode != http.StatusOK {
		return 1
	}
	return 0
}
