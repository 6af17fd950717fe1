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
// again meanwhile); spawn runs it in the background with a context. A job
// that panics leaves the key free for the next Trigger.
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
		defer func() {
			g.mu.Lock()
			e.running = false
			delete(g.state, key)
			g.mu.Unlock()
		}()
		for {
			g.mu.Lock()
			if !e.again {
				g.mu.Unlock()
				return
			}
			e.again = false
			g.mu.Unlock()
			job(ctx)
		}
	})
}
