package table

import (
	"context"
	"time"

	"nardi/game"
	"nardi/store"
)

// A slow game (a duel without a clock, or with a day a move) is played
// over hours: its player on turn who leaves a decision for
// Config.RemindAfter is reminded of it, privately and once a turn, never
// the player who waits. mutate notes after every change who is owed a
// reminder and when; the sweep sends those due.

// owedReminder tells whether a game's deciding seat is owed a reminder,
// for which turn, and from when.
func (s *Service) owedReminder(rec *store.GameRecord) (store.Reminder, bool) {
	g := rec.Game
	if rec.Kind == store.KindComputer || rec.Status != store.StatusActive || !g.Options().Clock.Slow() {
		return store.Reminder{}, false
	}
	switch g.Phase() {
	case game.PhaseMoving, game.PhaseComplete, game.PhaseCube, game.PhaseDoubled:
	default:
		return store.Reminder{}, false
	}
	d := g.Decider()
	if g.Player(d).IsComputer() || g.Clock().TimedOut || g.FirstMoveAwaited() {
		// An inline card's challenger who has not played yet may never
		// have seen the game: nothing to remind them of.
		return store.Reminder{}, false
	}
	if _, forced := g.Forced(); forced && g.Phase() == game.PhaseMoving {
		return store.Reminder{}, false // made for them shortly
	}
	key := int64(max(g.Match().Number, 1))<<32 | int64(len(g.History()))<<1 | int64(d)
	return store.Reminder{Game: rec.ID, TurnKey: key, At: g.Clock().TurnStarted.Add(s.cfg.RemindAfter)}, true
}

// noteReminder records the reminder a game's player on turn is owed now,
// or that none is.
func (s *Service) noteReminder(ctx context.Context, rec *store.GameRecord) {
	var err error
	if r, ok := s.owedReminder(rec); ok {
		err = s.store.SetReminder(ctx, r)
	} else {
		err = s.store.ClearReminder(ctx, rec.ID)
	}
	if err != nil && ctx.Err() == nil {
		s.log.Warn("noting a reminder failed", "game", rec.ID, "err", err)
	}
}

// remind has the display send the reminders due by now.
func (s *Service) remind(ctx context.Context, now time.Time) {
	due, err := s.store.DueReminders(ctx, now, 50)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Warn("looking for reminders failed", "err", err)
		}
		return
	}
	for _, r := range due {
		rec, err := s.store.LoadGame(ctx, r.Game)
		if err != nil {
			continue
		}
		owed, ok := s.owedReminder(rec)
		if !ok || owed.TurnKey != r.TurnKey {
			s.noteReminder(ctx, rec) // the turn moved on meanwhile
			continue
		}
		if sent, err := s.store.MarkReminded(ctx, r); err != nil || !sent {
			continue
		}
		seat := rec.Game.Decider()
		s.goAsync(func(ctx context.Context) { s.cfg.Display.Remind(ctx, rec, seat) })
	}
}
