package bot

import (
	"testing"
	"time"
)

func TestGroupBudget(t *testing.T) {
	var l chatLane
	now := time.Now()
	for i := 0; i < groupPerMinute; i++ {
		if d := l.wait(-5, now); d != 0 {
			t.Fatalf("call %d must wait %s", i, d)
		}
		l.sent = append(l.sent, now.Add(time.Duration(i)*time.Second))
	}
	// The 21st call in a minute waits until the first is a minute old.
	if d := l.wait(-5, now.Add(30*time.Second)); d != 30*time.Second {
		t.Errorf("21st call waits %s, want 30s", d)
	}
	// A private chat has no such budget.
	if d := l.wait(5, now.Add(30*time.Second)); d != 0 {
		t.Errorf("private chat waits %s", d)
	}
	l.until = now.Add(90 * time.Second)
	if d := l.wait(5, now); d != 90*time.Second {
		t.Errorf("retry_after not honoured: %s", d)
	}
}
