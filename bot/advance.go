package bot

import (
	"context"
	"errors"
	"time"

	"nardi/ai"
	"nardi/game"
	"nardi/rules"
	"nardi/store"
)

// kick makes the game's due actions (the computer's play, the pass of a
// roll that cannot be played, a forced play, a timeout) run now, in the
// background, once at a time per game.
func (b *Bot) kick(id int64) {
	b.due.trigger(b, id, func(ctx context.Context) { b.advance(ctx, id) })
}

// player returns the computer player of a level for a game's terms.
func (b *Bot) player(level game.Level, opts game.Options) *ai.Player {
	key := string(level) + "/" + opts.Rules.String() + "/" + opts.Variant.String()
	if p, ok := b.players.Load(key); ok {
		return p.(*ai.Player)
	}
	l, err := ai.ParseLevel(string(level))
	if err != nil {
		l = ai.Hard
	}
	p := ai.NewPlayer(b.cfg.Net, opts.Rules, opts.Variant == game.Classic, l)
	actual, _ := b.players.LoadOrStore(key, p)
	return actual.(*ai.Player)
}

// think chooses the computer's play, waiting for a free thinking slot.
func (b *Bot) think(p *ai.Player, g *game.Game, seed uint64) (rules.Play, bool) {
	b.thinking <- struct{}{}
	defer func() { <-b.thinking }()
	play, _, ok := p.Choose(g.TurnStart(), g.Dice(), seed)
	return play, ok
}

// advance performs every action that has fallen due for a game, one at a
// time, each a guarded update; an action due later is timed to kick again.
func (b *Bot) advance(ctx context.Context, id int64) {
	for i := 0; i < 64; i++ {
		unlock := b.locks.lock(gameKey(id))
		rec, err := b.store.LoadGame(ctx, id)
		if err != nil || rec.Status != store.StatusActive {
			unlock()
			return
		}
		g := rec.Game
		now := b.cfg.Now()
		due, ok := g.Due(b.cfg.ShowDelay)
		if !ok {
			unlock()
			return
		}
		if wait := due.At.Sub(now); wait > 0 {
			unlock()
			time.AfterFunc(wait, func() { b.kick(id) })
			return
		}
		counter := g.Counter()
		turn := g.Turn()
		switch due.Kind {
		case game.DueComputer:
			// Think without holding the game, then apply only if nothing
			// changed meanwhile.
			unlock()
			p := b.player(g.Player(turn).Level, g.Options())
			play, played := b.think(p, g, uint64(id)<<20|uint64(counter))
			unlock = b.locks.lock(gameKey(id))
			rec, err = b.store.LoadGame(ctx, id)
			if err != nil || rec.Game.Counter() != counter {
				unlock()
				continue
			}
			g, now = rec.Game, b.cfg.Now()
			if played {
				err = g.ApplyPlay(turn, counter, play, now)
			} else {
				err = g.Pass(counter, now)
			}
		case game.DuePass:
			err = g.Pass(counter, now)
		case game.DueForced:
			play, _ := g.Forced()
			err = g.ApplyPlay(turn, counter, play, now)
		case game.DueTimeout:
			err = g.MarkTimedOut(counter, now)
		}
		if err == nil {
			err = b.store.UpdateGame(ctx, id, g, counter, now)
		}
		unlock()
		if err != nil {
			if !errors.Is(err, store.ErrConflict) && game.CodeOf(err) != game.ErrStale {
				b.log.Error("a due action failed", "game", id, "kind", due.Kind.String(), "err", err)
				return
			}
			continue
		}
		b.boards.request(id)
	}
}

// sweep runs every second: due actions (also those left by a restart),
// expired challenges, and the heartbeat that lets clocks recover.
func (b *Bot) sweep() {
	ctx := b.ctx
	now := b.cfg.Now()
	if err := b.store.Heartbeat(ctx, now); err != nil {
		b.log.Warn("heartbeat failed", "err", err)
	}
	due, err := b.store.DueGames(ctx, now, 100)
	if err != nil {
		b.log.Warn("looking for due games failed", "err", err)
	}
	for _, d := range due {
		b.kick(d.ID)
	}
	b.expireChallenges(ctx, now)
}

// cleanUp runs daily: games idle for a week are abandoned, old challenges
// forgotten.
func (b *Bot) cleanUp() {
	ctx := b.ctx
	now := b.cfg.Now()
	ids, err := b.store.AbandonIdle(ctx, now.Add(-7*24*time.Hour), now)
	if err != nil {
		b.log.Warn("abandoning idle games failed", "err", err)
	} else if len(ids) > 0 {
		b.log.Info("abandoned idle games", "count", len(ids))
	}
	if _, err := b.store.DeleteChallenges(ctx, now.Add(-30*24*time.Hour)); err != nil {
		b.log.Warn("deleting old challenges failed", "err", err)
	}
}

// eachActiveGame runs f on every active game under its lock, saving the
// game when f reports a change.
func (b *Bot) eachActiveGame(ctx context.Context, f func(g *game.Game) bool) error {
	ids, err := b.store.ActiveGames(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		unlock := b.locks.lock(gameKey(id))
		rec, err := b.store.LoadGame(ctx, id)
		if err == nil && f(rec.Game) {
			err = b.store.UpdateGame(ctx, id, rec.Game, rec.Game.Counter(), b.cfg.Now())
		}
		unlock()
		if err != nil {
			b.log.Warn("adjusting a game's clock failed", "game", id, "err", err)
		}
	}
	return nil
}

// recoverClocks gives every clock back the time the bot was down.
func (b *Bot) recoverClocks(ctx context.Context) error {
	last, ok, err := b.store.LastHeartbeat(ctx)
	if err != nil {
		return err
	}
	now := b.cfg.Now()
	if !ok {
		last = now
	}
	return b.eachActiveGame(ctx, func(g *game.Game) bool {
		if !g.Options().Clock.Enabled() {
			return false
		}
		g.Recover(last, now)
		return true
	})
}

// pauseClocks stops every clock as the bot shuts down.
func (b *Bot) pauseClocks() {
	now := b.cfg.Now()
	err := b.eachActiveGame(context.Background(), func(g *game.Game) bool {
		if !g.Options().Clock.Enabled() {
			return false
		}
		g.Pause(now)
		return true
	})
	if err != nil {
		b.log.Warn("pausing clocks failed", "err", err)
	}
}

// waitedOnTelegram gives the clocks of a chat's games back the time spent
// waiting out a rate limit.
func (b *Bot) waitedOnTelegram(chat int64, d time.Duration) {
	ctx := b.ctx
	ids, err := b.store.ActiveGamesInChat(ctx, chat)
	if err != nil {
		return
	}
	for _, id := range ids {
		go func() {
			unlock := b.locks.lock(gameKey(id))
			defer unlock()
			rec, err := b.store.LoadGame(ctx, id)
			if err != nil || !rec.Game.Options().Clock.Enabled() {
				return
			}
			rec.Game.Shift(d)
			if err := b.store.UpdateGame(ctx, id, rec.Game, rec.Game.Counter(), b.cfg.Now()); err != nil {
				b.log.Warn("shifting a clock failed", "game", id, "err", err)
			}
		}()
	}
}
