package web

import (
	"sync"
	"time"
)

// limiter bounds each person's requests (a token bucket) and live
// connections, so that one person's page cannot cost anyone else.
type limiter struct {
	rate  Rate
	mu    sync.Mutex
	takes map[int64]*bucket
	live  map[int64]int
}

// bucket is one person's tokens as of a time.
type bucket struct {
	tokens float64
	at     time.Time
}

// allow takes one of a person's tokens, if they have one.
func (l *limiter) allow(person int64, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.takes == nil {
		l.takes = map[int64]*bucket{}
	}
	b := l.takes[person]
	if b == nil {
		if len(l.takes) > 10000 {
			l.forget(now)
		}
		b = &bucket{tokens: float64(l.rate.Burst), at: now}
		l.takes[person] = b
	}
	b.tokens = min(float64(l.rate.Burst), b.tokens+now.Sub(b.at).Seconds()*l.rate.PerSecond)
	b.at = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// forget drops the buckets that have filled up again.
func (l *limiter) forget(now time.Time) {
	for p, b := range l.takes {
		if b.tokens+now.Sub(b.at).Seconds()*l.rate.PerSecond >= float64(l.rate.Burst) {
			delete(l.takes, p)
		}
	}
}

// connect counts a live connection of a person, if they may open one
// more; disconnect gives it back.
func (l *limiter) connect(person int64) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.live == nil {
		l.live = map[int64]int{}
	}
	if l.live[person] >= l.rate.Live {
		return false
	}
	l.live[person]++
	return true
}

// disconnect ends a live connection of a person.
func (l *limiter) disconnect(person int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.live[person]--; l.live[person] <= 0 {
		delete(l.live, person)
	}
}
