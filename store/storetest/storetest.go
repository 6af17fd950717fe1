// Package storetest gives tests a database already migrated to the store's
// latest schema. The migrations run once a test process and each test gets
// a copy of the result: SQLite spends more on applying the schema than most
// tests spend on their games, the more so under the race detector.
package storetest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"nardi/store"
)

var (
	once     sync.Once
	template []byte
	failed   error
)

// Path returns the path of a database file named name in a folder of the
// test's own, holding a fresh database migrated to the latest schema.
func Path(tb testing.TB, name string) string {
	tb.Helper()
	once.Do(func() { template, failed = migrated() })
	if failed != nil {
		tb.Fatal(failed)
	}
	path := filepath.Join(tb.TempDir(), name)
	if err := os.WriteFile(path, template, 0o600); err != nil {
		tb.Fatal(err)
	}
	return path
}

// migrated makes a database, migrates it and returns its file.
func migrated() ([]byte, error) {
	dir, err := os.MkdirTemp("", "storetest")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "template.db")
	st, err := store.Open(context.Background(), path, store.Config{})
	if err != nil {
		return nil, fmt.Errorf("storetest: %w", err)
	}
	if err := st.Close(); err != nil {
		return nil, fmt.Errorf("storetest: %w", err)
	}
	if info, err := os.Stat(path + "-wal"); err == nil && info.Size() > 0 {
		return nil, fmt.Errorf("storetest: the template's writes are still in its WAL")
	}
	return os.ReadFile(path)
}
