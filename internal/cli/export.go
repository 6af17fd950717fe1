package cli

import (
	"context"
	"fmt"
	"io"

	"nardi/record"
	"nardi/store"
)

// cmdExport is "nardi export --db FILE [--game ID]": the game (a match
// with all its games) as a Jellyfish .mat record on stdout, the newest
// game without --game.
func cmdExport(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags(stderr, "export", "[--db FILE] [--game ID] > FILE.mat")
	dbPath := fs.String("db", "nardi.db", "the bot's database")
	id := fs.Int64("game", 0, "the game's id (default: the newest game)")
	if code, ok := fs.Parse(args, stdout); !ok {
		return code
	}
	ctx := context.Background()
	st, err := store.OpenReadOnly(ctx, *dbPath)
	if err != nil {
		fmt.Fprintln(stderr, "nardi export:", err)
		return 1
	}
	defer st.Close()
	var rec *store.GameRecord
	if *id > 0 {
		rec, err = st.LoadGame(ctx, *id)
	} else {
		rec, err = st.NewestGame(ctx)
	}
	if err != nil {
		fmt.Fprintln(stderr, "nardi export:", err)
		return 1
	}
	if err := record.Write(stdout, rec.Game, record.ComputerName(rec.Game)); err != nil {
		fmt.Fprintln(stderr, "nardi export:", err)
		return 1
	}
	return 0
}
