package bot

import (
	"context"
	"sync"
	"time"
)

// Telegram's pace, as the bot keeps it ahead of time rather than learn it
// from 429s (whose retry_after grows to minutes after repeated floods).
const (
	// groupPerMinute is how many messages and edits Telegram lets a bot
	// send to one group in a minute; edits count as messages.
	groupPerMinute = 20
	// groupGap spaces a group's calls evenly: a minute's budget over the
	// minute, with a little to spare for the network's jitter. So a board
	// follows a tap within one gap at worst, and the budget never runs out
	// in a burst that leaves the board silent for the rest of the minute.
	groupGap = time.Minute/groupPerMinute + 20*time.Millisecond
	// lowQuiet is how long a group's board must have been quiet before
	// another message (a reply to a command, a challenge) may take a slot;
	// lowMaxWait bounds that wait. While players tap, a message other than
	// the board waits for a pause in the game, as taking a slot would hold
	// the board back by a whole gap.
	lowQuiet   = groupGap + 500*time.Millisecond
	lowMaxWait = 10 * time.Minute
)

// lanePace is the pace a lane keeps in a group: the gap between calls, the
// quiet a reply waits for, and the span of the per-minute budget. Its zero
// value is Telegram's pace (groupGap, lowQuiet, a minute); tests that do
// not measure the pace may set a quicker one (Sender.pace).
type lanePace struct {
	gap, quiet, minute time.Duration
}

// or returns p, or Telegram's pace when p is the zero value.
func (p lanePace) or() lanePace {
	if p == (lanePace{}) {
		return lanePace{gap: groupGap, quiet: lowQuiet, minute: time.Minute}
	}
	return p
}

// chatLane orders the calls to one chat: one at a time, none inside a
// retry_after, and in a group evenly paced and boards first: a reply
// to a command waits while a board edit waits or the board is busy, so
// that chatter never delays a game.
type chatLane struct {
	mu      sync.Mutex
	busy    bool        // a call is on its way
	until   time.Time   // no call before this: a retry_after in force
	sent    []time.Time // the calls of the last minute
	boards  int         // board calls waiting
	boardAt time.Time   // the last board call, or wish to make one
	// spent is the end of the last retry_after earned by a call other
	// than a board (a player's spam of commands, say): no clock gets any
	// of it back (see creditable).
	spent   time.Time
	changed chan struct{}
	pace    lanePace // the zero value: Telegram's
}

// wait returns how long the lane must wait before its next call by the
// pace alone: a retry_after in force, and in a group the even spacing
// and the minute's budget. A private chat goes as fast as its player
// taps (coalesced redraws keep that near one edit a tap); Telegram's
// rarer 429s there are waited out.
func (l *chatLane) wait(chat int64, now time.Time) time.Duration {
	d := l.until.Sub(now)
	pace := l.pace.or()
	recent := l.sent[:0]
	for _, t := range l.sent {
		if now.Sub(t) < pace.minute {
			recent = append(recent, t)
		}
	}
	l.sent = recent
	if chat < 0 {
		if n := len(recent); n > 0 {
			d = max(d, recent[n-1].Add(pace.gap).Sub(now))
		}
		if len(recent) >= groupPerMinute {
			d = max(d, recent[len(recent)-groupPerMinute].Add(pace.minute).Sub(now))
		}
	}
	return max(d, 0)
}

// notify wakes the calls waiting on the lane.
func (l *chatLane) notify() {
	if l.changed != nil {
		close(l.changed)
	}
	l.changed = make(chan struct{})
}

// acquire waits for the lane's turn for one call and takes it; release
// gives it back. A board call goes before any other waiting call.
func (l *chatLane) acquire(ctx context.Context, chat int64, board bool) error {
	start := time.Now()
	quiet := l.pace.or().quiet
	l.mu.Lock()
	if l.changed == nil {
		l.notify()
	}
	if board {
		l.boards++
		defer func() {
			l.mu.Lock()
			l.boards--
			l.notify()
			l.mu.Unlock()
		}()
	}
	for {
		now := time.Now()
		d := l.wait(chat, now)
		ready := !l.busy && d == 0
		if !board && chat < 0 && ready {
			calm := l.boards == 0 && now.Sub(l.boardAt) >= quiet
			if !calm && now.Sub(start) < lowMaxWait {
				ready = false
				d = max(l.boardAt.Add(quiet).Sub(now), 100*time.Millisecond)
			}
		}
		if ready {
			l.busy = true
			l.sent = append(l.sent, now)
			if board {
				l.boardAt = now
			}
			l.mu.Unlock()
			return nil
		}
		if l.busy || d == 0 {
			d = lowMaxWait
		}
		ch := l.changed
		l.mu.Unlock()
		t := time.NewTimer(d)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-ch:
		case <-t.C:
		}
		t.Stop()
		l.mu.Lock()
	}
}

// release ends the lane's call.
func (l *chatLane) release() {
	l.mu.Lock()
	l.busy = false
	l.notify()
	l.mu.Unlock()
}

// limit records a retry_after.
func (l *chatLane) limit(until time.Time) {
	l.mu.Lock()
	if until.After(l.until) {
		l.until = until
	}
	l.notify()
	l.mu.Unlock()
}

// readyIn tells how long from now (which it returns too) until a board
// call could go out, and marks that one is wanted, so that replies keep
// out of its way.
func (l *chatLane) readyIn(chat int64) (time.Duration, time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	l.boardAt = now
	return l.wait(chat, now), now
}

// creditable returns when the part of a wait from now on that a game's
// clock may get back begins: not before a retry_after that was no board's
// has ended.
func (l *chatLane) creditable(now time.Time) time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.spent.After(now) {
		return l.spent
	}
	return now
}

// spend records a retry_after that was no board's, until until.
func (l *chatLane) spend(until time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if until.After(l.spent) {
		l.spent = until
	}
}

// idle tells whether the lane has nothing to remember: no call under way
// or waiting, no retry_after in force, nothing sent in the last minute.
func (l *chatLane) idle(now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.busy || l.boards > 0 || l.until.After(now) {
		return false
	}
	return len(l.sent) == 0 || now.Sub(l.sent[len(l.sent)-1]) > time.Minute
}
