package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"time"
)

// ErrNoDatabase: OpenReadOnly found no database file at the path given.
var ErrNoDatabase = errors.New("store: no database")

// OpenReadOnly opens the existing SQLite database at dbPath for reading
// only, as the export does: a missing file is ErrNoDatabase (nothing is
// created), no migration is applied, and no write can be made. A database
// whose schema is newer than this program's is refused; an older one is
// read as it is. It may be opened while the bot runs.
func OpenReadOnly(ctx context.Context, dbPath string) (*Store, error) {
	info, err := os.Stat(dbPath)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w at %s (check the path: nothing is created there)", ErrNoDatabase, dbPath)
	}
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", dbPath, err)
	}
	if info.IsDir() {
		return nil, fmt.Errorf("%w at %s: it is a folder", ErrNoDatabase, dbPath)
	}
	db, err := sql.Open("sqlite", readOnlyDSN(dbPath))
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", dbPath, err)
	}
	db.SetMaxOpenConns(2)
	s := &Store{db: newPool(db)}
	have, err := s.SchemaVersion(ctx)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store: open %s read-only (is it a nardi database?): %w", dbPath, err)
	}
	ms, err := migrations()
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store: open %s: %w", dbPath, err)
	}
	if latest := latestVersion(ms); have > latest {
		db.Close()
		return nil, fmt.Errorf("store: open %s: the database is at schema version %d, newer than this program's %d", dbPath, have, latest)
	}
	return s, nil
}

// readOnlyDSN is dsn's read-only counterpart: the file opened with
// mode=ro and queries only, with no journal mode set (which would write).
func readOnlyDSN(dbPath string) string {
	return "file:" + escapePath(dbPath) + "?mode=ro" +
		"&_pragma=busy_timeout(" + strconv.Itoa(int(BusyTimeout/time.Millisecond)) + ")" +
		"&_pragma=query_only(1)"
}
