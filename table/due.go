package table

import (
	"context"
	"time"

	"nardi/game"
	"nardi/store"
)

// kick makes a game's due actions run now, in the background, one run at
// a time per game.
func (s *Service) kick(id int64) {
	s.due.Trigger(id, s.goAsync, func(ctx context.Context) { s.advance(ctx, id) })
}

// advance performs every action that has fallen due for a game, one at a
// time, each through mutate; an action due later is scheduled. Each
// change reaches the display.
func (s *Service) advance(ctx context.Context, id int64) {
	for range 64 {
		rec, err := s.store.LoadGame(ctx, id)
		if err != nil || rec.Status != store.StatusActive {
			return
		}
		due := s.dueOf(rec.Kind, rec.Game)
		if due.Kind == game.DueNone {
			return
		}
		if due.At.After(s.now()) {
			s.schedule(id, due)
			return
		}
		var out Outcome
		if due.Kind == game.DueComputer {
			out, err = s.computerMove(ctx, rec)
		} else {
			counter := rec.Game.Counter()
			out, err = s.mutate(ctx, id, func(rec *store.GameRecord, _ []store.Board) error {
				return automatic(rec.Game, due.Kind, counter, s.now())
			})
		}
		if isStale(err) {
			continue // something else came first: look again
		}
		if err != nil {
			if ctx.Err() == nil { // at shutdown, the sweep after the restart takes it up
				s.log.Error("a due action failed", "game", id, "kind", due.Kind.String(), "err", err)
			}
			return
		}
		s.cfg.Display.Redraw(out)
	}
}

// automatic makes a due action other than the computer's move.
func automatic(g *game.Game, kind game.DueKind, counter uint32, now time.Time) error {
	switch kind {
	case game.DuePass:
		return g.Pass(counter, now)
	case game.DueForced:
		play, ok := g.Forced()
		if !ok {
			return refuse(ErrStale, "no forced play")
		}
		return g.ApplyPlay(g.Turn(), counter, play, now)
	case game.DueNext:
		return g.NextGame(counter, now)
	case game.DueTimeout:
		if err := g.MarkTimedOut(counter, now); err != nil {
			return err
		}
		// The computer does not wait to claim: a person's time is up.
		if winner := g.Decider().Other(); g.Player(winner).IsComputer() {
			return g.ClaimTimeout(winner, g.Counter(), now)
		}
		return nil
	}
	return refuse(ErrInternal, "due %s", kind)
}

// Sweep runs every second (Start schedules it): the heartbeat that lets
// clocks recover after a crash, the due actions of every game (also those
// a restart left), the challenges nobody took in time, and the reminders
// of slow games, and the tournaments' time.
func (s *Service) Sweep(ctx context.Context) {
	now := s.now()
	if err := s.store.Heartbeat(ctx, now); err != nil {
		s.log.Warn("heartbeat failed", "err", err)
	}
	due, err := s.store.DueGames(ctx, now, 100)
	if err != nil {
		s.log.Warn("looking for due games failed", "err", err)
	}
	for _, d := range due {
		s.kick(d.ID)
	}
	s.expireChallenges(ctx, now)
	s.remind(ctx, now)
	s.sweepTournaments(ctx, now)
	s.redrawBehind(ctx, now.Add(-behindFor))
}

// behindFor is how long a board may show an older state than its game's
// before the sweep redraws it: longer than any wait for Telegram's pace.
const behindFor = 10 * time.Second

// redrawBehind has the display redraw the boards left behind their games
// since before a time (at start: all of them), as after a crash between
// storing a move and editing its boards.
func (s *Service) redrawBehind(ctx context.Context, before time.Time) {
	ids, err := s.store.BehindBoards(ctx, before, 20)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Warn("looking for boards behind failed", "err", err)
		}
		return
	}
	for _, id := range ids {
		if out, err := s.Current(ctx, id); err == nil {
			s.cfg.Display.Redraw(out)
		}
	}
}

// cleanUp runs daily: games idle for a week are abandoned, old challenges,
// prompts and inline messages forgotten.
func (s *Service) cleanUp(ctx context.Context) {
	now := s.now()
	ids, err := s.store.AbandonIdle(ctx, now.Add(-7*24*time.Hour), now)
	if err != nil {
		s.log.Warn("abandoning idle games failed", "err", err)
	} else if len(ids) > 0 {
		s.log.Info("abandoned idle games", "count", len(ids))
	}
	if _, err := s.store.DeleteChallenges(ctx, now.Add(-30*24*time.Hour)); err != nil {
		s.log.Warn("deleting old challenges failed", "err", err)
	}
	// Menus, questions and played messages of a month ago are long dead.
	if err := s.store.DeletePrompts(ctx, now.Add(-30*24*time.Hour)); err != nil {
		s.log.Warn("deleting old prompts failed", "err", err)
	}
	if err := s.store.ForgetHandled(ctx, now.Add(-48*time.Hour)); err != nil {
		s.log.Warn("forgetting handled updates failed", "err", err)
	}
	// Inline messages a month old whose games are over (or never began):
	// a tap on one again simply makes it a chat anew.
	if _, err := s.store.PruneInline(ctx, now.Add(-30*24*time.Hour)); err != nil {
		s.log.Warn("pruning inline messages failed", "err", err)
	}
}

// adjustClocks changes the clocks of games through mutate (a clock
// adjustment leaves the move counter, so boards stay valid): games with a
// clock, and games without one that have an idle claim, whose limit runs
// from the turn's start as a clock does. A game that adjust leaves as it
// was (it returns false) is not written.
func (s *Service) adjustClocks(ctx context.Context, ids []int64, adjust func(g *game.Game) bool) {
	for _, id := range ids {
		_, err := s.mutate(ctx, id, func(rec *store.GameRecord, _ []store.Board) error {
			if o := rec.Game.Options(); !o.Clock.Enabled() && o.IdleClaim == 0 {
				return errNoChange
			}
			if !adjust(rec.Game) {
				return errNoChange
			}
			return nil
		})
		if err != nil && err != errNoChange && CodeOf(err) != ErrGameOver {
			s.log.Warn("adjusting a game's clock failed", "game", id, "err", err)
		}
	}
}

// recoverClocks gives every clock back the time the bot was down.
func (s *Service) recoverClocks(ctx context.Context) error {
	last, ok, err := s.store.LastHeartbeat(ctx)
	if err != nil {
		return err
	}
	ids, err := s.store.ActiveGames(ctx)
	if err != nil {
		return err
	}
	now := s.now()
	if !ok {
		last = now
	}
	s.adjustClocks(ctx, ids, func(g *game.Game) bool { g.Recover(last, now); return true })
	// The outage is given back once: a crash before the first sweep must
	// not make the next start give it again.
	if err := s.store.Heartbeat(ctx, now); err != nil {
		return err
	}
	return nil
}

// pauseClocks stops every clock as the bot shuts down.
func (s *Service) pauseClocks(ctx context.Context) {
	ids, err := s.store.ActiveGames(ctx)
	if err != nil {
		s.log.Warn("pausing clocks failed", "err", err)
		return
	}
	now := s.now()
	s.adjustClocks(ctx, ids, func(g *game.Game) bool { g.Pause(now); return true })
}

// WaitedOnTelegram gives a game's deciding player back a wait for
// Telegram, from from to until, that held up one of its boards (drawn for
// viewer, showing the game at the counter shown) before they could see
// their decision: the bot's own pacing is never charged to a player, and
// nothing else is given back (see game.Game.Waited).
func (s *Service) WaitedOnTelegram(id int64, viewer game.Seat, shown uint32, from, until time.Time) {
	s.goAsync(func(ctx context.Context) {
		s.adjustClocks(ctx, []int64{id}, func(g *game.Game) bool { return g.Waited(viewer, shown, from, until) > 0 })
	})
}
