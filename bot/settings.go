package bot

import (
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Settings is the bot's configuration as `nardi serve` reads it from the
// environment, all of it checked by LoadSettings before anything calls
// Telegram or opens the database.
type Settings struct {
	Token    string     // TELEGRAM_BOT_TOKEN, required
	APIURL   string     // TELEGRAM_API_URL, DefaultAPIURL when unset
	DB       string     // NARDI_DB, "nardi.db" when unset
	LogLevel slog.Level // LOG_LEVEL, info when unset
	// Listen (NARDI_LISTEN) is the public endpoint's address: the
	// webhook, the inline pictures, /healthz, and /metrics unless
	// MetricsListen is set.
	Listen string
	// MetricsListen (NARDI_METRICS_LISTEN) is the operators' address:
	// /metrics and /healthz, kept off the public one.
	MetricsListen string
	WebhookURL    string // NARDI_WEBHOOK_URL; "" polls
	PublicURL     string // NARDI_PUBLIC_URL
	// LiveApp (NARDI_LIVE_APP) is the Mini App's short name at BotFather,
	// for the live board's direct link: letters, digits and underscores.
	LiveApp string
	// RemindAfter (NARDI_REMIND_AFTER) and IdleClaim
	// (NARDI_IDLE_CLAIM_AFTER): 0 for table's defaults.
	RemindAfter, IdleClaim time.Duration
}

// tokenShape is the form of a token @BotFather gives: the bot's id, a
// colon, and a secret of letters, digits, - and _.
var tokenShape = regexp.MustCompile(`^[0-9]+:[A-Za-z0-9_-]+$`)

// webhookPorts are the ports the official Bot API calls webhooks on.
var webhookPorts = []string{"443", "80", "88", "8443"}

// LoadSettings reads the settings through getenv (os.Getenv in serve)
// and checks every one of them; the error names each variable that is
// wrong, one a line, and never quotes the token.
func LoadSettings(getenv func(string) string) (Settings, error) {
	env := func(name string) string { return strings.TrimSpace(getenv(name)) }
	var s Settings
	var errs []error
	bad := func(name, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s: "+format, append([]any{name}, args...)...))
	}

	s.Token = env("TELEGRAM_BOT_TOKEN")
	switch {
	case s.Token == "":
		bad("TELEGRAM_BOT_TOKEN", "not set; get a token from @BotFather and export it")
	case !tokenShape.MatchString(s.Token):
		bad("TELEGRAM_BOT_TOKEN", "does not look like a token from @BotFather (digits, a colon, then letters, digits, - or _)")
	}
	var err error
	if s.APIURL, err = apiURL(env("TELEGRAM_API_URL")); err != nil {
		bad("TELEGRAM_API_URL", "%v", err)
	}
	if s.DB = env("NARDI_DB"); s.DB == "" {
		s.DB = "nardi.db"
	}
	if v := env("LOG_LEVEL"); v != "" {
		if err := s.LogLevel.UnmarshalText([]byte(v)); err != nil {
			bad("LOG_LEVEL", "%q is not debug, info, warn or error", v)
		}
	}
	for _, a := range []struct {
		name string
		to   *string
	}{{"NARDI_LISTEN", &s.Listen}, {"NARDI_METRICS_LISTEN", &s.MetricsListen}} {
		*a.to = env(a.name)
		if err := checkAddr(*a.to); err != nil {
			bad(a.name, "%v", err)
		}
	}
	if s.MetricsListen != "" && s.MetricsListen == s.Listen {
		bad("NARDI_METRICS_LISTEN", "%q is NARDI_LISTEN's address too; give the operators' endpoint an address of its own", s.MetricsListen)
	}
	s.WebhookURL = env("NARDI_WEBHOOK_URL")
	if s.WebhookURL != "" {
		if err := checkWebhook(s.WebhookURL, s.APIURL == DefaultAPIURL); err != nil {
			bad("NARDI_WEBHOOK_URL", "%v", err)
		}
		if s.Listen == "" {
			bad("NARDI_WEBHOOK_URL", "set without NARDI_LISTEN, the address to serve the webhook on (say :8080)")
		}
	}
	s.PublicURL = env("NARDI_PUBLIC_URL")
	if s.PublicURL != "" {
		if err := checkBaseURL(s.PublicURL); err != nil {
			bad("NARDI_PUBLIC_URL", "%v", err)
		}
		if s.Listen == "" {
			bad("NARDI_PUBLIC_URL", "set without NARDI_LISTEN, the address Telegram fetches the pictures from")
		}
	}
	s.LiveApp = env("NARDI_LIVE_APP")
	if s.LiveApp != "" {
		if !liveAppName.MatchString(s.LiveApp) {
			bad("NARDI_LIVE_APP", "%q is not a Mini App's short name (3 to 30 letters, digits or underscores)", s.LiveApp)
		}
		if s.PublicURL == "" {
			bad("NARDI_LIVE_APP", "set without NARDI_PUBLIC_URL, where Telegram opens the live board")
		}
	}
	for _, d := range []struct {
		name string
		to   *time.Duration
	}{{"NARDI_REMIND_AFTER", &s.RemindAfter}, {"NARDI_IDLE_CLAIM_AFTER", &s.IdleClaim}} {
		v := env(d.name)
		if v == "" {
			continue
		}
		if *d.to, err = time.ParseDuration(v); err != nil || *d.to <= 0 {
			bad(d.name, "%q is not a positive duration such as 10m or 72h", v)
		}
	}
	if len(errs) > 0 {
		return Settings{}, &SettingsError{Problems: errs}
	}
	return s, nil
}

// liveAppName is the shape of a Mini App's short name at BotFather.
var liveAppName = regexp.MustCompile(`^[A-Za-z0-9_]{3,30}$`)

// SettingsError lists what is wrong with the environment, one problem a
// variable.
type SettingsError struct {
	Problems []error
}

// Error gives the problems one a line.
func (e *SettingsError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap gives the problems to errors.Is and errors.As.
func (e *SettingsError) Unwrap() []error { return e.Problems }

// apiURL checks TELEGRAM_API_URL: empty for the official Bot API, else an
// http or https URL with a host, returned without a trailing slash.
func apiURL(raw string) (string, error) {
	if raw == "" {
		return DefaultAPIURL, nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("%q is not an http or https URL of a Bot API server", raw)
	}
	return strings.TrimRight(raw, "/"), nil
}

// checkAddr checks a listening address: empty (none), or host:port with
// a port number ("" host: every interface).
func checkAddr(addr string) error {
	if addr == "" {
		return nil
	}
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%q is not an address to listen on, such as :8080 or 127.0.0.1:9090", addr)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("%q: the port %q is not a number from 0 to 65535", addr, port)
	}
	return nil
}

// checkWebhook checks the webhook's URL: an absolute https URL, on a port
// Telegram calls, when the official Bot API (official) is to call it; a
// Bot API server of one's own may call http and any port.
func checkWebhook(raw string, official bool) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Hostname() == "" || u.Fragment != "" || u.User != nil {
		return fmt.Errorf("%q is not an absolute URL such as https://bots.example.org/nardi/hook", raw)
	}
	switch {
	case u.Scheme == "https":
	case u.Scheme == "http" && !official:
	case u.Scheme == "http":
		return fmt.Errorf("%q: Telegram calls webhooks only over https (put the bot behind a proxy with TLS)", raw)
	default:
		return fmt.Errorf("%q is not an https URL", raw)
	}
	if port := u.Port(); official && port != "" && !slices.Contains(webhookPorts, port) {
		return fmt.Errorf("%q: Telegram calls webhooks only on ports %s", raw, strings.Join(webhookPorts, ", "))
	}
	return nil
}

// checkBaseURL checks NARDI_PUBLIC_URL: an absolute http or https URL
// with no query or fragment, to which picture paths are added.
func checkBaseURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return fmt.Errorf("%q is not an http or https base URL such as https://bots.example.org/nardi", raw)
	}
	return nil
}
