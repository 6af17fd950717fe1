package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"nardi/internal/grace"
	"nardi/metrics"
	"nardi/store"
)

// Inbox keeps received updates durably until they are handled, so that an
// update Telegram has delivered is never lost, even if the process dies
// while handling it.
type Inbox interface {
	// Offset returns the next update id to ask Telegram for.
	Offset(ctx context.Context) (int64, error)
	// Receive stores updates and the next offset in one transaction.
	Receive(ctx context.Context, updates []store.Update, next int64) error
	// Pending returns the stored updates not yet handled, oldest first,
	// and those put aside as tried too often.
	Pending(ctx context.Context) (pending, dead []store.Update, err error)
	// Failed records that an update's handler failed, and tells whether it
	// was put aside.
	Failed(ctx context.Context, id int64) (bool, error)
	// Done forgets a handled update.
	Done(ctx context.Context, id int64) error
}

// Poller fetches updates from the Bot API by long polling. Each update is
// first written to the inbox, only then confirmed to Telegram, and removed
// from the inbox once handled; after a restart the inbox is replayed.
type Poller struct {
	URL     string // the Bot API base URL
	Token   string
	Client  *http.Client
	Timeout time.Duration // long-poll wait
	Inbox   Inbox
	Handle  func(ctx context.Context, u store.Update) // runs concurrently
	Log     *slog.Logger
	// Metrics counts updates; Contact, when set, holds the time of the
	// last getUpdates Telegram answered (Unix nanoseconds).
	Metrics *metrics.Metrics
	Contact *atomic.Int64

	wg sync.WaitGroup

	// claimed holds the updates handed to a handler in this run, true
	// while it runs: none is handed out twice, whichever of the replay
	// and a new delivery comes first. Those done are forgotten once the
	// replay is over, as nothing else hands out an update stored before.
	mu       sync.Mutex
	claimed  map[int64]bool
	replayed bool
}

// allowedUpdates are the kinds of update the bot asks Telegram for.
var allowedUpdates = []string{"message", "callback_query", "my_chat_member", "inline_query", "chosen_inline_result"}

// Replay dispatches the updates a previous run stored and did not finish.
func (p *Poller) Replay(ctx context.Context) error {
	pending, dead, err := p.Inbox.Pending(ctx)
	if err != nil {
		return fmt.Errorf("replay inbox: %w", err)
	}
	for _, u := range dead {
		p.Log.Error("an update failed too often and is put aside", "update", u.ID, "tries", store.MaxTries)
	}
	for _, u := range pending {
		p.dispatch(ctx, u)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.replayed = true
	for id, running := range p.claimed {
		if !running {
			delete(p.claimed, id)
		}
	}
	return nil
}

// claim tells whether an update may be handed to a handler, and marks it
// handed: false when it was handed out already in this run.
func (p *Poller) claim(id int64) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.claimed == nil {
		p.claimed = map[int64]bool{}
	}
	if _, taken := p.claimed[id]; taken {
		return false
	}
	p.claimed[id] = true
	return true
}

// unclaim notes that an update's handler has returned.
func (p *Poller) unclaim(id int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.replayed {
		delete(p.claimed, id)
	} else {
		p.claimed[id] = false
	}
}

// Wait waits for the handlers under way.
func (p *Poller) Wait() { p.wg.Wait() }

// stopped is err, or nil when ctx has ended: a stop asked for while the
// poller was starting fails its queries, and is no failure itself.
func stopped(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return nil
	}
	return err
}

// Run polls until ctx ends, then waits for the handlers under way.
func (p *Poller) Run(ctx context.Context) error {
	defer p.wg.Wait()
	if err := p.Replay(ctx); err != nil {
		return stopped(ctx, err)
	}
	offset, err := p.Inbox.Offset(ctx)
	if err != nil {
		return stopped(ctx, fmt.Errorf("read update offset: %w", err))
	}
	backoff := time.Duration(0)
	for ctx.Err() == nil {
		if backoff > 0 {
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(backoff):
			}
		}
		updates, err := p.fetch(ctx, offset)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			var tooMany *retryAfterError
			if errors.As(err, &tooMany) {
				backoff = tooMany.wait
			} else {
				backoff = min(max(2*backoff, 200*time.Millisecond), 10*time.Second)
			}
			p.Log.Warn("getUpdates failed", "err", err, "retry_in", backoff)
			continue
		}
		backoff = 0
		if p.Contact != nil {
			p.Contact.Store(time.Now().UnixNano())
		}
		if len(updates) == 0 {
			continue
		}
		next := updates[len(updates)-1].ID + 1
		// Store before the next poll confirms them to Telegram.
		for {
			err := p.Inbox.Receive(context.WithoutCancel(ctx), updates, next)
			if err == nil {
				break
			}
			p.Log.Error("storing updates failed", "err", err)
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(time.Second):
			}
		}
		offset = next
		p.Metrics.Received(len(updates))
		for _, u := range updates {
			p.dispatch(ctx, u)
		}
	}
	return nil
}

// dispatch hands an update to a handler in the background, unless it was
// handed out already in this run.
func (p *Poller) dispatch(ctx context.Context, u store.Update) {
	if !p.claim(u.ID) {
		return
	}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		defer p.unclaim(u.ID)
		defer func() {
			if r := recover(); r != nil {
				p.Log.Error("update handler panicked", "update", u.ID, "panic", r, "stack", string(debug.Stack()))
				if dead, err := p.Inbox.Failed(context.WithoutCancel(ctx), u.ID); err != nil {
					p.Log.Error("recording a failed update failed", "update", u.ID, "err", err)
				} else if dead {
					p.Log.Error("an update failed too often and is put aside", "update", u.ID, "tries", store.MaxTries)
				}
			}
		}()
		// Handling may finish when shutdown begins meanwhile, within a
		// grace period; one cut short stays in the inbox, to be replayed.
		hctx, cancel := grace.After(ctx, HandlerGrace)
		defer cancel()
		p.Handle(hctx, u)
		if hctx.Err() != nil {
			return
		}
		if err := p.Inbox.Done(context.WithoutCancel(ctx), u.ID); err != nil {
			p.Log.Error("marking update handled failed", "update", u.ID, "err", err)
		}
		p.Metrics.Handled()
	}()
}

// HandlerGrace is how long handlers under way may go on once shutdown
// begins; with the clocks paused after, the bot stops well within the
// 10 s Docker gives it.
const HandlerGrace = 4 * time.Second

type retryAfterError struct{ wait time.Duration }

func (e *retryAfterError) Error() string {
	return fmt.Sprintf("too many requests, retry after %s", e.wait)
}

// fetch asks for the updates from offset on.
func (p *Poller) fetch(ctx context.Context, offset int64) ([]store.Update, error) {
	body, _ := json.Marshal(map[string]any{
		"offset":          offset,
		"timeout":         int(p.Timeout.Seconds()),
		"allowed_updates": allowedUpdates,
	})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.URL+"/bot"+p.Token+"/getUpdates", bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("build getUpdates: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := p.Client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("getUpdates: %w", redact(err, p.Token))
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("getUpdates: read: %w", err)
	}
	var out struct {
		OK          bool              `json:"ok"`
		Result      []json.RawMessage `json:"result"`
		Description string            `json:"description"`
		Parameters  struct {
			RetryAfter int `json:"retry_after"`
		} `json:"parameters"`
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("getUpdates: status %d: %w", resp.StatusCode, err)
	}
	if !out.OK {
		if resp.StatusCode == http.StatusUnauthorized {
			return nil, fmt.Errorf("getUpdates: %w", ErrTokenRejected)
		}
		if resp.StatusCode == http.StatusTooManyRequests {
			return nil, &retryAfterError{time.Duration(max(1, out.Parameters.RetryAfter)) * time.Second}
		}
		return nil, fmt.Errorf("getUpdates: %s", out.Description)
	}
	updates := make([]store.Update, 0, len(out.Result))
	for _, raw := range out.Result {
		var head struct {
			ID int64 `json:"update_id"`
		}
		if err := json.Unmarshal(raw, &head); err != nil {
			return nil, fmt.Errorf("getUpdates: update: %w", err)
		}
		updates = append(updates, store.Update{ID: head.ID, Body: raw})
	}
	return updates, nil
}

// redact removes the token from an error that quotes the request URL.
func redact(err error, token string) error {
	msg := err.Error()
	if token == "" || !bytes.Contains([]byte(msg), []byte(token)) {
		return err
	}
	return errors.New(string(bytes.ReplaceAll([]byte(msg), []byte(token), []byte("***"))))
}
