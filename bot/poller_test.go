package bot

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"nardi/store"
)

// pendingInbox is an inbox whose stored updates are given; it records
// what is done with them.
type pendingInbox struct {
	mu      sync.Mutex
	pending []store.Update
	done    []int64
}

func (i *pendingInbox) Offset(context.Context) (int64, error) { return 0, nil }
func (i *pendingInbox) Receive(context.Context, []store.Update, int64) error {
	return nil
}
func (i *pendingInbox) Pending(context.Context) (pending, dead []store.Update, err error) {
	i.mu.Lock()
	defer i.mu.Unlock()
	return i.pending, nil, nil
}
func (i *pendingInbox) Failed(context.Context, int64) (bool, error) { return false, nil }
func (i *pendingInbox) Done(_ context.Context, id int64) error {
	i.mu.Lock()
	defer i.mu.Unlock()
	i.done = append(i.done, id)
	return nil
}

// TestReplayHandsOutOnce: an update handed to its handler as it arrives
// (a webhook's, in the moment before the replay at start) is not handed
// out again by the replay, while the handler runs or after; the replay
// still hands out the others.
func TestReplayHandsOutOnce(t *testing.T) {
	for _, finishFirst := range []bool{false, true} {
		arrived := store.Update{ID: 42, Body: []byte(`{"update_id": 42}`)}
		older := store.Update{ID: 41, Body: []byte(`{"update_id": 41}`)}
		inbox := &pendingInbox{pending: []store.Update{older, arrived}}
		var calls [64]atomic.Int32
		release := make(chan struct{})
		p := &Poller{Inbox: inbox, Log: testLog(), Handle: func(ctx context.Context, u store.Update) {
			calls[u.ID].Add(1)
			if u.ID == arrived.ID {
				<-release
			}
		}}
		ctx := context.Background()
		p.dispatch(ctx, arrived) // the delivery comes first
		if finishFirst {
			close(release)
			p.Wait()
		}
		if err := p.Replay(ctx); err != nil {
			t.Fatal(err)
		}
		if !finishFirst {
			time.Sleep(20 * time.Millisecond)
			close(release)
		}
		p.Wait()
		if n, m := calls[arrived.ID].Load(), calls[older.ID].Load(); n != 1 || m != 1 {
			t.Errorf("handler finished first %v: the update that arrived handled %d times, the older one %d", finishFirst, n, m)
		}
	}
}
