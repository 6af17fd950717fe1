package bot

import (
	"testing"
	"time"
)

func TestChatterLimit(t *testing.T) {
	var c chatterLimit
	now := time.Now()
	for i := range chatterBurst {
		if !c.allow(-1, 7, now) {
			t.Fatalf("command %d refused", i)
		}
	}
	if c.allow(-1, 7, now.Add(time.Second)) {
		t.Fatal("a command past the burst was allowed")
	}
	if !c.allow(-1, 8, now) || !c.allow(-2, 7, now) {
		t.Fatal("another person, or another group, was limited")
	}
	if !c.allow(-1, 7, now.Add(chatterEvery+time.Second)) {
		t.Fatal("no allowance came back")
	}
}

// TestInlineQueriesBounded: a person's inline queries go through a burst
// and then a few a second; another person's are their own.
func TestInlineQueriesBounded(t *testing.T) {
	c := chatterLimit{burst: inlineBurst, every: inlineEvery}
	now := time.Now()
	for i := range inlineBurst {
		if !c.allow(0, 7, now) {
			t.Fatalf("query %d of the burst refused", i+1)
		}
	}
	if c.allow(0, 7, now) {
		t.Fatal("a query past the burst answered")
	}
	if !c.allow(0, 8, now) {
		t.Error("another person's query refused")
	}
	if !c.allow(0, 7, now.Add(inlineEvery)) {
		t.Error("no query answered after a pause")
	}
}
