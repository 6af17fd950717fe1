package table

import (
	"context"
	"errors"
	"slices"
	"time"

	"nardi/game"
	"nardi/store"
	"nardi/tourney"
)

// begin starts an open tournament: its rounds are counted, the first is
// paired and its games begin. It refuses too few players.
func (s *Service) begin(ctx context.Context, t *store.Tournament) error {
	es, err := s.store.Entrants(ctx, t.ID)
	if err != nil {
		return err
	}
	if n := len(es); n < max(t.MinPlayers, MinPlayers) {
		return refuse(ErrTooFewPlayers, "tournament %d has %d of %d", t.ID, n, t.MinPlayers)
	}
	n := len(es)
	switch t.Format {
	case store.Knockout:
		t.Rounds = tourney.KnockoutRounds(n)
	case store.RoundRobin:
		t.Rounds = len(tourney.RoundRobin(ids(es)))
	default:
		if t.Rounds <= 0 {
			t.Rounds = tourney.SwissRounds(n)
		}
		t.Rounds = min(t.Rounds, n-1) // past it, someone would meet a player again
	}
	t.Status, t.Started = store.TournamentRunning, s.now()
	return s.beginRound(ctx, t, es, nil)
}

// ids are the entrants' user ids, in the order they joined.
func ids(es []store.Entrant) []int64 {
	out := make([]int64, len(es))
	for i, e := range es {
		out[i] = e.UserID
	}
	return out
}

// beginRound pairs the tournament's next round, stores it with its
// deadline and begins its games. A removed player's pair is decided at
// once for their opponent; a bye at once for its player.
func (s *Service) beginRound(ctx context.Context, t *store.Tournament, es []store.Entrant, done []store.Pairing) error {
	round := t.Round + 1
	var pairs []tourney.Pair
	switch t.Format {
	case store.Knockout:
		if round == 1 {
			pairs = tourney.KnockoutFirst(players(es))
		} else {
			var winners []int64
			for _, p := range done {
				if p.Round == t.Round {
					winners = append(winners, p.Winner)
				}
			}
			pairs = tourney.KnockoutNext(winners)
			if t.Third && round == t.Rounds {
				pairs = append(pairs, thirdPlace(roundOf(done, t.Round))...)
			}
		}
	case store.RoundRobin:
		all := tourney.RoundRobin(ids(es))
		if round <= len(all) {
			pairs = all[round-1]
		}
	default:
		var in []tourney.Player
		for _, p := range players(es) {
			if !removed(es, p.ID) {
				in = append(in, p)
			}
		}
		pairs = tourney.Swiss(in, results(done))
	}
	now := s.now()
	ps := make([]store.Pairing, len(pairs))
	for i, p := range pairs {
		ps[i] = store.Pairing{Round: round, Table: i, A: p.A, B: p.B}
		switch {
		case p.IsBye():
			ps[i].Done, ps[i].Winner = true, p.A
		case removed(es, p.A) && removed(es, p.B):
			ps[i].Done, ps[i].Forfeit, ps[i].Winner = true, true, p.A // someone goes on in a knockout
		case removed(es, p.A):
			ps[i].Done, ps[i].Forfeit, ps[i].Winner = true, true, p.B
		case removed(es, p.B):
			ps[i].Done, ps[i].Forfeit, ps[i].Winner = true, true, p.A
		}
	}
	t.Round, t.Deadline, t.CardDirty = round, now.Add(t.RoundTime), true
	if err := s.store.StartRound(ctx, *t, ps); err != nil {
		return err
	}
	s.startGames(ctx, *t)
	s.tellByes(*t, es, ps)
	return nil
}

// tellByes tells each player with a bye in a round just paired that they
// have one (a removed player is told nothing).
func (s *Service) tellByes(t store.Tournament, es []store.Entrant, ps []store.Pairing) {
	var byes []store.Pairing
	for _, p := range ps {
		if p.B == tourney.Bye && !removed(es, p.A) {
			byes = append(byes, p)
		}
	}
	if len(byes) == 0 || s.cfg.Lobby == nil {
		return
	}
	s.goAsync(func(ctx context.Context) {
		v, err := s.View(ctx, t.ID)
		if err != nil {
			return
		}
		for _, p := range byes {
			s.cfg.Lobby.Bye(ctx, v, p)
		}
	})
}

// thirdPlace pairs the semi-finalists beaten for third place, when both
// lost a game (a semi-final won on a bye leaves one, third alone).
func thirdPlace(semis []store.Pairing) []tourney.Pair {
	if len(semis) != 2 {
		return nil
	}
	a, b := loser(semis[0]), loser(semis[1])
	if a == 0 || b == 0 {
		return nil
	}
	return []tourney.Pair{{A: a, B: b}}
}

// removed tells whether the host took a person out.
func removed(es []store.Entrant, id int64) bool {
	for _, e := range es {
		if e.UserID == id {
			return e.Removed
		}
	}
	return false
}

// startGames begins the games of the round under way that have none yet
// and whose players are free; a pair whose player is busy elsewhere is
// tried again by the sweep until the deadline.
func (s *Service) startGames(ctx context.Context, t store.Tournament) {
	ps, err := s.store.Pairings(ctx, t.ID)
	if err != nil {
		s.log.Warn("loading a tournament's pairs failed", "tournament", t.ID, "err", err)
		return
	}
	for _, p := range ps {
		if p.Round != t.Round || p.Done || p.GameID != 0 {
			continue
		}
		rec, err := s.startPairingGame(ctx, t, p)
		if errors.Is(err, store.ErrAlreadyPlaying) {
			continue
		}
		if err != nil {
			s.log.Warn("starting a tournament's game failed", "tournament", t.ID, "round", p.Round, "pair", p.Table, "err", err)
			continue
		}
		if s.cfg.Lobby != nil {
			p.GameID = rec.ID
			s.goAsync(func(ctx context.Context) {
				if v, err := s.View(ctx, t.ID); err == nil {
					s.cfg.Lobby.GameReady(ctx, v, p, rec)
				}
			})
		}
	}
}

// startPairingGame creates a pair's game: a private duel, A in the first
// seat, each player in their private chat.
func (s *Service) startPairingGame(ctx context.Context, t store.Tournament, p store.Pairing) (*store.GameRecord, error) {
	a, err := s.store.User(ctx, p.A)
	if err != nil {
		return nil, err
	}
	b, err := s.store.User(ctx, p.B)
	if err != nil {
		return nil, err
	}
	opts := t.Options
	if !opts.Clock.Enabled() {
		opts.IdleClaim = s.cfg.IdleClaim
	}
	g, err := s.newGame(opts, [2]game.Player{game.Human(a.ID, a.Name), game.Human(b.ID, b.Name)})
	if err != nil {
		return nil, err
	}
	ng := store.NewGame{Kind: store.KindPrivate, Chats: [2]int64{a.ID, b.ID}, Game: g, Due: s.dueOf(store.KindPrivate, g)}
	id, err := s.store.StartPairingGame(ctx, t.ID, p, ng, s.now())
	if err != nil {
		return nil, err
	}
	s.started(store.KindPrivate)
	rec, err := s.store.LoadGame(ctx, id)
	if err != nil {
		return nil, err
	}
	s.noteReminder(ctx, rec)
	return rec, nil
}

// tournamentGameOver takes up the result of a game that has ended, if it
// was a tournament's.
func (s *Service) tournamentGameOver(ctx context.Context, gameID int64) {
	id, _, err := s.store.TournamentOfGame(ctx, gameID)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			s.log.Warn("looking for a game's tournament failed", "game", gameID, "err", err)
		}
		return
	}
	s.settleByID(ctx, id)
}

// settleByID settles a tournament under its lock.
func (s *Service) settleByID(ctx context.Context, id int64) {
	unlock := s.locks.Lock(tournamentKey(id))
	defer unlock()
	t, err := s.store.Tournament(ctx, id)
	if err == nil {
		err = s.settle(ctx, &t)
	}
	if err != nil && ctx.Err() == nil {
		s.log.Warn("settling a tournament failed", "tournament", id, "err", err)
	}
}

// settle brings a running tournament up to date, whatever happened while
// nobody looked (a restart included): the results of the games ended are
// taken up, the pairs still undecided at the deadline are forfeited, the
// games not begun are tried again, and when the round is complete the
// next one is paired, or the tournament ends. It runs under the
// tournament's lock.
func (s *Service) settle(ctx context.Context, t *store.Tournament) error {
	if t.Status != store.TournamentRunning {
		return nil
	}
	es, err := s.store.Entrants(ctx, t.ID)
	if err != nil {
		return err
	}
	ps, err := s.store.Pairings(ctx, t.ID)
	if err != nil {
		return err
	}
	now := s.now()
	late := !now.Before(t.Deadline)
	open := false
	for i, p := range ps {
		if p.Round != t.Round || p.Done {
			continue
		}
		decided, err := s.decide(ctx, &p, es, late)
		if err != nil {
			return err
		}
		if !decided {
			open = true
			continue
		}
		if _, err := s.store.SetResult(ctx, t.ID, p); err != nil {
			return err
		}
		ps[i] = p
	}
	if open {
		s.startGames(ctx, *t)
		return nil
	}
	if t.Round < t.Rounds && !(t.Format == store.Knockout && len(roundOf(ps, t.Round)) < 2) {
		return s.beginRound(ctx, t, es, ps)
	}
	t.Status, t.Finished, t.Deadline, t.CardDirty = store.TournamentFinished, now, time.Time{}, true
	if err := s.store.UpdateTournament(ctx, *t); err != nil {
		return err
	}
	if s.cfg.Lobby != nil {
		id := t.ID
		s.goAsync(func(ctx context.Context) {
			if v, err := s.View(ctx, id); err == nil {
				s.cfg.Lobby.Over(ctx, v)
			}
		})
	}
	return nil
}

// roundOf returns a round's pairs.
func roundOf(ps []store.Pairing, r int) []store.Pairing {
	return slices.DeleteFunc(slices.Clone(ps), func(p store.Pairing) bool { return p.Round != r })
}

// decide works out an undecided pair's result, if it has one now: its
// game's, a removed player's loss, or at the deadline (late) a forfeit.
func (s *Service) decide(ctx context.Context, p *store.Pairing, es []store.Entrant, late bool) (bool, error) {
	switch {
	case removed(es, p.A) && removed(es, p.B):
		p.Winner, p.Forfeit = p.A, true
	case removed(es, p.A):
		p.Winner, p.Forfeit = p.B, true
	case removed(es, p.B):
		p.Winner, p.Forfeit = p.A, true
	}
	if p.GameID == 0 {
		if p.Winner != 0 {
			return true, nil
		}
		if !late {
			return false, nil
		}
		// Never begun: the player busy elsewhere forfeits it.
		busyA, busyB := s.busy(ctx, p.A), s.busy(ctx, p.B)
		p.Forfeit, p.Winner = true, p.A
		if busyA && !busyB {
			p.Winner = p.B
		}
		return true, nil
	}
	st, err := s.store.GameStatus(ctx, p.GameID)
	if err != nil {
		return false, err
	}
	if st == store.StatusActive && p.Winner == 0 && !late {
		return false, nil
	}
	rec, err := s.store.LoadGame(ctx, p.GameID)
	if err != nil {
		return false, err
	}
	g := rec.Game
	if w, ok := g.Winner(); ok && rec.Status == store.StatusFinished {
		p.Winner, p.Forfeit = g.Player(w).UserID, false
		return true, nil
	}
	if p.Winner == 0 {
		// Kept waiting: the player to decide loses it.
		p.Winner, p.Forfeit = g.Player(g.Decider().Other()).UserID, true
		if d := g.Decider(); d == game.NoSeat {
			p.Winner = p.A
		}
	}
	if rec.Status == store.StatusActive {
		s.abandonForTournament(ctx, p.GameID)
	}
	return true, nil
}

// busy tells whether a person has a game going in their private chat.
func (s *Service) busy(ctx context.Context, user int64) bool {
	_, err := s.store.ActiveGame(ctx, user, user)
	return err == nil
}

// sweepTournaments runs with the sweep: tournaments due to start at
// their time start (or are cancelled, short of players), running ones are
// settled, and cards left behind are edited, at most once a CardEvery.
func (s *Service) sweepTournaments(ctx context.Context, now time.Time) {
	ts, err := s.store.LiveTournaments(ctx)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Warn("looking for tournaments failed", "err", err)
		}
		return
	}
	for _, t := range ts {
		s.sweepTournament(ctx, t.ID, now)
	}
}

// sweepTournament keeps one tournament's time.
func (s *Service) sweepTournament(ctx context.Context, id int64, now time.Time) {
	unlock := s.locks.Lock(tournamentKey(id))
	defer unlock()
	t, err := s.store.Tournament(ctx, id)
	if err != nil {
		return
	}
	switch {
	case t.Status == store.TournamentOpen && !t.StartAt.IsZero() && !now.Before(t.StartAt):
		if err := s.begin(ctx, &t); CodeOf(err) == ErrTooFewPlayers {
			t.Status, t.Finished, t.CardDirty = store.TournamentCancelled, now, true
			if err = s.store.UpdateTournament(ctx, t); err == nil && s.cfg.Lobby != nil {
				s.goAsync(func(ctx context.Context) {
					if v, err := s.View(ctx, id); err == nil {
						s.cfg.Lobby.TooFew(ctx, v)
					}
				})
			}
		}
		if err != nil {
			s.log.Warn("starting a tournament at its time failed", "tournament", id, "err", err)
		}
	case t.Status == store.TournamentRunning:
		if err := s.settle(ctx, &t); err != nil && ctx.Err() == nil {
			s.log.Warn("settling a tournament failed", "tournament", id, "err", err)
		}
		if t.Status == store.TournamentRunning && t.Reminded < t.Round && now.Before(t.Deadline) &&
			!now.Before(t.Deadline.Add(-RemindBefore(t.RoundTime))) {
			s.remindRound(ctx, t)
		}
	}
	if t, err = s.store.Tournament(ctx, id); err != nil {
		return
	}
	s.refreshCard(ctx, t, now)
}

// RemindBefore is how long before a round's deadline its players on turn
// are reminded: a fifth of the round, at most two hours.
func RemindBefore(round time.Duration) time.Duration { return min(round/5, 2*time.Hour) }

// remindRound reminds, once a round, each player on turn in a game of the
// round still going that the deadline nears (at the deadline the player
// on turn loses). It runs under the tournament's lock.
func (s *Service) remindRound(ctx context.Context, t store.Tournament) {
	if ok, err := s.store.MarkRoundReminded(ctx, t.ID, t.Round); err != nil || !ok {
		if err != nil {
			s.log.Warn("recording a round's reminder failed", "tournament", t.ID, "err", err)
		}
		return
	}
	ps, err := s.store.Pairings(ctx, t.ID)
	if err != nil {
		s.log.Warn("loading a tournament's pairs failed", "tournament", t.ID, "err", err)
		return
	}
	type due struct {
		p    store.Pairing
		user int64
	}
	var owed []due
	for _, p := range roundOf(ps, t.Round) {
		if p.Done || p.GameID == 0 {
			continue
		}
		rec, err := s.store.LoadGame(ctx, p.GameID)
		if err != nil || rec.Status != store.StatusActive {
			continue
		}
		if d := rec.Game.Decider(); d != game.NoSeat {
			owed = append(owed, due{p, rec.Game.Player(d).UserID})
		}
	}
	if len(owed) == 0 || s.cfg.Lobby == nil {
		return
	}
	s.goAsync(func(ctx context.Context) {
		v, err := s.View(ctx, t.ID)
		if err != nil {
			return
		}
		for _, d := range owed {
			s.cfg.Lobby.RoundReminder(ctx, v, d.p, d.user)
		}
	})
}

// refreshCard edits a card that shows less than is known, if it was last
// edited at least a CardEvery ago.
func (s *Service) refreshCard(ctx context.Context, t store.Tournament, now time.Time) {
	if !t.CardDirty || t.MessageID == 0 || now.Sub(t.CardAt) < s.cfg.CardEvery || s.cfg.Lobby == nil {
		return
	}
	t.CardDirty, t.CardAt = false, now
	if err := s.store.UpdateTournament(ctx, t); err != nil {
		s.log.Warn("recording a card's edit failed", "tournament", t.ID, "err", err)
		return
	}
	v, err := s.viewOf(ctx, t)
	if err != nil {
		return
	}
	s.goAsync(func(ctx context.Context) { s.cfg.Lobby.Card(ctx, v) })
}
