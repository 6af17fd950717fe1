package main

import (
	"path/filepath"
	"strings"
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
