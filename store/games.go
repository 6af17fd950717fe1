package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"nardi/game"
)

// Kind is where a game or a challenge is played.
type Kind string

// The kinds of games.
const (
	// KindComputer: a person against the computer in their private chat.
	KindComputer Kind = "computer"
	// KindGroup: a duel on one board in a group chat.
	KindGroup Kind = "group"
	// KindPrivate: a duel through private chats, each player with a board.
	KindPrivate Kind = "private"
)

func (k Kind) valid() bool { return k == KindComputer || k == KindGroup || k == KindPrivate }

// Status is whether a game goes on.
type Status string

// The statuses of a game.
const (
	StatusActive    Status = "active"
	StatusFinished  Status = "finished"  // the game has a result
	StatusAbandoned Status = "abandoned" // left idle too long, or unplayable; no result, its dice seed revealed
)

// NewGame is a game to store for the first time.
type NewGame struct {
	Kind Kind
	// Chats is the chat each person's seat plays in: the group for both in
	// a group game, each player's private chat otherwise. The computer's
	// seat has none.
	Chats [2]int64
	// Game is the game, as game.New made it.
	Game *game.Game
	// Due is the game's next automatic action (none when Kind is
	// game.DueNone), as the caller works it out with game.Game.Due.
	Due game.Due
	// Boards are board messages the game has as it begins (an inline
	// card's, which becomes its board), recorded with it in one
	// transaction; their GameID is filled in.
	Boards []Board
}

// GameRecord is a stored game.
type GameRecord struct {
	ID     int64
	Kind   Kind
	Status Status
	// Chats is the chat of each person's seat (0 for the computer).
	Chats [2]int64
	// Game is the game's whole state; its dice come from its own seed.
	Game *game.Game
	// Created, Updated and Finished are when the game began, last changed
	// in the database, and ended (zero while active).
	Created, Updated, Finished time.Time
}

// CreateGame stores a new game and its people (who must be stored users),
// and returns its id. It fails with ErrAlreadyPlaying when one of them
// already has an active game in the same chat.
func (s *Store) CreateGame(ctx context.Context, ng NewGame, now time.Time) (int64, error) {
	var id int64
	err := s.tx(ctx, func(tx *txn) error {
		var err error
		id, err = s.createGame(ctx, tx, ng, now)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: create game: %w", err)
	}
	return id, nil
}

// createGame inserts a game, its players and its first boards within a
// transaction.
func (s *Store) createGame(ctx context.Context, tx *txn, ng NewGame, now time.Time) (int64, error) {
	g := ng.Game
	if g == nil || !ng.Kind.valid() {
		return 0, fmt.Errorf("bad new game: kind %q, game %v", ng.Kind, g != nil)
	}
	state, err := json.Marshal(g)
	if err != nil {
		return 0, err
	}
	dueAt, dueKind := dueColumns(ng.Due)
	o := g.Options()
	level := ""
	if c := g.ComputerSeat(); c != game.NoSeat {
		level = string(g.Player(c).Level)
	}
	res, err := tx.ExecContext(ctx, `
		INSERT INTO games (kind, game, rules, scoring, clock, counter, state, due_at, due_kind, level, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		string(ng.Kind), o.Game().Name(), o.Rules.String(), o.Scoring.String(), o.Clock.String(), int64(g.Counter()), string(state),
		dueAt, dueKind, level, ms(now), ms(now))
	if err != nil {
		return 0, err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, err
	}
	for seat, p := range g.Players() {
		if p.IsComputer() {
			continue
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO game_players (game_id, seat, user_id, chat_id) VALUES (?, ?, ?, ?)`,
			id, seat, p.UserID, ng.Chats[seat])
		if isUnique(err) {
			return 0, fmt.Errorf("user %d in chat %d: %w", p.UserID, ng.Chats[seat], ErrAlreadyPlaying)
		}
		if err != nil {
			return 0, fmt.Errorf("seat %d: %w", seat, err)
		}
	}
	for _, b := range ng.Boards {
		_, err := tx.ExecContext(ctx, `INSERT INTO boards (game_id, viewer, chat_id, message_id, shown, updated_at)
			VALUES (?, ?, ?, ?, ?, ?)`, id, int(b.Viewer), b.ChatID, b.MessageID, int64(b.Shown), ms(now))
		if err != nil {
			return 0, fmt.Errorf("board in chat %d: %w", b.ChatID, err)
		}
	}
	return id, nil
}

// dueColumns returns the due_at and due_kind columns for a due action.
func dueColumns(d game.Due) (sql.NullInt64, string) {
	if d.Kind == game.DueNone {
		return sql.NullInt64{}, ""
	}
	return sql.NullInt64{Int64: msCeil(d.At), Valid: true}, d.Kind.String()
}

const gameColumns = `g.id, g.kind, g.status, g.state, g.created_at, g.updated_at, g.finished_at,
	COALESCE((SELECT chat_id FROM game_players WHERE game_id = g.id AND seat = 0), 0),
	COALESCE((SELECT chat_id FROM game_players WHERE game_id = g.id AND seat = 1), 0)`

// scanGame reads a row of gameColumns.
func scanGame(row interface{ Scan(...any) error }) (*GameRecord, error) {
	var r GameRecord
	var state string
	var created, updated int64
	var finished sql.NullInt64
	if err := row.Scan(&r.ID, &r.Kind, &r.Status, &state, &created, &updated, &finished, &r.Chats[0], &r.Chats[1]); err != nil {
		return nil, err
	}
	r.Created, r.Updated, r.Finished = fromMS(created), fromMS(updated), fromNullMS(finished)
	r.Game = new(game.Game)
	if err := json.Unmarshal([]byte(state), r.Game); err != nil {
		return nil, fmt.Errorf("game %d: %w", r.ID, err)
	}
	if r.Status == StatusAbandoned {
		// Closed for good: its dice seed is out, as a finished game's.
		r.Game.Close()
	}
	return &r, nil
}

// LoadGame returns a stored game.
func (s *Store) LoadGame(ctx context.Context, id int64) (*GameRecord, error) {
	r, err := scanGame(s.db.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games g WHERE g.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: game %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: load game %d: %w", id, err)
	}
	return r, nil
}

// ActiveGame returns the active game of a person in a chat (their private
// chat's id is their user id).
func (s *Store) ActiveGame(ctx context.Context, chatID, userID int64) (*GameRecord, error) {
	r, err := scanGame(s.db.QueryRowContext(ctx, `SELECT `+gameColumns+`
		FROM game_players p JOIN games g ON g.id = p.game_id
		WHERE p.chat_id = ? AND p.user_id = ? AND p.active = 1`, chatID, userID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: active game of user %d in chat %d: %w", userID, chatID, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: active game of user %d in chat %d: %w", userID, chatID, err)
	}
	return r, nil
}

// LatestGame returns the newest game, active or not, that a user played
// in a chat (as for /verify or /export after the end).
func (s *Store) LatestGame(ctx context.Context, chatID, userID int64) (*GameRecord, error) {
	r, err := scanGame(s.db.QueryRowContext(ctx, `SELECT `+gameColumns+`
		FROM game_players p JOIN games g ON g.id = p.game_id
		WHERE p.chat_id = ? AND p.user_id = ? ORDER BY g.id DESC LIMIT 1`, chatID, userID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: latest game of user %d in chat %d: %w", userID, chatID, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: latest game of user %d in chat %d: %w", userID, chatID, err)
	}
	return r, nil
}

// LatestFinishedGame returns a person's newest finished game in a chat, or
// ErrNotFound.
func (s *Store) LatestFinishedGame(ctx context.Context, chatID, userID int64) (*GameRecord, error) {
	r, err := scanGame(s.db.QueryRowContext(ctx, `SELECT `+gameColumns+`
		FROM game_players p JOIN games g ON g.id = p.game_id
		WHERE p.chat_id = ? AND p.user_id = ? AND g.status = 'finished' ORDER BY g.id DESC LIMIT 1`, chatID, userID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: latest finished game of user %d in chat %d: %w", userID, chatID, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: latest finished game of user %d in chat %d: %w", userID, chatID, err)
	}
	return r, nil
}

// NewestGame returns the game created last, as for exporting it.
func (s *Store) NewestGame(ctx context.Context) (*GameRecord, error) {
	r, err := scanGame(s.db.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games g ORDER BY g.id DESC LIMIT 1`))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: newest game: %w", ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: newest game: %w", err)
	}
	return r, nil
}

// ActiveGames returns the ids of all active games, oldest first, as for
// giving their clocks back the time the bot was down.
func (s *Store) ActiveGames(ctx context.Context) ([]int64, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM games WHERE status = 'active' ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("store: active games: %w", err)
	}
	ids, err := scanIDs(rows)
	if err != nil {
		return nil, fmt.Errorf("store: active games: %w", err)
	}
	return ids, nil
}

// UpdateGame stores a game's new state and its next automatic action (due,
// none when its Kind is game.DueNone), but only if the stored move counter
// is still expected (the counter the caller loaded the game with):
// otherwise it changes nothing and fails with ErrConflict, as it does for
// a game no longer active. A game that is done (over, and in a match the
// match over too) becomes finished, with its result (a match's points are
// its length), and frees its players to start another. The game's update
// time moves only with its counter: a change of the clocks alone (a
// restart's pause and recovery) does not make an idle game look played.
func (s *Store) UpdateGame(ctx context.Context, id int64, g *game.Game, expected uint32, due game.Due, now time.Time) error {
	state, err := json.Marshal(g)
	if err != nil {
		return fmt.Errorf("store: update game %d: %w", id, err)
	}
	dueAt, dueKind := dueColumns(due)
	status := StatusActive
	var winner, points, finished sql.NullInt64
	var reason sql.NullString
	if res, over := g.Result(); over && g.Done() {
		status = StatusFinished
		winner = sql.NullInt64{Int64: int64(res.Winner), Valid: true}
		worth := res.Points
		if n := g.Options().Match; n > 0 {
			worth = n // a match is worth its length, however it was won
		}
		points = sql.NullInt64{Int64: int64(worth), Valid: true}
		reason = sql.NullString{String: res.Reason.String(), Valid: true}
		finished = sql.NullInt64{Int64: ms(g.Finished()), Valid: true}
	}
	err = s.tx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `
			UPDATE games SET state = ?, counter = ?, due_at = ?, due_kind = ?, status = ?,
				winner = ?, points = ?, reason = ?, finished_at = ?,
				updated_at = CASE WHEN ? THEN ? ELSE updated_at END
			WHERE id = ? AND counter = ? AND status = 'active'`,
			string(state), int64(g.Counter()), dueAt, dueKind, string(status),
			winner, points, reason, finished, g.Counter() != expected, ms(now), id, int64(expected))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			var st Status
			var counter int64
			err := tx.QueryRowContext(ctx, `SELECT status, counter FROM games WHERE id = ?`, id).Scan(&st, &counter)
			if errors.Is(err, sql.ErrNoRows) {
				return ErrNotFound
			}
			if err != nil {
				return err
			}
			return fmt.Errorf("%w (status %s, counter %d, expected %d)", ErrConflict, st, counter, expected)
		}
		if status != StatusActive {
			if _, err = tx.ExecContext(ctx, `UPDATE game_players SET active = 0 WHERE game_id = ?`, id); err != nil {
				return err
			}
			return rate(ctx, tx, g)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: update game %d: %w", id, err)
	}
	return nil
}

// DueGame is an active game with an automatic action due.
type DueGame struct {
	ID int64
	// Kind is what is due (game.Game.Due).
	Kind game.DueKind
	// At is when it fell due.
	At time.Time
	// Counter is the game's move counter, the guard for the action.
	Counter uint32
}

// DueGames returns up to limit active games whose next automatic action
// (the computer's play, a pass, a forced play, a timeout) is due by now,
// the most overdue first.
func (s *Store) DueGames(ctx context.Context, now time.Time, limit int) ([]DueGame, error) {
	rows, err := s.db.QueryContext(ctx, `
		SELECT id, due_kind, due_at, counter FROM games
		WHERE status = 'active' AND due_at IS NOT NULL AND due_at <= ?
		ORDER BY due_at, id LIMIT ?`, ms(now), limit)
	if err != nil {
		return nil, fmt.Errorf("store: due games: %w", err)
	}
	defer rows.Close()
	var out []DueGame
	for rows.Next() {
		var d DueGame
		var kind string
		var at, counter int64
		if err := rows.Scan(&d.ID, &kind, &at, &counter); err != nil {
			return nil, fmt.Errorf("store: due games: %w", err)
		}
		d.Kind, d.At, d.Counter = game.ParseDueKind(kind), fromMS(at), uint32(counter)
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: due games: %w", err)
	}
	return out, nil
}

// NextDue returns when the earliest automatic action of any active game
// falls due, and false when none is pending.
func (s *Store) NextDue(ctx context.Context) (time.Time, bool, error) {
	var at sql.NullInt64
	err := s.db.QueryRowContext(ctx, `SELECT MIN(due_at) FROM games WHERE status = 'active' AND due_at IS NOT NULL`).Scan(&at)
	if err != nil {
		return time.Time{}, false, fmt.Errorf("store: next due: %w", err)
	}
	return fromNullMS(at), at.Valid, nil
}

// AbandonIdle marks as abandoned every active game not changed since
// idleSince (the daily clean-up), frees their players, and returns their
// ids. A game with an action due after now (a player still within a long
// clock, an idle claim not yet open) is left alone. Abandoned games have
// no result and count in no statistics.
func (s *Store) AbandonIdle(ctx context.Context, idleSince, now time.Time) ([]int64, error) {
	var ids []int64
	err := s.tx(ctx, func(tx *txn) error {
		rows, err := tx.QueryContext(ctx, `
			UPDATE games SET status = 'abandoned', due_at = NULL, due_kind = '', finished_at = ?, updated_at = ?
			WHERE status = 'active' AND updated_at < ? AND (due_at IS NULL OR due_at <= ?)
			RETURNING id`, ms(now), ms(now), ms(idleSince), ms(now))
		if err != nil {
			return err
		}
		if ids, err = scanIDs(rows); err != nil {
			return err
		}
		for _, id := range ids {
			if _, err := tx.ExecContext(ctx, `UPDATE game_players SET active = 0 WHERE game_id = ?`, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: abandon idle games: %w", err)
	}
	return ids, nil
}

// AbandonGame ends an active game without a result, as a duel that one of
// its players can no longer be shown, and frees its players. It fails with
// ErrConflict when the game is no longer active.
func (s *Store) AbandonGame(ctx context.Context, id int64, now time.Time) error {
	err := s.tx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `
			UPDATE games SET status = 'abandoned', due_at = NULL, due_kind = '', finished_at = ?, updated_at = ?
			WHERE id = ? AND status = 'active'`, ms(now), ms(now), id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return ErrConflict
		}
		_, err = tx.ExecContext(ctx, `UPDATE game_players SET active = 0 WHERE game_id = ?`, id)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: abandon game %d: %w", id, err)
	}
	return nil
}

// scanIDs reads and closes rows of one integer column.
func scanIDs(rows *sql.Rows) ([]int64, error) {
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// ActiveGamesInChat returns the active games with a board in the chat.
func (s *Store) ActiveGamesInChat(ctx context.Context, chatID int64) ([]int64, error) {
	rows, err := s.db.QueryContext(ctx, `
		SELECT DISTINCT b.game_id FROM boards b JOIN games g ON g.id = b.game_id
		WHERE b.chat_id = ? AND g.status = 'active' ORDER BY b.game_id`, chatID)
	if err != nil {
		return nil, fmt.Errorf("store: active games in chat %d: %w", chatID, err)
	}
	defer rows.Close()
	return scanIDs(rows)
}

// MigrateChat moves everything of a chat to its new id, as when Telegram
// upgrades a group to a supergroup: the seats played there, their boards,
// challenges, prompts and reviews. It returns the active games with a
// board there.
func (s *Store) MigrateChat(ctx context.Context, from, to int64) ([]int64, error) {
	err := s.tx(ctx, func(tx *txn) error {
		for _, q := range []string{
			`UPDATE game_players SET chat_id = ? WHERE chat_id = ?`,
			`UPDATE boards SET chat_id = ? WHERE chat_id = ?`,
			`UPDATE challenges SET chat_id = ? WHERE chat_id = ?`,
			`UPDATE OR IGNORE prompts SET chat_id = ? WHERE chat_id = ?`,
			`UPDATE OR IGNORE reviews SET chat_id = ? WHERE chat_id = ?`,
			`UPDATE OR IGNORE chats SET id = ? WHERE id = ?`,
		} {
			if _, err := tx.ExecContext(ctx, q, to, from); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM rate_limits WHERE chat_id = ?`, from)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: migrate chat %d to %d: %w", from, to, err)
	}
	return s.ActiveGamesInChat(ctx, to)
}
