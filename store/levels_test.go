package store

import (
	"database/sql"
	"testing"

	"nardi/game"
)

// TestLevelNamesMigrated: games stored with the levels' former names
// (easy, medium, hard, master) read, after migration 017, as the levels
// players knew them by: the former master is the Grandmaster, the former
// hard the Master; both the games.level column and the state's players.
func TestLevelNamesMigrated(t *testing.T) {
	s, path := openTemp(t)
	addUsers(t, s, 1, 2, 3, 4, 5, 6)
	former := map[string]game.Level{"easy": game.Beginner, "medium": game.Club, "hard": game.Master, "master": game.Grandmaster}
	ids := map[string]int64{}
	user := int64(1)
	for old := range former {
		g, err := game.New(game.Options{}, [2]game.Player{game.Human(user, "A"), game.Computer(game.Beginner)}, t0)
		must(t, err)
		id, err := s.CreateGame(ctx, NewGame{Kind: KindComputer, Chats: [2]int64{user, 0}, Game: g}, t0)
		must(t, err)
		ids[old] = id
		user++
	}
	duelID, err := s.CreateGame(ctx, NewGame{Kind: KindPrivate, Chats: [2]int64{5, 6}, Game: duel(t, 5, 6, game.Options{})}, t0)
	must(t, err)
	must(t, s.Close())

	// The database as the former names left it: migration 017 not applied.
	db, err := sql.Open("sqlite", dsn(path, "NORMAL"))
	must(t, err)
	for old, id := range ids {
		_, err := db.ExecContext(ctx, `UPDATE games SET level = ?, state = json_set(state, '$.players[1].level', ?) WHERE id = ?`, old, old, id)
		must(t, err)
	}
	_, err = db.ExecContext(ctx, `DELETE FROM schema_version WHERE version = 17`)
	must(t, err)
	must(t, db.Close())

	s = openAt(t, path)
	defer s.Close()
	for old, id := range ids {
		r, err := s.LoadGame(ctx, id)
		must(t, err)
		if got := r.Game.Player(1).Level; got != former[old] {
			t.Errorf("a game stored with %q: the state's level %q, want %q", old, got, former[old])
		}
		var column, raw string
		must(t, s.db.QueryRowContext(ctx, `SELECT level, json_extract(state, '$.players[1].level') FROM games WHERE id = ?`, id).Scan(&column, &raw))
		if column != string(former[old]) || raw != string(former[old]) {
			t.Errorf("a game stored with %q: column %q, state %q; want %q", old, column, raw, former[old])
		}
	}
	var levels sql.NullString
	must(t, s.db.QueryRowContext(ctx, `SELECT json_extract(state, '$.players[0].level') FROM games WHERE id = ?`, duelID).Scan(&levels))
	if levels.Valid {
		t.Errorf("a person's seat got a level: %q", levels.String)
	}
}
