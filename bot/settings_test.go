package bot

import (
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// TestLoadSettings: every setting is checked before the bot starts, and
// a wrong one is named with what is wrong with it.
func TestLoadSettings(t *testing.T) {
	const token = "123456:AAE-secret_x"
	base := map[string]string{"TELEGRAM_BOT_TOKEN": token}
	with := func(kv ...string) map[string]string {
		env := map[string]string{}
		for k, v := range base {
			env[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			env[kv[i]] = kv[i+1]
		}
		return env
	}
	for _, tc := range []struct {
		name string
		env  map[string]string
		want []string // in the error, each; none: no error
	}{
		{"defaults", base, nil},
		{"everything", with("TELEGRAM_API_URL", " https://api.telegram.org/ ", "NARDI_DB", "/data/nardi.db", "LOG_LEVEL", "debug",
			"NARDI_LISTEN", ":8080", "NARDI_METRICS_LISTEN", "127.0.0.1:9090", "NARDI_WEBHOOK_URL", "https://bots.example.org:8443/nardi/hook",
			"NARDI_PUBLIC_URL", "https://bots.example.org/nardi", "NARDI_REMIND_AFTER", "10m", "NARDI_IDLE_CLAIM_AFTER", "72h"), nil},
		{"a Bot API of one's own calls http on any port", with("TELEGRAM_API_URL", "http://127.0.0.1:8081",
			"NARDI_LISTEN", ":8080", "NARDI_WEBHOOK_URL", "http://bot.local:8080/hook"), nil},
		{"no token", with("TELEGRAM_BOT_TOKEN", " "), []string{"TELEGRAM_BOT_TOKEN", "not set"}},
		{"not a token", with("TELEGRAM_BOT_TOKEN", "bot 123456/AAE"), []string{"TELEGRAM_BOT_TOKEN", "does not look like"}},
		{"api url", with("TELEGRAM_API_URL", "api.telegram.org"), []string{"TELEGRAM_API_URL", "not an http or https URL"}},
		{"log level", with("LOG_LEVEL", "loud"), []string{"LOG_LEVEL", `"loud"`}},
		{"no port", with("NARDI_LISTEN", "notaport"), []string{"NARDI_LISTEN", `"notaport"`}},
		{"a port out of range", with("NARDI_LISTEN", ":80800"), []string{"NARDI_LISTEN", "0 to 65535"}},
		{"a port by name", with("NARDI_METRICS_LISTEN", "localhost:metrics"), []string{"NARDI_METRICS_LISTEN", `port "metrics"`}},
		{"one address for both", with("NARDI_LISTEN", ":8080", "NARDI_METRICS_LISTEN", ":8080"), []string{"NARDI_METRICS_LISTEN", "of its own"}},
		{"a webhook without an address", with("NARDI_WEBHOOK_URL", "https://bots.example.org/hook"), []string{"NARDI_WEBHOOK_URL", "without NARDI_LISTEN"}},
		{"an http webhook", with("NARDI_LISTEN", ":8080", "NARDI_WEBHOOK_URL", "http://bots.example.org/hook"), []string{"NARDI_WEBHOOK_URL", "only over https"}},
		{"a webhook port Telegram does not call", with("NARDI_LISTEN", ":8080", "NARDI_WEBHOOK_URL", "https://bots.example.org:8080/hook"), []string{"NARDI_WEBHOOK_URL", "443, 80, 88, 8443"}},
		{"a relative webhook", with("NARDI_LISTEN", ":8080", "NARDI_WEBHOOK_URL", "/hook"), []string{"NARDI_WEBHOOK_URL", "not an absolute URL"}},
		{"a public URL without scheme", with("NARDI_LISTEN", ":8080", "NARDI_PUBLIC_URL", "bots.example.org/nardi"), []string{"NARDI_PUBLIC_URL", "base URL"}},
		{"a public URL with a query", with("NARDI_LISTEN", ":8080", "NARDI_PUBLIC_URL", "https://bots.example.org/?a=1"), []string{"NARDI_PUBLIC_URL", "base URL"}},
		{"a public URL without an address", with("NARDI_PUBLIC_URL", "https://bots.example.org/nardi"), []string{"NARDI_PUBLIC_URL", "without NARDI_LISTEN"}},
		{"a duration without unit", with("NARDI_REMIND_AFTER", "10"), []string{"NARDI_REMIND_AFTER", "positive duration"}},
		{"a negative duration", with("NARDI_IDLE_CLAIM_AFTER", "-1h"), []string{"NARDI_IDLE_CLAIM_AFTER", "positive duration"}},
		{"all at once", with("NARDI_LISTEN", "notaport", "NARDI_REMIND_AFTER", "soon"), []string{"NARDI_LISTEN", "NARDI_REMIND_AFTER"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadSettings(func(name string) string { return tc.env[name] })
			if len(tc.want) == 0 {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("accepted; want an error with %q", tc.want)
			}
			var se *SettingsError
			if !errors.As(err, &se) {
				t.Errorf("%T is not a *SettingsError", err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%q lacks %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "AAE") {
				t.Errorf("%q shows the token", err)
			}
		})
	}
}

// TestLoadSettingsValues: what is read is what the bot gets, trimmed, with
// the defaults where unset.
func TestLoadSettingsValues(t *testing.T) {
	env := map[string]string{"TELEGRAM_BOT_TOKEN": " 1:x\n", "TELEGRAM_API_URL": "http://127.0.0.1:8081/", "LOG_LEVEL": "warn",
		"NARDI_LISTEN": ":8080", "NARDI_METRICS_LISTEN": "127.0.0.1:9090", "NARDI_REMIND_AFTER": "5m"}
	s, err := LoadSettings(func(name string) string { return env[name] })
	if err != nil {
		t.Fatal(err)
	}
	want := Settings{Token: "1:x", APIURL: "http://127.0.0.1:8081", DB: "nardi.db", LogLevel: slog.LevelWarn,
		Listen: ":8080", MetricsListen: "127.0.0.1:9090", RemindAfter: 5 * time.Minute}
	if s != want {
		t.Errorf("%+v\nwant %+v", s, want)
	}
	if s, _ := LoadSettings(func(name string) string { return map[string]string{"TELEGRAM_BOT_TOKEN": "1:x"}[name] }); s.APIURL != DefaultAPIURL || s.LogLevel != slog.LevelInfo {
		t.Errorf("defaults: %+v", s)
	}
}
