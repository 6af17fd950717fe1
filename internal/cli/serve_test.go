package cli

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
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
	return startServeTo(t, db, srv.URL, "warn", os.Stderr)
}

// startServeTo starts the bot as a child process with its log to out.
func startServeTo(t *testing.T, db, url, level string, out io.Writer) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "NARDI_TEST_SERVE=1", "TELEGRAM_BOT_TOKEN="+telegramtest.Token,
		"TELEGRAM_API_URL="+url, "NARDI_DB="+db, "LOG_LEVEL="+level)
	cmd.Stderr, cmd.Stdout = out, out
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
	t.Parallel()
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
	srv.SendText(u, u.Private(), "/play beginner")
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

// startServeLogged starts the bot with its debug log in a buffer.
func startServeLogged(t *testing.T, _ *telegramtest.Server, db, url string, log *syncBuffer) *exec.Cmd {
	t.Helper()
	return startServeTo(t, db, url, "debug", log)
}

// syncBuffer is a buffer safe for a child's output and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestSecondServeRefuses: a second bot on the same database stops at once
// with a clear message, before it polls, and the first one goes on.
func TestSecondServeRefuses(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts the bot as child processes")
	}
	srv := telegramtest.NewServer()
	defer srv.Close()
	db := filepath.Join(t.TempDir(), "nardi.db")
	u := telegramtest.User{ID: 77, FirstName: "Ani", LanguageCode: "hy"}
	var firstLog, secondLog syncBuffer
	first := startServeLogged(t, srv, db, srv.URL, &firstLog)
	defer func() {
		first.Process.Signal(syscall.SIGTERM)
		first.Wait()
	}()
	srv.SendText(u, u.Private(), "/start")
	if _, ok := srv.WaitMessage(20*time.Second, func(m *telegramtest.Message) bool { return m.ChatID == u.ID }); !ok {
		t.Fatal("the first bot does not answer")
	}
	second := startServeLogged(t, srv, db, srv.URL, &secondLog)
	done := make(chan error, 1)
	go func() { done <- second.Wait() }()
	select {
	case err := <-done:
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() == 0 {
			t.Fatalf("the second bot exited with %v", err)
		}
	case <-time.After(15 * time.Second):
		second.Process.Kill()
		t.Fatal("the second bot did not stop within 15 s")
	}
	if !strings.Contains(secondLog.String(), "another nardi serve") {
		t.Errorf("the second bot did not say why: %s", secondLog.String())
	}
	// The first one goes on answering.
	last := 0
	for _, m := range srv.Messages(u.ID) {
		last = max(last, m.ID)
	}
	srv.SendText(u, u.Private(), "/help")
	if _, ok := srv.WaitMessage(20*time.Second, func(m *telegramtest.Message) bool { return m.ChatID == u.ID && m.ID > last }); !ok {
		t.Fatal("the first bot stopped answering")
	}
}

// TestTokenNeverLogged: with stray spaces around TELEGRAM_API_URL and a
// Bot API that cannot be reached, the log says what fails but never shows
// the token.
func TestTokenNeverLogged(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts the bot as a child process")
	}
	srv := telegramtest.NewServer()
	url := srv.URL
	srv.Close() // nothing listens there any more
	var log syncBuffer
	child := startServeLogged(t, srv, filepath.Join(t.TempDir(), "nardi.db"), " "+url+" \n", &log)
	time.Sleep(3 * time.Second)
	child.Process.Signal(syscall.SIGTERM)
	child.Wait()
	out := log.String()
	secret := strings.SplitN(telegramtest.Token, ":", 2)[1]
	if strings.Contains(out, secret) {
		t.Fatalf("the token is in the log:\n%s", out)
	}
	if !strings.Contains(out, "failed") {
		t.Fatalf("the log does not say what failed:\n%s", out)
	}
}

// TestServeStopsInTime: SIGTERM in the middle of a group's paced traffic
// stops the bot well within the 10 s Docker gives it.
func TestServeStopsInTime(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts the bot as a child process")
	}
	srv := telegramtest.NewServer()
	defer srv.Close()
	var log syncBuffer
	child := startServeLogged(t, srv, filepath.Join(t.TempDir(), "nardi.db"), srv.URL, &log)
	group := telegramtest.Chat{ID: -4242, Type: "group", Title: "Club"}
	for i := range 6 {
		u := telegramtest.User{ID: int64(500 + i), FirstName: "P" + string(rune('A'+i)), LanguageCode: "ru"}
		srv.SendText(u, group, "/duel")
	}
	if _, ok := srv.WaitMessage(20*time.Second, func(m *telegramtest.Message) bool { return m.ChatID == group.ID }); !ok {
		t.Fatal("no challenge in the group")
	}
	start := time.Now()
	child.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- child.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("exit: %v\n%s", err, log.String())
		}
	case <-time.After(10 * time.Second):
		child.Process.Kill()
		t.Fatalf("still running 10 s after SIGTERM\n%s", log.String())
	}
	t.Logf("stopped in %s", time.Since(start))
}
