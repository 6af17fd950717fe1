package store

import (
	"errors"
	"testing"
)

// TestLastTerms: a person's last terms of /play and of /duel are kept
// apart, survive a refresh of their name, and start empty.
func TestLastTerms(t *testing.T) {
	t.Parallel()
	s, _ := openTemp(t)
	addUsers(t, s, 7)
	u, err := s.User(ctx, 7)
	must(t, err)
	if u.LastPlay != "" || u.LastDuel != "" {
		t.Fatalf("a new person has terms %q, %q", u.LastPlay, u.LastDuel)
	}
	must(t, s.SetLastTerms(ctx, 7, false, "c5/11+90", t0))
	must(t, s.SetLastTerms(ctx, 7, true, "l3", t0))
	u, err = s.UpsertUser(ctx, UserInfo{ID: 7, Name: "Renamed", LangCode: "hy"}, t0)
	must(t, err)
	if u.LastPlay != "c5/11+90" || u.LastDuel != "l3" {
		t.Fatalf("terms %q, %q; want c5/11+90, l3", u.LastPlay, u.LastDuel)
	}
	if err := s.SetLastTerms(ctx, 8, true, "n0", t0); !errors.Is(err, ErrNotFound) {
		t.Fatalf("terms of nobody: %v", err)
	}
}
