package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"
)

// TestPreparedOncePerQuery: a query's text is prepared once, and the
// statement kept is the one every later call runs.
func TestPreparedOncePerQuery(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "nardi.db"), Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const q = `SELECT COUNT(*) FROM schema_version WHERE version >= ?`
	var first *sql.Stmt
	for i := range 3 {
		var n int
		if err := s.db.QueryRowContext(ctx, q, 1).Scan(&n); err != nil || n == 0 {
			t.Fatalf("count %d (%v)", n, err)
		}
		st, known := s.db.reserve(q)
		if !known || st == nil {
			t.Fatalf("call %d: the query is not kept prepared", i)
		}
		if first == nil {
			first = st
		} else if st != first {
			t.Fatalf("call %d: prepared again", i)
		}
	}
}

// TestTransactionOnOneConnection: a transaction of a pool of one
// connection runs a query the pool has yet to prepare without waiting for
// a second connection, and the pool has it prepared soon after.
func TestTransactionOnOneConnection(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "nardi.db"), Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const q = `SELECT COUNT(*) FROM schema_version WHERE version <= ?`
	for i := range 2 {
		err := txOn(ctx, s.durable, func(tx *txn) error {
			var n int
			return tx.QueryRowContext(ctx, q, 1000).Scan(&n)
		})
		if err != nil {
			t.Fatalf("transaction %d: %v", i, err)
		}
	}
	for {
		if st, _ := s.durable.reserve(q); st != nil {
			break
		}
		if ctx.Err() != nil {
			t.Fatal("the query was never prepared")
		}
		time.Sleep(time.Millisecond)
	}
	err = txOn(ctx, s.durable, func(tx *txn) error {
		var n int
		return tx.QueryRowContext(ctx, q, 1000).Scan(&n)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestBadQueryStillFails: a query that cannot be prepared reports its
// error from the call, and takes no place among the prepared ones.
func TestBadQueryStillFails(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "nardi.db"), Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const q = `SELECT nothing FROM nowhere`
	if _, err := s.db.ExecContext(ctx, q); err == nil {
		t.Fatal("a bad query ran")
	}
	if st, known := s.db.reserve(q); known || st != nil {
		t.Fatalf("the bad query kept a place: %v %v", st, known)
	}
}
