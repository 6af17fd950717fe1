package store

import (
	"context"
	"fmt"

	"nardi/game"
)

// Record is a person's tally over finished games.
type Record struct {
	Games int
	Wins  int
	// Marses and Koks are the wins that ended with a mars or a koks (of a
	// match, its last game), however they were scored: see marsWin.
	Marses, Koks int
	// Points is what they won, PointsLost what their opponents won.
	Points, PointsLost int
}

// Stats is a person's record overall, against the computer and against
// people. Abandoned games do not count.
type Stats struct {
	All, VsComputer, VsPeople Record
}

// marsWin and koksWin are 1 for a finished game that the person (seat
// p.seat) won with a mars or a koks, else 0. "A mars" is a game that ended
// with a mars, borne off to or conceded, whatever the points it scored:
// the winner bore off with the loser having none off (also when the
// Jacoby rule scored it as an oin, the cube never turned: the result's
// jacoby), the loser resigned a mars (a resignation worth 2, before the
// cube: with none borne off, outside the Jacoby rule's single), or the
// loser ran out of time (a timeout is a mars, rules.TimeoutValue). A koks
// is one borne off to, also when scored as an oin under the Jacoby rule;
// no resignation or timeout is worth one. Only an oin or a resignation
// needs the game's state (its result's jacoby and value) read.
const (
	marsWin = `CASE WHEN g.winner <> p.seat THEN 0
		WHEN g.reason IN ('mars', 'timeout') THEN 1
		WHEN g.reason = 'oin' AND json_extract(g.state, '$.result.jacoby') = 'mars' THEN 1
		WHEN g.reason = 'resign' AND json_extract(g.state, '$.result.value') >= 2 THEN 1
		ELSE 0 END`
	koksWin = `CASE WHEN g.winner <> p.seat THEN 0
		WHEN g.reason = 'koks' THEN 1
		WHEN g.reason = 'oin' AND json_extract(g.state, '$.result.jacoby') = 'koks' THEN 1
		ELSE 0 END`
)

// Stats tallies a person's finished games.
func (s *Store) Stats(ctx context.Context, userID int64) (Stats, error) {
	rows, err := s.db.QueryContext(ctx, `
		SELECT g.kind = 'computer',
			COUNT(*),
			COALESCE(SUM(g.winner = p.seat), 0),
			COALESCE(SUM(CASE WHEN g.winner = p.seat THEN g.points ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN g.winner <> p.seat THEN g.points ELSE 0 END), 0),
			COALESCE(SUM(`+marsWin+`), 0),
			COALESCE(SUM(`+koksWin+`), 0)
		FROM game_players p JOIN games g ON g.id = p.game_id
		WHERE p.user_id = ? AND g.status = 'finished'
		GROUP BY 1`, userID)
	if err != nil {
		return Stats{}, fmt.Errorf("store: stats of user %d: %w", userID, err)
	}
	defer rows.Close()
	var st Stats
	for rows.Next() {
		var computer bool
		var r Record
		if err := rows.Scan(&computer, &r.Games, &r.Wins, &r.Points, &r.PointsLost, &r.Marses, &r.Koks); err != nil {
			return Stats{}, fmt.Errorf("store: stats of user %d: %w", userID, err)
		}
		if computer {
			st.VsComputer = r
		} else {
			st.VsPeople = r
		}
		st.All.Games += r.Games
		st.All.Wins += r.Wins
		st.All.Points += r.Points
		st.All.PointsLost += r.PointsLost
		st.All.Marses += r.Marses
		st.All.Koks += r.Koks
	}
	if err := rows.Err(); err != nil {
		return Stats{}, fmt.Errorf("store: stats of user %d: %w", userID, err)
	}
	return st, nil
}

// ScoreVsComputer returns the points a person has won from the computer at
// a level over their finished games, and the computer's from them: the
// series a new game against that level goes on.
func (s *Store) ScoreVsComputer(ctx context.Context, user int64, level game.Level) (mine, theirs int, err error) {
	err = s.db.QueryRowContext(ctx, `
		SELECT COALESCE(SUM(CASE WHEN g.winner = p.seat THEN g.points ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN g.winner <> p.seat THEN g.points ELSE 0 END), 0)
		FROM game_players p JOIN games g ON g.id = p.game_id
		WHERE p.user_id = ? AND g.kind = 'computer' AND g.status = 'finished' AND g.level = ?`,
		user, string(level)).Scan(&mine, &theirs)
	if err != nil {
		return 0, 0, fmt.Errorf("store: score of user %d against the computer at %s: %w", user, level, err)
	}
	return mine, theirs, nil
}

// Score returns the points each of two people has won from the other over
// their finished games; with other 0 it is a person's points against the
// computer at every level and the computer's against them.
func (s *Store) Score(ctx context.Context, user, other int64) (mine, theirs int, err error) {
	if other == 0 {
		st, err := s.Stats(ctx, user)
		return st.VsComputer.Points, st.VsComputer.PointsLost, err
	}
	err = s.db.QueryRowContext(ctx, `
		SELECT COALESCE(SUM(CASE WHEN g.winner = a.seat THEN g.points ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN g.winner = b.seat THEN g.points ELSE 0 END), 0)
		FROM games g
		JOIN game_players a ON a.game_id = g.id AND a.user_id = ?
		JOIN game_players b ON b.game_id = g.id AND b.user_id = ?
		WHERE g.status = 'finished'`, user, other).Scan(&mine, &theirs)
	if err != nil {
		return 0, 0, fmt.Errorf("store: score of %d against %d: %w", user, other, err)
	}
	return mine, theirs, nil
}

// Rival is a person's record against one opponent.
type Rival struct {
	UserID int64
	Name   string
	// Games is the finished games (a match counts once) between the two;
	// Wins the person's; Points what the person won, PointsLost what the
	// opponent won.
	Games, Wins, Points, PointsLost int
}

// Rivals returns a person's records against the people they played most,
// most games first, at most limit of them.
func (s *Store) Rivals(ctx context.Context, userID int64, limit int) ([]Rival, error) {
	rows, err := s.db.QueryContext(ctx, `
		SELECT o.user_id, u.name, COUNT(*),
			COALESCE(SUM(g.winner = p.seat), 0),
			COALESCE(SUM(CASE WHEN g.winner = p.seat THEN g.points ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN g.winner = o.seat THEN g.points ELSE 0 END), 0)
		FROM game_players p
		JOIN games g ON g.id = p.game_id
		JOIN game_players o ON o.game_id = p.game_id AND o.seat <> p.seat
		JOIN users u ON u.id = o.user_id
		WHERE p.user_id = ? AND g.status = 'finished' AND g.kind <> 'computer'
		GROUP BY o.user_id ORDER BY COUNT(*) DESC, MAX(g.id) DESC LIMIT ?`, userID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: rivals of user %d: %w", userID, err)
	}
	defer rows.Close()
	var out []Rival
	for rows.Next() {
		var r Rival
		if err := rows.Scan(&r.UserID, &r.Name, &r.Games, &r.Wins, &r.Points, &r.PointsLost); err != nil {
			return nil, fmt.Errorf("store: rivals of user %d: %w", userID, err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
