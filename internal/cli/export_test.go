package cli

import (
	"bytes"
	"context"
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
// without --game) as a record that replays to its board, and fails
// clearly for a game that does not exist.
func TestExportCommand(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "nardi.db")
	st, err := store.Open(ctx, db, store.Config{})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	for _, u := range []int64{5, 6} {
		if _, err := st.UpsertUser(ctx, store.UserInfo{ID: u, Name: "Lia"}, now); err != nil {
			t.Fatal(err)
		}
	}
	var ids []int64
	var games []*game.Game
	for i := range 2 {
		g, err := game.New(game.Options{Rules: rules.Standard, Scoring: rules.WithKoks, Cube: true, Match: 3},
			[2]game.Player{game.Human(int64(5+i), "Lia"), game.Computer(game.Easy)}, now)
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
		if err != nil || final != g.Board() || p.Match != 3 || p.Header["Game 1 Id"] != g.DiceID() {
			t.Errorf("%v: replays to %s (%v), want %s; header %v", tc.args, final.PositionID(), err, g.Board().PositionID(), p.Header)
		}
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"export", "--db", db, "--game", "999"}, strings.NewReader(""), &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "not found") {
		t.Errorf("a missing game: exit %d, %q", code, errOut.String())
	}
}
