package bot

import (
	"sync"
	"time"
)

// chatterLimit bounds the commands one person may have answered in a
// group: a few at once, then one every chatterEvery. The rest are left
// unanswered, so that nobody can spend a group's budget (20 messages a
// minute for every game in it) with /duel or /help. With its own burst and
// pace it bounds a person's inline queries too.
type chatterLimit struct {
	// burst and every, when set, replace chatterBurst and chatterEvery
	// (as for inline queries, which come a keystroke at a time).
	burst float64
	every time.Duration

	mu    sync.Mutex
	slots map[[2]int64]chatterSlot
}

// pace returns the limit's burst and refill time.
func (c *chatterLimit) pace() (float64, time.Duration) {
	if c.burst > 0 && c.every > 0 {
		return c.burst, c.every
	}
	return chatterBurst, chatterEvery
}

type chatterSlot struct {
	tokens float64
	at     time.Time
}

const (
	chatterBurst = 5
	chatterEvery = 20 * time.Second
	// A person's inline queries: a keystroke's worth each, so more and
	// faster; past them a query is left unanswered (no store, no call).
	inlineBurst = 10
	inlineEvery = 500 * time.Millisecond
)

// allow tells whether a person's command in a group may be answered now,
// and counts it.
func (c *chatterLimit) allow(chat, user int64, now time.Time) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.slots == nil {
		c.slots = map[[2]int64]chatterSlot{}
	}
	burst, every := c.pace()
	key := [2]int64{chat, user}
	s, ok := c.slots[key]
	if !ok {
		s = chatterSlot{tokens: burst, at: now}
	}
	s.tokens = min(burst, s.tokens+now.Sub(s.at).Seconds()/every.Seconds())
	s.at = now
	allowed := s.tokens >= 1
	if allowed {
		s.tokens--
	}
	c.slots[key] = s
	if len(c.slots) > 10000 {
		c.prune(now)
	}
	return allowed
}

// prune forgets the people whose allowance is full again.
func (c *chatterLimit) prune(now time.Time) {
	burst, every := c.pace()
	for k, s := range c.slots {
		if now.Sub(s.at) > time.Duration(burst)*every {
			delete(c.slots, k)
		}
	}
}
