package bot

import (
	"sync"
	"time"
)

// chatterLimit bounds the commands one person may have answered in a
// group: a few at once, then one every chatterEvery. The rest are left
// unanswered, so that nobody can spend a group's budget (20 messages a
// minute for every game in it) with /duel or /help.
type chatterLimit struct {
	mu    sync.Mutex
	slots map[[2]int64]chatterSlot
}

type chatterSlot struct {
	tokens float64
	at     time.Time
}

const (
	chatterBurst = 5
	chatterEvery = 20 * time.Second
)

// allow tells whether a person's command in a group may be answered now,
// and counts it.
func (c *chatterLimit) allow(chat, user int64, now time.Time) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.slots == nil {
		c.slots = map[[2]int64]chatterSlot{}
	}
	key := [2]int64{chat, user}
	s, ok := c.slots[key]
	if !ok {
		s = chatterSlot{tokens: chatterBurst, at: now}
	}
	s.tokens = min(chatterBurst, s.tokens+now.Sub(s.at).Seconds()/chatterEvery.Seconds())
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
	for k, s := range c.slots {
		if now.Sub(s.at) > chatterBurst*chatterEvery {
			delete(c.slots, k)
		}
	}
}
