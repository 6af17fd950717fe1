// Package coalesce runs at most one job per key at a time, and runs it
// once more when asked again while it runs: so any number of requests
// during a run cost one more run, which sees the state as it is by then.
// The centre uses it for a game's due actions, the bot for its redraws.
package coalesce

import (
	"context"
	"sync"
)

// Group coalesces jobs by key. The zero value is ready to use; it is safe
// for concurrent use.
type Group struct {
	mu    sync.Mutex
	state map[int64]*entry
}

type entry struct{ running, again bool }

// Trigger asks for job to run for key. When no job of the key runs, spawn
// is called with a function that runs job (again, while it was asked for
// again meanwhile); spawn runs it in the background with a context. A
// request is never lost while the job runs: the run ends, and frees the
// key, in the same step that finds no request left. A job that panics
// frees the key for the next Trigger (a request made during that run is
// lost with it: the centre's sweep asks again within a second). A spawn
// that does not run the function (the program is stopping) leaves the key
// taken.
func (g *Group) Trigger(key int64, spawn func(run func(context.Context)), job func(context.Context)) {
	g.mu.Lock()
	if g.state == nil {
		g.state = map[int64]*entry{}
	}
	e := g.state[key]
	if e == nil {
		e = &entry{}
		g.state[key] = e
	}
	e.again = true
	if e.running {
		g.mu.Unlock()
		return
	}
	e.running = true
	g.mu.Unlock()
	spawn(func(ctx context.Context) {
		finished := false
		defer func() {
			if !finished { // the job panicked
				g.mu.Lock()
				delete(g.state, key)
				g.mu.Unlock()
			}
		}()
		for g.next(key, e) {
			job(ctx)
		}
		finished = true
	})
}

// next tells whether the key's job is to run again, and takes the request;
// when none is left it frees the key, under the same lock, so that a
// Trigger either sees the run going on (and is served by it) or starts a
// new one.
func (g *Group) next(key int64, e *entry) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !e.again {
		e.running = false
		delete(g.state, key)
		return false
	}
	e.again = false
	return true
}
