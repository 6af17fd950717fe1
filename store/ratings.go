package store

import (
	"context"

	"fmt"

	"nardi/game"
	"nardi/rating"
)

// rate applies a finished game or match to its players' ratings (package
// rating), in the transaction that finishes it: the winner gains what the
// loser loses, a person's experience grows by the length (1 for a single
// game); the computer is rated at its level's fixed rating, never
// changed.
func rate(ctx context.Context, tx *txn, g *game.Game) error {
	w, ok := g.Winner()
	if !ok {
		return nil
	}
	n := max(g.Options().Match, 1)
	var r [2]float64
	var exp [2]int
	for s := game.Seat(0); s <= 1; s++ {
		p := g.Player(s)
		if p.IsComputer() {
			r[s], exp[s] = rating.Computer(string(p.Level)), 1<<30
			continue
		}
		err := tx.QueryRowContext(ctx, `SELECT rating, experience FROM users WHERE id = ?`, p.UserID).Scan(&r[s], &exp[s])
		if err != nil {
			return fmt.Errorf("rating of user %d: %w", p.UserID, err)
		}
	}
	gain, loss := rating.Change(r[w], r[w.Other()], exp[w], exp[w.Other()], n)
	for s, delta := range map[game.Seat]float64{w: gain, w.Other(): -loss} {
		p := g.Player(s)
		if p.IsComputer() {
			continue
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET rating = rating + ?, experience = experience + ?, rated = rated + 1 WHERE id = ?`,
			delta, n, p.UserID); err != nil {
			return fmt.Errorf("rating of user %d: %w", p.UserID, err)
		}
	}
	return nil
}

// Rating is a person's rating and what it rests on.
type Rating struct {
	Rating     float64
	Experience int // the sum of the lengths of the games and matches rated
	Rated      int // how many were rated
}

// RatingOf returns a person's rating.
func (s *Store) RatingOf(ctx context.Context, user int64) (Rating, error) {
	var r Rating
	err := s.db.QueryRowContext(ctx, `SELECT rating, experience, rated FROM users WHERE id = ?`, user).Scan(&r.Rating, &r.Experience, &r.Rated)
	if err != nil {
		return Rating{}, fmt.Errorf("store: rating of user %d: %w", user, err)
	}
	return r, nil
}

// Ranked is a person on a table of ratings.
type Ranked struct {
	UserID int64
	Name   string
	Rating
}

// TopInChat lists the best-rated people who have finished a game in a
// chat, with at least minRated rated games or matches, best first.
func (s *Store) TopInChat(ctx context.Context, chat int64, minRated, limit int) ([]Ranked, error) {
	rows, err := s.db.QueryContext(ctx, `
		SELECT u.id, u.name, u.rating, u.experience, u.rated FROM users u
		WHERE u.rated >= ? AND EXISTS (
			SELECT 1 FROM game_players p JOIN games g ON g.id = p.game_id
			WHERE p.user_id = u.id AND p.chat_id = ? AND g.status = 'finished')
		ORDER BY u.rating DESC, u.id LIMIT ?`, minRated, chat, limit)
	if err != nil {
		return nil, fmt.Errorf("store: top of chat %d: %w", chat, err)
	}
	defer rows.Close()
	var out []Ranked
	for rows.Next() {
		var r Ranked
		if err := rows.Scan(&r.UserID, &r.Name, &r.Rating.Rating, &r.Experience, &r.Rated); err != nil {
			return nil, fmt.Errorf("store: top of chat %d: %w", chat, err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: top of chat %d: %w", chat, err)
	}
	return out, nil
}

// RankOf tells a person's place among everyone with at least minRated
// rated games or matches (1 is the best), and how many such people there
// are; place is 0 when the person has too few.
func (s *Store) RankOf(ctx context.Context, user int64, minRated int) (place, of int, err error) {
	err = s.db.QueryRowContext(ctx, `
		SELECT
			CASE WHEN me.rated >= ? THEN (SELECT COUNT(*) FROM users o WHERE o.rated >= ? AND o.rating > me.rating) + 1 ELSE 0 END,
			(SELECT COUNT(*) FROM users WHERE rated >= ?)
		FROM users me WHERE me.id = ?`, minRated, minRated, minRated, user).Scan(&place, &of)
	if err != nil {
		return 0, 0, fmt.Errorf("store: rank of user %d: %w", user, err)
	}
	return place, of, nil
}
