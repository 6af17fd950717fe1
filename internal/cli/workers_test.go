package cli

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
)

// TestOnWorkers prints each success's line, returns the first error and
// begins no item after it, and begins none once stop says so.
func TestOnWorkers(t *testing.T) {
	items := []int{1, 2, 3, 4, 5, 6, 7, 8}
	var out bytes.Buffer
	err := OnWorkers(3, items, nil, &out, func(k int) (string, error) { return fmt.Sprint("item ", k), nil })
	if err != nil || strings.Count(out.String(), "item ") != len(items) {
		t.Fatalf("all well: %v, printed %q", err, out.String())
	}
	bad := errors.New("bad")
	var begun atomic.Int32
	out.Reset()
	err = OnWorkers(1, items, nil, &out, func(k int) (string, error) {
		begun.Add(1)
		if k == 3 {
			return "", bad
		}
		return fmt.Sprint("item ", k), nil
	})
	// One worker: item 4 may already wait in the channel when 3 fails,
	// but no later one is begun.
	if !errors.Is(err, bad) || begun.Load() > 4 || strings.Contains(out.String(), "item 3") {
		t.Errorf("an error: %v, %d begun, printed %q", err, begun.Load(), out.String())
	}
	begun.Store(0)
	err = OnWorkers(2, items, func() bool { return true }, &out, func(int) (string, error) {
		begun.Add(1)
		return "", nil
	})
	if err != nil || begun.Load() != 0 {
		t.Errorf("stopped: %v, %d begun", err, begun.Load())
	}
}
