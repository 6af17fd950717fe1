// Package store keeps the bot's data in SQLite (through modernc.org/sqlite,
// pure Go): users and their settings, games with their whole state (the
// JSON of game.Game) and board messages, duel challenges, and the
// heartbeat that lets clocks resume after a crash.
//
// The schema is a series of migrations embedded from migrations/*.sql,
// applied in order when the store opens and recorded in schema_version.
// The database runs in WAL mode with a busy timeout and foreign keys on;
// every transaction begins IMMEDIATE, taking the write lock at once, so a
// read-then-write transaction never fails half way with SQLITE_BUSY.
//
// Game updates are guarded by the game's move counter: UpdateGame writes
// only if the stored counter is still the one the caller loaded, so a
// stale or concurrent action can never apply twice, even from a second
// process on the same file. This guard is the authority on whether an
// action is current (see package table). The store decides no rule of the
// game or of challenges: the next automatic action comes with each update,
// and whether a person may take a challenge is checked by the caller's
// function inside AcceptChallenge's transaction.
//
// Only package table changes games, challenges and board records through
// the store; the bot reads users, statistics and rate limits from it.
//
// Times are stored as Unix milliseconds. A Store is safe for concurrent use.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Errors a caller may want to tell apart; they come wrapped with context,
// so test with errors.Is.
var (
	// ErrNotFound: no such user, game, board or challenge.
	ErrNotFound = errors.New("store: not found")
	// ErrConflict: the game's stored move counter is not the expected one
	// (another action came first), or the game has ended.
	ErrConflict = errors.New("store: the game has moved on")
	// ErrAlreadyPlaying: a person already has an active game in that chat.
	ErrAlreadyPlaying = errors.New("store: already playing a game in this chat")
	// ErrChallengeTaken: the challenge is no longer open (accepted,
	// cancelled or expired).
	ErrChallengeTaken = errors.New("store: challenge no longer open")
)

// Config tunes a Store; the zero value is fine.
type Config struct {
	// MaxConns bounds the open connections; zero means 8.
	MaxConns int
}

// BusyTimeout is how long a connection waits for another's write lock.
const BusyTimeout = 5 * time.Second

// Store is the bot's database.
type Store struct {
	db *pool
	// durable is a connection with synchronous=FULL: what Receive writes
	// survives a power failure, as Telegram is told right after that the
	// updates arrived. Every other write syncs at checkpoints.
	durable *pool
}

// Open opens (creating if needed) the SQLite database at path, applies the
// migrations it lacks, and returns the store.
func Open(ctx context.Context, dbPath string, cfg Config) (*Store, error) {
	if cfg.MaxConns <= 0 {
		cfg.MaxConns = 8
	}
	db, err := sql.Open("sqlite", dsn(dbPath, "NORMAL"))
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", dbPath, err)
	}
	db.SetMaxOpenConns(cfg.MaxConns)
	db.SetMaxIdleConns(cfg.MaxConns)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: open %s: %w", dbPath, err)
	}
	s := &Store{db: newPool(db)}
	if err := s.migrate(ctx); err != nil {
		s.db.Close()
		return nil, fmt.Errorf("store: migrate %s: %w", dbPath, err)
	}
	durable, err := sql.Open("sqlite", dsn(dbPath, "FULL"))
	if err != nil {
		s.db.Close()
		return nil, fmt.Errorf("store: open %s: %w", dbPath, err)
	}
	s.durable = newPool(durable)
	s.durable.SetMaxOpenConns(1)
	return s, nil
}

// dsn builds the modernc.org/sqlite data source name: a file: URI (with
// the characters URIs reserve escaped) and the connection settings, with
// the synchronous mode given (NORMAL or FULL).
func dsn(dbPath, synchronous string) string {
	return "file:" + escapePath(dbPath) +
		"?_pragma=busy_timeout(" + strconv.Itoa(int(BusyTimeout/time.Millisecond)) + ")" +
		"&_pragma=journal_mode(WAL)" +
		"&_pragma=foreign_keys(1)" +
		"&_pragma=synchronous(" + synchronous + ")" +
		"&_txlock=immediate"
}

// escapePath escapes in a path the characters file: URIs reserve.
func escapePath(dbPath string) string {
	return strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(dbPath)
}

// Close closes the database.
func (s *Store) Close() error {
	if s.durable != nil {
		s.durable.Close()
	}
	return s.db.Close()
}

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration is one numbered schema change.
type migration struct {
	version int
	name    string
	sql     string
}

// migrations lists the embedded migrations in order; their names are
// NNN_what.sql, each number once. Numbers may skip one that a parallel
// line of work has taken: each migration is applied by its number (see
// migrate), not by its place in the list.
func migrations() ([]migration, error) {
	names, err := fs.Glob(migrationFiles, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, n := range names {
		base := path.Base(n)
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v < 1 {
			return nil, fmt.Errorf("migration %s: name is not NNN_what.sql", base)
		}
		b, err := migrationFiles.ReadFile(n)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: base, sql: string(b)})
	}
	slices.SortFunc(out, func(a, b migration) int { return a.version - b.version })
	for i := 1; i < len(out); i++ {
		if out[i].version == out[i-1].version {
			return nil, fmt.Errorf("migrations %s and %s: one version twice", out[i-1].name, out[i].name)
		}
	}
	return out, nil
}

// latestVersion is the number of the last of the migrations ms.
func latestVersion(ms []migration) int {
	if len(ms) == 0 {
		return 0
	}
	return ms[len(ms)-1].version
}

// SchemaVersion returns the latest migration applied to the database.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := s.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&v)
	if err != nil {
		return 0, fmt.Errorf("store: schema version: %w", err)
	}
	return v, nil
}

// migrate applies the missing migrations, each in its own transaction
// together with its schema_version row, so that two processes opening the
// same database cannot apply one twice.
func (s *Store) migrate(ctx context.Context) error {
	ms, err := migrations()
	if err != nil {
		return err
	}
	if _, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
		version    INTEGER PRIMARY KEY,
		name       TEXT    NOT NULL,
		applied_at INTEGER NOT NULL
	) STRICT`); err != nil {
		return err
	}
	have, err := s.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	if latest := latestVersion(ms); have > latest {
		return fmt.Errorf("the database is at schema version %d, newer than this program's %d", have, latest)
	}
	applied := map[int]bool{}
	rows, err := s.db.QueryContext(ctx, `SELECT version FROM schema_version`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			rows.Close()
			return err
		}
		applied[v] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, m := range ms {
		if applied[m.version] {
			continue
		}
		err := s.tx(ctx, func(tx *txn) error {
			var done int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_version WHERE version = ?`, m.version).Scan(&done); err != nil {
				return err
			}
			if done > 0 {
				return nil // another process was quicker
			}
			// unprepared: run once, and it changes the schema
			if _, err := tx.Tx.ExecContext(ctx, m.sql); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)`,
				m.version, m.name, time.Now().UnixMilli())
			return err
		})
		if err != nil {
			return fmt.Errorf("%s: %w", m.name, err)
		}
	}
	return nil
}

// tx runs f in an (IMMEDIATE) transaction, committing when it returns nil.
func (s *Store) tx(ctx context.Context, f func(*txn) error) error { return txOn(ctx, s.db, f) }

// txOn runs f in a transaction of db.
func txOn(ctx context.Context, db *pool, f func(*txn) error) error {
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// isUnique tells whether err is a violated UNIQUE or PRIMARY KEY constraint.
func isUnique(err error) bool {
	var e *sqlite.Error
	if !errors.As(err, &e) {
		return false
	}
	return e.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || e.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
}

// ms writes a time as Unix milliseconds.
func ms(t time.Time) int64 { return t.UnixMilli() }

// msCeil writes a time as Unix milliseconds, rounding up, for deadlines
// that must not fire early.
func msCeil(t time.Time) int64 {
	m := t.UnixMilli()
	if time.UnixMilli(m).Before(t) {
		m++
	}
	return m
}

// fromMS reads Unix milliseconds as a UTC time.
func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

// fromNullMS reads nullable Unix milliseconds; NULL is the zero time.
func fromNullMS(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return fromMS(v.Int64)
}

// boolInt writes a bool as 0 or 1.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
