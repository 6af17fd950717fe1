package table

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"nardi/game"
	"nardi/store"
)

// Change tells that a game changed as the centre stored it: its move
// counter moved (Redraw), or only its clocks. Live tells that a player
// made it on the live board, which they watch there.
type Change struct {
	Game    int64
	Counter uint32
	Redraw  bool
	Live    bool
}

// Watcher is told of every change of every game, after it is stored. It
// is called with the game locked, so it must not block nor call back into
// the centre at once: it hands the change on.
type Watcher func(Change)

// Watch adds a watcher: how the adapters follow the games they show
// without polling the store nor knowing each other.
func (s *Service) Watch(w Watcher) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.watchers = append(s.watchers, w)
}

// notify tells the watchers of a change.
func (s *Service) notify(c Change) {
	s.mu.Lock()
	ws := s.watchers
	s.mu.Unlock()
	for _, w := range ws {
		w(c)
	}
}

// The decisions a player may send from the live board.
const (
	ActStep    = "step"
	ActUndo    = "undo"
	ActConfirm = "confirm"
	ActRoll    = "roll"
	ActDouble  = "double"
	ActTake    = "take"
	ActPass    = "pass"
	ActResign  = "resign"
	ActClaim   = "claim"
	ActNext    = "next"
)

// liveActs are the live board's decisions other than a step, each the
// game's own action.
var liveActs = map[string]seatAction{
	ActUndo:    func(g *game.Game, s game.Seat, c uint32, _ time.Time) error { return g.Undo(s, c) },
	ActConfirm: (*game.Game).Confirm,
	ActRoll:    (*game.Game).Roll,
	ActDouble:  (*game.Game).Double,
	ActTake:    (*game.Game).Take,
	ActPass:    (*game.Game).Drop,
	ActResign:  (*game.Game).Resign,
	ActClaim:   (*game.Game).ClaimTimeout,
	ActNext:    func(g *game.Game, _ game.Seat, c uint32, now time.Time) error { return g.NextGame(c, now) },
}

// LiveAct is a decision sent from the live board: the game, the move
// counter the page showed, what to do and, for a step, its points in the
// mover's numbering (From 25: the bar; To 0: off).
type LiveAct struct {
	Game     int64
	Counter  uint32
	Kind     string
	From, To int
}

// Act makes a decision sent from the live board by a person, with the
// same checks as a tap on a board: they must sit at the game, and the
// counter must be the game's (a page behind the game is refused with
// ErrStale). No message ties it to a chat. A resignation costs what the
// page asked about at that counter (see ResignValue).
func (s *Service) Act(ctx context.Context, u store.User, act LiveAct) (Outcome, error) {
	do, ok := liveActs[act.Kind]
	if act.Kind == ActStep {
		ok = true
	}
	if !ok {
		return Outcome{}, refuse(ErrUnknown, "no action %q", act.Kind)
	}
	out, err := s.mutateAs(ctx, act.Game, true, func(rec *store.GameRecord, _ []store.Board) error {
		g := rec.Game
		seat, err := seatAt(g, Actor{User: u})
		if err != nil {
			return err
		}
		if act.Kind != ActStep {
			return do(g, seat, act.Counter, s.now())
		}
		if err := fresh(g, act.Counter); err != nil {
			return err
		}
		if g.Turn() != seat || g.Phase() != game.PhaseMoving {
			return refuse(ErrNotYourTurn, "seat %d", seat)
		}
		for _, st := range g.NextSteps() {
			if int(st.From) == act.From && int(st.To) == act.To {
				return g.Step(seat, act.Counter, st, !u.Settings.ConfirmMoves, s.now())
			}
		}
		return refuse(ErrIllegal, "no step %d/%d", act.From, act.To)
	})
	return out, err
}

// loadCodeKey loads the key of the game codes, made once and kept in the
// store.
func (s *Service) loadCodeKey(ctx context.Context) error {
	key, err := s.store.Secret(ctx, liveKey)
	if err != nil {
		return err
	}
	s.codeKey = key
	return nil
}

// liveKey is the name of the secret that signs the live board's game
// codes.
const liveKey = "live"

// LiveCode is the code that names a game on the live board (in its
// address, or a direct link's start parameter): its id and a signature,
// so that nobody can look at games by counting.
func (s *Service) LiveCode(id int64) string {
	n := strconv.FormatInt(id, 36)
	return n + "-" + s.liveSig(n)
}

// ParseLiveCode reads a game code made by LiveCode; a code forged or
// garbled is ErrUnknown.
func (s *Service) ParseLiveCode(code string) (int64, error) {
	n, sig, ok := strings.Cut(code, "-")
	if !ok || len(code) > 64 || len(s.codeKey) == 0 || !hmac.Equal([]byte(sig), []byte(s.liveSig(n))) {
		return 0, refuse(ErrUnknown, "no game code %q", code)
	}
	id, err := strconv.ParseInt(n, 36, 64)
	if err != nil || id <= 0 {
		return 0, refuse(ErrUnknown, "no game code %q", code)
	}
	return id, nil
}

// liveSig signs a game code's number.
func (s *Service) liveSig(n string) string {
	m := hmac.New(sha256.New, s.codeKey)
	m.Write([]byte(n))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:9])
}

// Rematcher is the part of a display that carries out a rematch asked
// for on the live board: it posts the offer to the opponent where they
// played, or begins the game an offer of theirs was waiting for, as 🔁
// under a board does.
type Rematcher interface {
	Rematched(ctx context.Context, a Actor, rm Rematch)
}

// LiveRematch answers a rematch asked for on the live board, after a
// finished game of the person's: against the computer a new game begins;
// in a game with a friend the display (a Rematcher) posts the offer, or
// begins the game the friend's offer was waiting for. A game played in an
// inline message is refused with ErrUnknown: a new card is posted there.
func (s *Service) LiveRematch(ctx context.Context, u store.User, id int64) (Rematch, error) {
	rec, err := s.store.LoadGame(ctx, id)
	if err != nil {
		return Rematch{}, err
	}
	seat, err := seatAt(rec.Game, Actor{User: u})
	if err != nil {
		return Rematch{}, err
	}
	a := Actor{User: u, Chat: rec.Chats[seat]}
	if store.IsInline(a.Chat) {
		return Rematch{}, refuse(ErrUnknown, "game %d was played in an inline message", id)
	}
	rm, err := s.Rematch(ctx, a, id)
	if err != nil || rm.Computer != nil {
		return rm, err
	}
	if r, ok := s.cfg.Display.(Rematcher); ok {
		r.Rematched(ctx, a, rm)
	}
	return rm, nil
}
