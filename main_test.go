package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"nardi/bot/telegramtest"
)

// TestMain lets the test binary play the bot itself in a child process, so
// that a test can kill it with SIGKILL.
func TestMain(m *testing.M) {
	if os.Getenv("NARDI_TEST_SERVE") == "1" {
		os.Exit(run([]string{"serve"}, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

func startServe(t *testing.T, srv *telegramtest.Server, db string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "NARDI_TEST_SERVE=1", "TELEGRAM_BOT_TOKEN="+telegramtest.Token,
		"TELEGRAM_API_URL="+srv.URL, "NARDI_DB="+db, "LOG_LEVEL=warn")
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

func TestServeNeedsToken(t *testing.T) {
	t.Setenv("TELEGRAM_BOT_TOKEN", "")
	var out, errOut strings.Builder
	if code := run([]string{"serve"}, nil, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "TELEGRAM_BOT_TOKEN") {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
}

// TestServeSurvivesSIGKILL kills the bot in the middle of a game and starts
// it again on the same database: the same board message goes on working
// from the same position.
func TestServeSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the bot as a child process")
	}
	srv := telegramtest.NewServer()
	defer srv.Close()
	db := filepath.Join(t.TempDir(), "nardi.db")
	u := telegramtest.User{ID: 42, FirstName: "Giorgi", LanguageCode: "ka"}
	const wait = 20 * time.Second
	stepButton := func(m *telegramtest.Message) string {
		for _, b := range m.Buttons() {
			if strings.HasPrefix(b.CallbackData, "st:") {
				return b.CallbackData
			}
		}
		return ""
	}
	child := startServe(t, srv, db)
	srv.SendText(u, u.Private(), "/play easy")
	board, ok := srv.WaitMessage(wait, func(m *telegramtest.Message) bool { return m.ChatID == u.ID && m.Photo != nil && stepButton(m) != "" })
	if !ok {
		child.Process.Kill()
		t.Fatal("no playable board")
	}
	data := stepButton(&board)
	if a, ok := srv.WaitAnswer(srv.Tap(u, board.ID, data), wait); !ok || a.Text != "" {
		child.Process.Kill()
		t.Fatalf("first step answered %q, %v", a.Text, ok)
	}
	after, _ := srv.WaitMessage(wait, func(m *telegramtest.Message) bool { return m.ID == board.ID && m.Edits > board.Edits })
	if err := child.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	child.Wait()

	child = startServe(t, srv, db)
	defer func() {
		child.Process.Signal(syscall.SIGTERM)
		child.Wait()
	}()
	// The old step button is stale now; the board's current buttons work.
	if a, ok := srv.WaitAnswer(srv.Tap(u, board.ID, data), wait); !ok || a.Text == "" {
		t.Errorf("a repeated tap after the restart answered %q, %v", a.Text, ok)
	}
	cur, ok := srv.WaitMessage(wait, func(m *telegramtest.Message) bool {
		return m.ID == board.ID && m.Edits >= after.Edits && stepButton(m) != ""
	})
	if !ok {
		t.Fatal("the board takes no steps after the restart")
	}
	if a, ok := srv.WaitAnswer(srv.Tap(u, board.ID, stepButton(&cur)), wait); !ok || a.Text != "" {
		t.Fatalf("a step after the restart answered %q, %v", a.Text, ok)
	}
	if _, ok := srv.WaitMessage(wait, func(m *telegramtest.Message) bool { return m.ID == board.ID && m.Edits > cur.Edits }); !ok {
		t.Error("the board was not edited after a step following the restart")
	}
}
