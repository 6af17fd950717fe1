package cli

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"nardi/bot/telegramtest"
)

// TestServeTellsAMissingFolder: a database in a folder that does not
// exist is said so, naming the folder, not taken for another bot.
func TestServeTellsAMissingFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "no-such-folder")
	t.Setenv("TELEGRAM_BOT_TOKEN", telegramtest.Token)
	t.Setenv("TELEGRAM_API_URL", "http://127.0.0.1:1")
	t.Setenv("NARDI_DB", filepath.Join(dir, "nardi.db"))
	var out, errOut strings.Builder
	code := run([]string{"serve"}, nil, &out, &errOut)
	msg := errOut.String()
	if code != 1 || !strings.Contains(msg, "does not exist") || !strings.Contains(msg, dir) || strings.Contains(msg, "another nardi serve") {
		t.Errorf("exit %d, stderr %q", code, msg)
	}
}

// TestServeChecksTheEnvironmentFirst: a wrong setting ends serve with
// status 2 before it calls Telegram or touches the database, and every
// wrong setting is named.
func TestServeChecksTheEnvironmentFirst(t *testing.T) {
	var calls atomic.Int32
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		http.Error(w, "no", http.StatusInternalServerError)
	}))
	defer api.Close()
	dir := t.TempDir()
	t.Setenv("TELEGRAM_BOT_TOKEN", telegramtest.Token)
	t.Setenv("TELEGRAM_API_URL", api.URL)
	t.Setenv("NARDI_DB", filepath.Join(dir, "nardi.db"))
	for _, tc := range []struct{ name, value, want string }{
		{"NARDI_LISTEN", "notaport", "NARDI_LISTEN"},
		{"NARDI_WEBHOOK_URL", "https://bots.example.org/hook", "without NARDI_LISTEN"},
		{"NARDI_PUBLIC_URL", "bots.example.org", "NARDI_PUBLIC_URL"},
		{"NARDI_IDLE_CLAIM_AFTER", "3d", "NARDI_IDLE_CLAIM_AFTER"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(tc.name, tc.value)
			var out, errOut strings.Builder
			if code := run([]string{"serve"}, nil, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), tc.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, errOut.String(), tc.want)
			}
		})
	}
	if n := calls.Load(); n != 0 {
		t.Errorf("Telegram was called %d times", n)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("the database's folder holds %v", entries)
	}
}

// TestServeSaysTheTokenIsRejected: a token Telegram answers 401 to is
// said to be rejected.
func TestServeSaysTheTokenIsRejected(t *testing.T) {
	srv := telegramtest.NewServer()
	defer srv.Close()
	t.Setenv("TELEGRAM_BOT_TOKEN", "999:not-the-token")
	t.Setenv("TELEGRAM_API_URL", srv.URL)
	t.Setenv("NARDI_DB", filepath.Join(t.TempDir(), "nardi.db"))
	var out, errOut strings.Builder
	if code := run([]string{"serve"}, nil, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "Telegram rejected the token") {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
}
