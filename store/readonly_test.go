package store

import (
	"crypto/sha256"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"nardi/game"
)

// TestOpenReadOnlyRefusesAMissingFile: a path with no database is refused
// with ErrNoDatabase, naming it, and no file appears there.
func TestOpenReadOnlyRefusesAMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "typo.db")
	s, err := OpenReadOnly(ctx, path)
	if err == nil {
		s.Close()
	}
	if !errors.Is(err, ErrNoDatabase) || !strings.Contains(err.Error(), path) {
		t.Fatalf("a missing file: %v; want ErrNoDatabase naming %s", err, path)
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 0 {
		t.Fatalf("the folder now holds %v", entries)
	}
	if _, err := OpenReadOnly(ctx, t.TempDir()); !errors.Is(err, ErrNoDatabase) {
		t.Fatalf("a folder: %v; want ErrNoDatabase", err)
	}
}

// TestOpenReadOnlyNeverMigrates: an older database is read as it is (no
// migration applied, the file unchanged), writes fail, and a newer one is
// refused.
func TestOpenReadOnlyNeverMigrates(t *testing.T) {
	s, path := openTemp(t)
	addUsers(t, s, 1, 2)
	id, err := s.CreateGame(ctx, NewGame{Kind: KindPrivate, Chats: [2]int64{1, 2}, Game: duel(t, 1, 2, game.Options{})}, t0)
	must(t, err)
	ms, err := migrations()
	must(t, err)
	last, before := ms[len(ms)-1].version, ms[len(ms)-2].version
	_, err = s.db.ExecContext(ctx, `DELETE FROM schema_version WHERE version = ?`, last)
	must(t, err)
	must(t, s.Close())
	sum := fileSum(t, path)

	ro, err := OpenReadOnly(ctx, path)
	must(t, err)
	if v, err := ro.SchemaVersion(ctx); err != nil || v != before {
		t.Fatalf("schema version %d (%v); want %d, as it was", v, err, before)
	}
	if r, err := ro.NewestGame(ctx); err != nil || r.ID != id {
		t.Fatalf("newest game %+v, %v; want game %d", r, err, id)
	}
	if _, err := ro.UpsertUser(ctx, UserInfo{ID: 3, Name: "C"}, t0); err == nil {
		t.Fatal("a read-only store wrote a user")
	}
	must(t, ro.Close())
	if fileSum(t, path) != sum {
		t.Fatal("reading changed the database file")
	}

	db, err := sql.Open("sqlite", dsn(path, "NORMAL"))
	must(t, err)
	_, err = db.ExecContext(ctx, `INSERT INTO schema_version (version, name, applied_at) VALUES (999, 'future', 0)`)
	must(t, err)
	must(t, db.Close())
	if ro, err := OpenReadOnly(ctx, path); err == nil || !strings.Contains(err.Error(), "newer") {
		if err == nil {
			ro.Close()
		}
		t.Fatalf("a newer database: %v; want it refused", err)
	}
}

// fileSum is the SHA-256 of a file's bytes.
func fileSum(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	must(t, err)
	return sha256.Sum256(b)
}
