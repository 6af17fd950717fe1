package store

import (
	"context"
	"database/sql"
	"sync"
)

// maxPrepared bounds the statements a pool keeps prepared; a query met
// once the pool is full runs unprepared, as any would without the pool.
const maxPrepared = 256

// pool is the database's connections with each query prepared once: SQLite
// parses and plans a query's text anew on every call otherwise, which costs
// more than most of the queries themselves. The statements are kept for
// the life of the pool, each on the connections it has run on (see
// database/sql.Stmt). A pool is safe for concurrent use.
type pool struct {
	*sql.DB
	mu     sync.Mutex
	stmts  map[string]*sql.Stmt
	closed bool
}

// newPool wraps db.
func newPool(db *sql.DB) *pool { return &pool{DB: db, stmts: make(map[string]*sql.Stmt)} }

// stmt returns the query prepared, or nil when it cannot be (then the
// caller runs it unprepared, which reports the error with the query's
// own call).
func (p *pool) stmt(ctx context.Context, query string) *sql.Stmt {
	st, known := p.reserve(query)
	if known {
		return st
	}
	return p.prepare(ctx, query)
}

// reserve returns the query's statement if the pool has it, or nil if it
// is being prepared or there is no room for it (known is true in those
// cases); otherwise it reserves the query's place for the caller, who
// must prepare it.
func (p *pool) reserve(query string) (st *sql.Stmt, known bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	st, known = p.stmts[query]
	if known || p.closed || len(p.stmts) >= maxPrepared {
		return st, true
	}
	p.stmts[query] = nil
	return nil, false
}

// prepare prepares a query reserved on a connection of the pool and keeps
// it, or gives up its place when it cannot be prepared (then nil). The
// pool is not locked meanwhile, as preparing may wait for a connection.
func (p *pool) prepare(ctx context.Context, query string) *sql.Stmt {
	st, err := p.DB.PrepareContext(ctx, query)
	p.mu.Lock()
	defer p.mu.Unlock()
	if err != nil || p.closed {
		delete(p.stmts, query)
		if st != nil {
			st.Close()
		}
		return nil
	}
	p.stmts[query] = st
	return st
}

// ExecContext runs a statement that returns no rows.
func (p *pool) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st := p.stmt(ctx, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return p.DB.ExecContext(ctx, query, args...)
}

// QueryContext runs a query that returns rows.
func (p *pool) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := p.stmt(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return p.DB.QueryContext(ctx, query, args...)
}

// QueryRowContext runs a query that returns at most one row.
func (p *pool) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := p.stmt(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return p.DB.QueryRowContext(ctx, query, args...)
}

// Close closes the statements, then the connections.
func (p *pool) Close() error {
	p.mu.Lock()
	p.closed = true
	for q, st := range p.stmts {
		if st != nil {
			st.Close()
		}
		delete(p.stmts, q)
	}
	p.mu.Unlock()
	return p.DB.Close()
}

// begin starts a transaction whose queries use the pool's statements.
func (p *pool) begin(ctx context.Context) (*txn, error) {
	tx, err := p.DB.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	return &txn{Tx: tx, p: p}, nil
}

// txn is a transaction of a pool, running the pool's prepared statements
// on its connection.
type txn struct {
	*sql.Tx
	p *pool
}

// stmt returns the query prepared for the transaction, or nil. A query
// the pool has yet to prepare runs unprepared this time, and is prepared
// meanwhile for the next: preparing it now would need a second connection
// while the transaction holds one, which a pool of one connection never
// has.
func (t *txn) stmt(ctx context.Context, query string) *sql.Stmt {
	st, known := t.p.reserve(query)
	if !known {
		go t.p.prepare(context.WithoutCancel(ctx), query)
	}
	if st == nil {
		return nil
	}
	return t.Tx.StmtContext(ctx, st)
}

// ExecContext runs a statement that returns no rows.
func (t *txn) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st := t.stmt(ctx, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return t.Tx.ExecContext(ctx, query, args...)
}

// QueryContext runs a query that returns rows.
func (t *txn) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := t.stmt(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return t.Tx.QueryContext(ctx, query, args...)
}

// QueryRowContext runs a query that returns at most one row.
func (t *txn) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := t.stmt(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return t.Tx.QueryRowContext(ctx, query, args...)
}
