package cli

import (
	"bytes"
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"nardi/game"
	"nardi/record"
	"nardi/rules"
	"nardi/store"
)

// TestExportCommand: nardi export writes the stored game (the newest
// without --game) as a record that replays to its board, dated the day
// the game began, and fails clearly for a game that does not exist.
func TestExportCommand(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "nardi.db")
	st, err := store.Open(ctx, db, store.Config{})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2025, 3, 1, 23, 30, 0, 0, time.UTC)
	for _, u := range []int64{5, 6} {
		if _, err := st.UpsertUser(ctx, store.UserInfo{ID: u, Name: "Lia"}, now); err != nil {
			t.Fatal(err)
		}
	}
	var ids []int64
	var games []*game.Game
	for i := range 2 {
		g, err := game.New(game.Options{Rules: rules.Standard, Scoring: rules.WithKoks, Cube: true, Match: 3},
			[2]game.Player{game.Human(int64(5+i), "Lia"), game.Computer(game.Beginner)}, now)
		if err != nil {
			t.Fatal(err)
		}
		for turn := 0; turn < 10*(i+1) && !g.Over(); turn++ {
			switch g.Phase() {
			case game.PhaseCube:
				err = g.Roll(g.Turn(), g.Counter(), now)
			case game.PhaseNoMoves:
				err = g.Pass(g.Counter(), now)
			default:
				err = g.ApplyPlay(g.Turn(), g.Counter(), g.LegalPlays()[0], now)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		id, err := st.CreateGame(ctx, store.NewGame{Kind: store.KindComputer, Chats: [2]int64{int64(5 + i), 0}, Game: g}, now)
		if err != nil {
			t.Fatal(err)
		}
		ids, games = append(ids, id), append(games, g)
	}
	st.Close()
	for _, tc := range []struct {
		args []string
		want int
	}{{nil, 1}, {[]string{"--game", strconv.FormatInt(ids[0], 10)}, 0}} {
		var out, errOut bytes.Buffer
		if code := run(append([]string{"export", "--db", db}, tc.args...), strings.NewReader(""), &out, &errOut); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		p, err := record.Parse(&out)
		if err != nil {
			t.Fatal(err)
		}
		g := games[tc.want]
		final, err := record.Replay(p.Games[0], g.Options().Game(), g.Options().Rules)
		if err != nil || final != g.Board() || p.Match != 3 || p.Header["Game 1 Id"] != g.DiceID() || p.Header["EventDate"] != "2025.03.01" {
			t.Errorf("%v: replays to %s (%v), want %s; header %v", tc.args, final.PositionID(), err, g.Board().PositionID(), p.Header)
		}
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"export", "--db", db, "--game", "999"}, strings.NewReader(""), &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "not found") {
		t.Errorf("a missing game: exit %d, %q", code, errOut.String())
	}
}

// TestExportReadsOnly: a path with no database is refused, naming it, and
// nothing is created; an existing database is not migrated.
func TestExportReadsOnly(t *testing.T) {
	dir := t.TempDir()
	typo := filepath.Join(dir, "typo.db")
	var out, errOut bytes.Buffer
	if code := run([]string{"export", "--db", typo}, strings.NewReader(""), &out, &errOut); code != 1 || !strings.Contains(errOut.String(), typo) {
		t.Errorf("a missing database: exit %d, %q", code, errOut.String())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("export left %v behind", entries)
	}
	ctx := context.Background()
	db := filepath.Join(dir, "nardi.db")
	st, err := store.Open(ctx, db, store.Config{})
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	raw, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var last int
	if err := raw.QueryRow(`SELECT MAX(version) FROM schema_version`).Scan(&last); err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`DELETE FROM schema_version WHERE version = ?`, last); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errOut.Reset()
	if code := run([]string{"export", "--db", db}, strings.NewReader(""), &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "not found") {
		t.Errorf("an empty database: exit %d, %q", code, errOut.String())
	}
	var n int
	if err := raw.QueryRow(`SELECT COUNT(*) FROM schema_version WHERE version = ?`, last).Scan(&n); err != nil || n != 0 {
		t.Errorf("export applied migration %d (%v)", last, err)
	}
}
