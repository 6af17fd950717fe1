package web

import (
	"sync"

	"nardi/table"
)

// hub hands the centre's changes to the live connections of each game:
// a connection waits on its channel, which holds at most one wake-up, so
// a burst of changes costs it one look at the game as it then stands.
type hub struct {
	mu   sync.Mutex
	subs map[int64]map[chan struct{}]struct{}
}

// changed wakes the connections of a changed game; it never blocks.
func (h *hub) changed(c table.Change) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs[c.Game] {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// subscribe returns a channel woken at each change of a game, and the
// function that ends it.
func (h *hub) subscribe(id int64) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.subs == nil {
		h.subs = map[int64]map[chan struct{}]struct{}{}
	}
	if h.subs[id] == nil {
		h.subs[id] = map[chan struct{}]struct{}{}
	}
	h.subs[id][ch] = struct{}{}
	return ch, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(h.subs[id], ch)
		if len(h.subs[id]) == 0 {
			delete(h.subs, id)
		}
	}
}
