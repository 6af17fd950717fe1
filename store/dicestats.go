package store

import (
	"context"
	"fmt"
)

// DiceStats is what the dice gave a person over games.
type DiceStats struct {
	Games   int     // games counted
	Rolls   int     // their rolls
	Doubles int     // of them doubles
	Pips    int     // pips rolled, a double counting four times
	Luck    float64 // equity their rolls gained against the average roll
}

// AddDiceStats records what the dice gave a person in one game of a
// finished game or match (once: a second record of the same is ignored).
func (s *Store) AddDiceStats(ctx context.Context, game int64, number int, user int64, d DiceStats) error {
	_, err := s.db.ExecContext(ctx, `INSERT OR IGNORE INTO dice_stats (game_id, number, user_id, rolls, doubles, pips, luck)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, game, number, user, d.Rolls, d.Doubles, d.Pips, d.Luck)
	if err != nil {
		return fmt.Errorf("store: dice of game %d for user %d: %w", game, user, err)
	}
	return nil
}

// DiceStatsOf sums what the dice gave a person over their finished games.
func (s *Store) DiceStatsOf(ctx context.Context, user int64) (DiceStats, error) {
	var d DiceStats
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(rolls), 0), COALESCE(SUM(doubles), 0),
		COALESCE(SUM(pips), 0), COALESCE(SUM(luck), 0) FROM dice_stats WHERE user_id = ?`, user).
		Scan(&d.Games, &d.Rolls, &d.Doubles, &d.Pips, &d.Luck)
	if err != nil {
		return DiceStats{}, fmt.Errorf("store: dice of user %d: %w", user, err)
	}
	return d, nil
}
