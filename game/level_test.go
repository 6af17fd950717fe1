package game

import (
	"encoding/json"
	"testing"
)

// TestLevelNames: each level reads by its name and the unmistakable
// former names (easy, medium, hard); "master" is the Master, and only
// ParseFormerLevel reads it as the Grandmaster it once was.
func TestLevelNames(t *testing.T) {
	for in, want := range map[string]Level{"beginner": Beginner, "club": Club, "master": Master, "grandmaster": Grandmaster,
		"easy": Beginner, "medium": Club, "hard": Master} {
		if got, err := ParseLevel(in); err != nil || got != want {
			t.Errorf("ParseLevel(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for in, want := range map[string]Level{"easy": Beginner, "medium": Club, "hard": Master, "master": Grandmaster} {
		if got, err := ParseFormerLevel(in); err != nil || got != want {
			t.Errorf("ParseFormerLevel(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "Master", "expert", "net"} {
		if _, err := ParseLevel(bad); err == nil {
			t.Errorf("ParseLevel(%q) accepted", bad)
		}
	}
	if _, err := ParseFormerLevel("grandmaster"); err == nil {
		t.Error(`ParseFormerLevel("grandmaster") accepted`)
	}
	var p Player
	if err := json.Unmarshal([]byte(`{"level":"hard"}`), &p); err != nil || p.Level != Master {
		t.Errorf("a stored hard reads as %q, %v; want master", p.Level, err)
	}
	if b, _ := json.Marshal(Computer(Grandmaster)); string(b) != `{"level":"grandmaster"}` {
		t.Errorf("the Grandmaster is stored as %s", b)
	}
}
