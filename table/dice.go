package table

import (
	"context"

	"nardi/game"
	"nardi/rules"
	"nardi/store"
)

// noteDice works out, in the background and only while no computer's
// move waits, what the dice gave each person in every game of a finished
// game or match (rolls, doubles, pips, luck), and stores it for /stats.
func (s *Service) noteDice(finished *store.GameRecord) {
	id := finished.ID
	s.goAsync(func(ctx context.Context) {
		rec, err := s.store.LoadGame(ctx, id) // a copy of its own: a game is not for concurrent use
		if err != nil {
			return
		}
		g := rec.Game
		res, _ := g.Result()
		games := append(g.Past(), game.PastGame{History: g.History(), Cubes: g.Cubes(), Match: g.Match(), Result: res})
		for i, pg := range games {
			for seat := game.Seat(0); seat <= 1; seat++ {
				p := g.Player(seat)
				if p.IsComputer() {
					continue
				}
				d, err := s.diceOf(ctx, g.Options(), pg, seat)
				if err != nil {
					return // shutting down: the game stays without its figures
				}
				if err := s.store.AddDiceStats(ctx, rec.ID, i+1, p.UserID, d); err != nil {
					s.log.Warn("recording the dice of a game failed", "game", rec.ID, "err", err)
				}
			}
		}
	})
}

// diceOf tallies a seat's rolls in one game, with their luck.
func (s *Service) diceOf(ctx context.Context, opts game.Options, pg game.PastGame, seat game.Seat) (store.DiceStats, error) {
	byCube := judgesByCube{s: s, opts: opts}
	cube := cubeWalk{value: 1, owner: game.NoSeat, actions: pg.Cubes}
	var d store.DiceStats
	_, err := replay(opts, pg.History, func(i int, t game.TurnRecord, mover, _ rules.Position, first bool) error {
		cube.at(i)
		// The opening roll, never a double, is no fair roll to count.
		if t.Seat != seat || i == 0 {
			return nil
		}
		js, err := byCube.of(turnCube(opts, pg.Match, cube.value, cube.owner, t.Seat))
		if err != nil {
			return err
		}
		if err := s.thinking.idly(ctx, func() { d.Luck += js.story(mover, t.Dice, first).Luck }); err != nil {
			return err
		}
		d.Rolls++
		if t.Dice[0] == t.Dice[1] {
			d.Doubles++
			d.Pips += 4 * t.Dice[0]
		} else {
			d.Pips += t.Dice[0] + t.Dice[1]
		}
		return nil
	})
	if err != nil {
		return store.DiceStats{}, err
	}
	return d, nil
}
