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
