package store

import (
	"errors"
	"testing"
	"time"

	"nardi/game"
)

func TestOpenChallengeBetween(t *testing.T) {
	t.Parallel()
	s, _ := openTemp(t)
	addUsers(t, s, 1, 2, 3)
	if _, err := s.OpenChallengeBetween(ctx, 1, 2, -42, t0); !errors.Is(err, ErrNotFound) {
		t.Fatalf("no challenge yet: %v", err)
	}
	older, err := s.NewChallenge(ctx, Challenge{Kind: KindGroup, From: 1, ChatID: -42, Target: 2, Expires: t0.Add(time.Minute)}, t0)
	must(t, err)
	newer, err := s.NewChallenge(ctx, Challenge{Kind: KindGroup, From: 1, ChatID: -42, Target: 2, Expires: t0.Add(time.Minute)}, t0.Add(time.Second))
	must(t, err)
	if _, err := s.NewChallenge(ctx, Challenge{Kind: KindPrivate, From: 1, ChatID: 3, Target: 3, Expires: t0.Add(time.Minute)}, t0); err != nil {
		t.Fatal(err)
	}
	c, err := s.OpenChallengeBetween(ctx, 1, 2, -42, t0.Add(2*time.Second))
	if err != nil || c.Code != newer.Code {
		t.Fatalf("got %+v, %v; want the newer challenge %s", c, err, newer.Code)
	}
	for _, q := range []struct{ from, target, chat int64 }{{2, 1, -42}, {1, 2, -43}, {1, 3, -42}} {
		if _, err := s.OpenChallengeBetween(ctx, q.from, q.target, q.chat, t0); !errors.Is(err, ErrNotFound) {
			t.Errorf("%+v: %v", q, err)
		}
	}
	must(t, s.CancelChallenge(ctx, newer.Code))
	if c, err := s.OpenChallengeBetween(ctx, 1, 2, -42, t0); err != nil || c.Code != older.Code {
		t.Fatalf("after cancelling the newer: %+v, %v", c, err)
	}
	if _, err := s.OpenChallengeBetween(ctx, 1, 2, -42, t0.Add(time.Minute)); !errors.Is(err, ErrNotFound) {
		t.Fatalf("past its expiry: %v", err)
	}
}

func TestAbandonGame(t *testing.T) {
	t.Parallel()
	s, _ := openTemp(t)
	addUsers(t, s, 1, 2)
	g, err := game.New(game.Options{}, [2]game.Player{game.Human(1, "A"), game.Human(2, "B")}, t0)
	must(t, err)
	id, err := s.CreateGame(ctx, NewGame{Kind: KindPrivate, Chats: [2]int64{1, 2}, Game: g}, t0)
	must(t, err)
	must(t, s.AbandonGame(ctx, id, t0.Add(time.Second)))
	r, err := s.LoadGame(ctx, id)
	must(t, err)
	if r.Status != StatusAbandoned {
		t.Fatalf("status %s", r.Status)
	}
	if err := s.AbandonGame(ctx, id, t0); !errors.Is(err, ErrConflict) {
		t.Fatalf("abandoned twice: %v", err)
	}
	// The players are free again.
	g2, err := game.New(game.Options{}, [2]game.Player{game.Human(1, "A"), game.Human(2, "B")}, t0)
	must(t, err)
	if _, err := s.CreateGame(ctx, NewGame{Kind: KindPrivate, Chats: [2]int64{1, 2}, Game: g2}, t0); err != nil {
		t.Fatalf("a new game after the abandoned one: %v", err)
	}
}

func TestMigrateChat(t *testing.T) {
	t.Parallel()
	s, _ := openTemp(t)
	addUsers(t, s, 1, 2)
	g, err := game.New(game.Options{}, [2]game.Player{game.Human(1, "A"), game.Human(2, "B")}, t0)
	must(t, err)
	id, err := s.CreateGame(ctx, NewGame{Kind: KindGroup, Chats: [2]int64{-5, -5}, Game: g}, t0)
	must(t, err)
	must(t, s.SetBoard(ctx, Board{GameID: id, Viewer: SharedBoard, ChatID: -5, MessageID: 9}, t0))
	ids, err := s.MigrateChat(ctx, -5, -1005)
	if err != nil || len(ids) != 1 || ids[0] != id {
		t.Fatalf("migrated %v, %v", ids, err)
	}
	if r, err := s.ActiveGame(ctx, -1005, 2); err != nil || r.ID != id {
		t.Fatalf("the game in the new chat: %v", err)
	}
	if bs, _ := s.Boards(ctx, id); len(bs) != 1 || bs[0].ChatID != -1005 {
		t.Fatalf("boards %+v", bs)
	}
}
