package grace

import (
	"context"
	"testing"
	"time"
)

func TestAfterOutlivesItsParentForAWhile(t *testing.T) {
	parent, stop := context.WithCancel(context.Background())
	ctx, cancel := After(parent, 50*time.Millisecond)
	defer cancel()
	stop()
	if ctx.Err() != nil {
		t.Fatal("ended with its parent")
	}
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("never ended")
	}
}
