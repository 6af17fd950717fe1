package table

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"time"

	"nardi/game"
	"nardi/store"
	"nardi/tourney"
)

// Tournaments in a group. The group is the lobby: one card shows the
// terms, who joined, each round's pairs and the standings; the games are
// private duels, each player on a board of their own. The rules, each
// checked here once:
//
//   - A group holds one tournament open or under way at a time.
//   - Anyone may join (➕) or leave (➖) until it starts; a knockout takes
//     up to 64 players, a round robin up to 10.
//   - Only its host or a group administrator starts, cancels or removes
//     a player (the adapter tells whether the person is an administrator).
//   - A round's pairs play at once, one game each (a person has one game
//     at a time: a pair whose player is busy begins when they are free).
//   - At the round's deadline a game not yet ended is lost by the player
//     on turn, who kept it waiting; a game never begun by the player busy
//     elsewhere (both busy: in a knockout the better seed goes on).
//   - Before a round's deadline (RemindBefore), each player on turn in
//     a game of the round is reminded of it, once.
//   - The next round is paired when the last result of a round is in; the
//     card is edited at most once a Config.CardEvery.

// Lobby is what the centre needs to show tournaments; bot implements it.
type Lobby interface {
	// Card edits a tournament's card in its group to show it as it stands.
	Card(ctx context.Context, v TournamentView)
	// GameReady tells a pair's players, privately, that their game has
	// begun, and shows them its boards.
	GameReady(ctx context.Context, v TournamentView, p store.Pairing, rec *store.GameRecord)
	// Over posts a finished tournament's standings in its group.
	Over(ctx context.Context, v TournamentView)
	// TooFew tells the group that a tournament due to start at its time
	// was cancelled, short of players.
	TooFew(ctx context.Context, v TournamentView)
	// RoundReminder tells a player, privately, that the game of theirs
	// that the round under way waits on ends with the round, soon.
	RoundReminder(ctx context.Context, v TournamentView, p store.Pairing, user int64)
	// Bye tells a player, privately, that they have a bye in the round
	// just paired (p is their pair, its B none).
	Bye(ctx context.Context, v TournamentView, p store.Pairing)
}

// DefaultCardEvery is the least time between two edits of a card.
const DefaultCardEvery = time.Minute

// Limits of the formats.
const (
	MaxKnockout = 64
	MinPlayers  = 2
)

// TournamentView is a tournament as it stands: its terms, its people,
// every pair so far and the standings.
type TournamentView struct {
	Tournament store.Tournament
	Entrants   []store.Entrant
	Pairings   []store.Pairing
	Standings  []tourney.Standing
	// Zone is the group's time zone, in which its times are read.
	Zone *time.Location
}

// Name is an entrant's name ("" for one unknown, as a bye).
func (v TournamentView) Name(id int64) string {
	for _, e := range v.Entrants {
		if e.UserID == id {
			return e.Name
		}
	}
	return ""
}

// Joined tells whether a person is in the tournament.
func (v TournamentView) Joined(id int64) bool {
	for _, e := range v.Entrants {
		if e.UserID == id {
			return true
		}
	}
	return false
}

// Round returns the pairs of a round.
func (v TournamentView) Round(r int) []store.Pairing {
	var out []store.Pairing
	for _, p := range v.Pairings {
		if p.Round == r {
			out = append(out, p)
		}
	}
	return out
}

// Podium is who finished first, second and third: a knockout's champion,
// its finalist and the winner of the game for third place, or without one
// the semi-finalists beaten (two thirds); the top of the standings
// otherwise. It is empty before the end.
func (v TournamentView) Podium() [][]int64 {
	t := v.Tournament
	if t.Status != store.TournamentFinished {
		return nil
	}
	if t.Format != store.Knockout {
		var out [][]int64
		for _, s := range v.Standings {
			if len(out) == 3 {
				break
			}
			out = append(out, []int64{s.ID})
		}
		return out
	}
	final := v.Round(t.Rounds)
	if len(final) == 0 {
		return nil
	}
	f := final[0]
	out := [][]int64{{f.Winner}}
	if l := loser(f); l != 0 {
		out = append(out, []int64{l})
	}
	if len(final) == 2 && final[1].Winner != 0 {
		return append(out, []int64{final[1].Winner})
	}
	var third []int64
	for _, p := range v.Round(t.Rounds - 1) {
		if l := loser(p); l != 0 {
			third = append(third, l)
		}
	}
	if len(third) > 0 {
		out = append(out, third)
	}
	return out
}

// IsThirdPlace tells whether a pair is a knockout's game for third place:
// the second pair of its last round.
func (v TournamentView) IsThirdPlace(p store.Pairing) bool {
	t := v.Tournament
	return t.Format == store.Knockout && t.Third && p.Round == t.Rounds && p.Table == 1
}

// Place is where a person finished a tournament over: 1 for its winner,
// and so on (a knockout's players off its podium have none: 0), or 0
// before the end; Reached is the last round they played.
func (v TournamentView) Place(user int64) (place, reached int) {
	for _, p := range v.Pairings {
		if p.A == user || p.B == user {
			reached = max(reached, p.Round)
		}
	}
	if v.Tournament.Status != store.TournamentFinished {
		return 0, reached
	}
	if v.Tournament.Format == store.Knockout {
		for i, ids := range v.Podium() {
			if slices.Contains(ids, user) {
				return i + 1, reached
			}
		}
		return 0, reached
	}
	for i, s := range v.Standings {
		if s.ID == user {
			return i + 1, reached
		}
	}
	return 0, reached
}

// loser is the player of a decided pair who did not win.
func loser(p store.Pairing) int64 {
	return tourney.Result{Pair: tourney.Pair{A: p.A, B: p.B}, Winner: p.Winner}.Loser()
}

// tournamentKey locks one tournament; tournamentChatKey a group's
// tournaments, while one is opened.
func tournamentKey(id int64) string       { return "t" + strconv.FormatInt(id, 10) }
func tournamentChatKey(chat int64) string { return "tc" + strconv.FormatInt(chat, 10) }

// View returns a tournament as it stands, once the change under way (its
// card being posted, a round being paired) is done: a tap on a card just
// posted finds the card recorded.
func (s *Service) View(ctx context.Context, id int64) (TournamentView, error) {
	unlock := s.locks.Lock(tournamentKey(id))
	defer unlock()
	t, err := s.store.Tournament(ctx, id)
	if err != nil {
		return TournamentView{}, err
	}
	return s.viewOf(ctx, t)
}

// viewOf completes a tournament's view from the store.
func (s *Service) viewOf(ctx context.Context, t store.Tournament) (TournamentView, error) {
	v := TournamentView{Tournament: t}
	var err error
	if v.Zone, err = s.Zone(ctx, t.ChatID); err != nil {
		return v, err
	}
	if v.Entrants, err = s.store.Entrants(ctx, t.ID); err != nil {
		return v, err
	}
	if v.Pairings, err = s.store.Pairings(ctx, t.ID); err != nil {
		return v, err
	}
	v.Standings = tourney.Standings(players(v.Entrants), results(v.Pairings))
	return v, nil
}

// players are a tournament's entrants as package tourney sees them.
func players(es []store.Entrant) []tourney.Player {
	out := make([]tourney.Player, len(es))
	for i, e := range es {
		out[i] = tourney.Player{ID: e.UserID, Rating: e.Rating}
	}
	return out
}

// results are the decided pairs as package tourney sees them.
func results(ps []store.Pairing) []tourney.Result {
	var out []tourney.Result
	for _, p := range ps {
		if p.Done {
			out = append(out, tourney.Result{Pair: tourney.Pair{A: p.A, B: p.B}, Winner: p.Winner})
		}
	}
	return out
}

// CurrentTournament returns the group's tournament open or under way, or
// ErrUnknown.
func (s *Service) CurrentTournament(ctx context.Context, chat int64) (TournamentView, error) {
	t, err := s.store.CurrentTournament(ctx, chat)
	if err != nil {
		return TournamentView{}, err
	}
	return s.viewOf(ctx, t)
}

// OpenTournament opens a tournament in the actor's group on the terms t
// gives (Format, Rounds, MinPlayers, Options, RoundTime, StartAt, Lang)
// and shows its card with show, which returns the card's message id.
// A tournament that cannot be shown is cancelled.
func (s *Service) OpenTournament(ctx context.Context, a Actor, t store.Tournament,
	show func(TournamentView) (int64, error)) (TournamentView, error) {
	unlock := s.locks.Lock(tournamentChatKey(a.Chat))
	defer unlock()
	if cur, err := s.store.CurrentTournament(ctx, a.Chat); err == nil {
		v, _ := s.viewOf(ctx, cur)
		return v, refuse(ErrTournamentOpen, "tournament %d in chat %d", cur.ID, a.Chat)
	}
	t.ChatID, t.Host = a.Chat, a.User.ID
	t.MinPlayers = max(t.MinPlayers, MinPlayers)
	if t.RoundTime <= 0 {
		t.RoundTime = s.cfg.RoundTime
	}
	if t.RoundTime <= 0 {
		t.RoundTime = RoundTimeOf(t.Options)
	}
	if a.Message != 0 {
		t.Source = strconv.FormatInt(a.Chat, 10) + ":" + strconv.FormatInt(a.Message, 10)
	}
	t, err := s.store.NewTournament(ctx, t, s.now())
	if err != nil {
		return TournamentView{}, err
	}
	unlockT := s.locks.Lock(tournamentKey(t.ID))
	defer unlockT()
	v := TournamentView{Tournament: t}
	v.Zone, _ = s.Zone(ctx, a.Chat)
	id, err := show(v)
	if err != nil {
		t.Status, t.Finished = store.TournamentCancelled, s.now()
		if werr := s.store.UpdateTournament(ctx, t); werr != nil {
			s.log.Warn("cancelling a tournament that could not be shown failed", "tournament", t.ID, "err", werr)
		}
		return v, err
	}
	t.MessageID, t.CardAt = id, s.now()
	if err := s.store.UpdateTournament(ctx, t); err != nil {
		return v, err
	}
	v.Tournament = t
	return v, nil
}

// RoundTimeOf is how long a round's games have by default: room for a
// game or match at its clock's pace (at least ten minutes), two weeks at a
// day a move, and a day without a clock.
func RoundTimeOf(o game.Options) time.Duration {
	tc := o.Clock
	length := time.Duration(max(o.Match, 1))
	switch {
	case !tc.Enabled():
		return 24 * time.Hour
	case tc.Move >= time.Hour:
		return 14 * tc.Move * length
	}
	d := (40*tc.Move + 2*tc.Reserve) * length
	return max(d.Round(time.Minute), 10*time.Minute)
}

// CardBehind records that a tournament's card shows less than is known,
// for the sweep to edit it again.
func (s *Service) CardBehind(ctx context.Context, id int64) error {
	return s.store.MarkCard(ctx, id)
}

// withTournament runs f on a tournament under its lock.
func (s *Service) withTournament(ctx context.Context, id int64, f func(t *store.Tournament) error) (TournamentView, error) {
	unlock := s.locks.Lock(tournamentKey(id))
	defer unlock()
	t, err := s.store.Tournament(ctx, id)
	if err != nil {
		return TournamentView{}, err
	}
	if err := f(&t); err != nil {
		v, _ := s.viewOf(ctx, t)
		return v, err
	}
	return s.viewOf(ctx, t)
}

// mayRun refuses a person who is neither the host nor an administrator.
func mayRun(t store.Tournament, a Actor, admin bool) error {
	if t.Host != a.User.ID && !admin {
		return refuse(ErrHostOnly, "user %d in tournament %d", a.User.ID, t.ID)
	}
	return nil
}

// stillOpen refuses a change of the entrants once a tournament began.
func stillOpen(t store.Tournament) error {
	switch t.Status {
	case store.TournamentOpen:
		return nil
	case store.TournamentRunning:
		return refuse(ErrTournamentStarted, "tournament %d", t.ID)
	}
	return refuse(ErrTournamentOver, "tournament %d is %s", t.ID, t.Status)
}

// JoinTournament enters the actor in a tournament not yet begun.
func (s *Service) JoinTournament(ctx context.Context, a Actor, id int64) (TournamentView, error) {
	return s.withTournament(ctx, id, func(t *store.Tournament) error {
		if err := stillOpen(*t); err != nil {
			return err
		}
		es, err := s.store.Entrants(ctx, id)
		if err != nil {
			return err
		}
		limit := MaxKnockout
		if t.Format == store.RoundRobin {
			limit = tourney.MaxRoundRobin
		}
		if t.Format != store.Swiss && len(es) >= limit {
			return refuse(ErrTournamentFull, "tournament %d has %d", id, len(es))
		}
		r, err := s.store.RatingOf(ctx, a.User.ID)
		if err != nil {
			return err
		}
		joined, err := s.store.JoinTournament(ctx, id, a.User.ID, r.Rating, s.now())
		if err != nil {
			return err
		}
		if !joined {
			return refuse(ErrAlreadyJoined, "user %d in tournament %d", a.User.ID, id)
		}
		return s.store.MarkCard(ctx, id)
	})
}

// LeaveTournament takes the actor out of a tournament not yet begun.
func (s *Service) LeaveTournament(ctx context.Context, a Actor, id int64) (TournamentView, error) {
	return s.withTournament(ctx, id, func(t *store.Tournament) error {
		if err := stillOpen(*t); err != nil {
			return err
		}
		left, err := s.store.LeaveTournament(ctx, id, a.User.ID)
		if err != nil {
			return err
		}
		if !left {
			return refuse(ErrNotJoined, "user %d in tournament %d", a.User.ID, id)
		}
		return s.store.MarkCard(ctx, id)
	})
}

// StartTournament begins a tournament at its host's (or an
// administrator's) word: the first round is paired and its games begin.
func (s *Service) StartTournament(ctx context.Context, a Actor, id int64, admin bool) (TournamentView, error) {
	return s.withTournament(ctx, id, func(t *store.Tournament) error {
		if err := mayRun(*t, a, admin); err != nil {
			return err
		}
		if err := stillOpen(*t); err != nil {
			return err
		}
		return s.begin(ctx, t)
	})
}

// CancelTournament ends a tournament without a result, at its host's (or
// an administrator's) word; the games under way are abandoned.
func (s *Service) CancelTournament(ctx context.Context, a Actor, id int64, admin bool) (TournamentView, error) {
	return s.withTournament(ctx, id, func(t *store.Tournament) error {
		if err := mayRun(*t, a, admin); err != nil {
			return err
		}
		if t.Status != store.TournamentOpen && t.Status != store.TournamentRunning {
			return refuse(ErrTournamentOver, "tournament %d is %s", id, t.Status)
		}
		ps, err := s.store.Pairings(ctx, id)
		if err != nil {
			return err
		}
		for _, p := range ps {
			if !p.Done && p.GameID != 0 {
				s.abandonForTournament(ctx, p.GameID)
			}
		}
		t.Status, t.Finished, t.CardDirty = store.TournamentCancelled, s.now(), true
		return s.store.UpdateTournament(ctx, *t)
	})
}

// RemoveFromTournament takes a player out at the host's (or an
// administrator's) word: before the start they are simply out; after it,
// their game under way is lost and they are paired no more.
func (s *Service) RemoveFromTournament(ctx context.Context, a Actor, id, user int64, admin bool) (TournamentView, error) {
	return s.withTournament(ctx, id, func(t *store.Tournament) error {
		if err := mayRun(*t, a, admin); err != nil {
			return err
		}
		switch t.Status {
		case store.TournamentOpen:
			if left, err := s.store.LeaveTournament(ctx, id, user); err != nil {
				return err
			} else if !left {
				return refuse(ErrNotJoined, "user %d in tournament %d", user, id)
			}
			return s.store.MarkCard(ctx, id)
		case store.TournamentRunning:
		default:
			return refuse(ErrTournamentOver, "tournament %d is %s", id, t.Status)
		}
		if err := s.store.RemoveEntrant(ctx, id, user); err != nil {
			return err
		}
		if err := s.store.MarkCard(ctx, id); err != nil {
			return err
		}
		return s.settle(ctx, t)
	})
}

// abandonForTournament ends a tournament's game without a result.
func (s *Service) abandonForTournament(ctx context.Context, game int64) {
	if err := s.Abandon(ctx, game); err != nil && !errors.Is(err, store.ErrConflict) {
		s.log.Warn("abandoning a tournament's game failed", "game", game, "err", err)
	}
}
