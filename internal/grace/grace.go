// Package grace gives work a grace period at shutdown: a context that
// lives on for a while after its parent ends, so that work under way may
// finish, but not for ever (Docker stops a container 10 s after SIGTERM).
package grace

import (
	"context"
	"time"
)

// After returns a context that is cancelled d after parent ends (or when
// cancel is called), with parent's values.
func After(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	ctx, end := context.WithCancel(context.WithoutCancel(parent))
	stop := context.AfterFunc(parent, func() { time.AfterFunc(d, end) })
	return ctx, func() {
		stop()
		end()
	}
}
