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

// Format is how a tournament pairs its players.
type Format string

// The formats of a tournament.
const (
	Knockout   Format = "knockout"
	Swiss      Format = "swiss"
	RoundRobin Format = "roundrobin"
)

// TournamentStatus is where a tournament stands.
type TournamentStatus string

// The statuses of a tournament: open to join, under way, and ended.
const (
	TournamentOpen      TournamentStatus = "open"
	TournamentRunning   TournamentStatus = "running"
	TournamentFinished  TournamentStatus = "finished"
	TournamentCancelled TournamentStatus = "cancelled"
)

// ErrTournamentExists: the group has a tournament open or under way.
var ErrTournamentExists = errors.New("store: a tournament is already open in this chat")

// Tournament is a tournament held in a group: its terms, where it stands,
// and its card (the group's one message about it).
type Tournament struct {
	ID     int64
	ChatID int64
	Host   int64
	Format Format
	// Rounds is how many rounds it plays: a Swiss's as chosen, the
	// others' as worked out at the start.
	Rounds     int
	MinPlayers int
	// Options are the terms of each of its games.
	Options game.Options
	// RoundTime is how long a round's games have before a forfeit.
	RoundTime time.Duration
	Status    TournamentStatus
	// StartAt, when not zero, is when it starts by itself.
	StartAt time.Time
	// Round is the round under way, from 1 (0 before the start).
	Round int
	// Deadline is when the round under way ends (zero before the start).
	Deadline time.Time
	// MessageID is its card in the group.
	MessageID int64
	// CardDirty tells that the card shows less than is known; CardAt is
	// when it was last edited.
	CardDirty bool
	CardAt    time.Time
	// Lang is the card's language.
	Lang string
	// Source names the command that opened it ("chat:message").
	Source string
	// Third: a knockout plays a game for third place beside its final.
	Third bool
	// Reminded is the last round whose players on turn were reminded of
	// its deadline.
	Reminded                   int
	Created, Started, Finished time.Time
}

// Entrant is a person who joined a tournament.
type Entrant struct {
	UserID int64
	Name   string
	// Rating is theirs as they joined.
	Rating float64
	// Removed: taken out by the host; they play no more.
	Removed bool
}

// Pairing is one pair of a tournament's round and its result.
type Pairing struct {
	Round, Table int
	// A and B are the players; B is 0 for A's bye.
	A, B int64
	// GameID is the game they play, once begun.
	GameID int64
	// Winner is A or B once Done (0 when neither won); Forfeit tells that
	// it was decided at the deadline rather than by a game.
	Winner  int64
	Done    bool
	Forfeit bool
}

const tournamentColumns = `id, chat_id, host, format, rounds, min_players, options, round_time, status, start_at, round,
	deadline, message_id, card_dirty, card_at, lang, source, created_at, started_at, finished_at, third, reminded`

func scanTournament(row interface{ Scan(...any) error }) (Tournament, error) {
	var t Tournament
	var opts string
	var roundTime, cardAt, created int64
	var startAt, deadline, started, finished sql.NullInt64
	err := row.Scan(&t.ID, &t.ChatID, &t.Host, &t.Format, &t.Rounds, &t.MinPlayers, &opts, &roundTime, &t.Status, &startAt, &t.Round,
		&deadline, &t.MessageID, &t.CardDirty, &cardAt, &t.Lang, &t.Source, &created, &started, &finished, &t.Third, &t.Reminded)
	if err != nil {
		return Tournament{}, err
	}
	if err := json.Unmarshal([]byte(opts), &t.Options); err != nil {
		return Tournament{}, fmt.Errorf("tournament %d options: %w", t.ID, err)
	}
	t.RoundTime = time.Duration(roundTime) * time.Millisecond
	t.Deadline, t.CardAt, t.Created = fromNullMS(deadline), fromMS(cardAt), fromMS(created)
	t.Started, t.Finished, t.StartAt = fromNullMS(started), fromNullMS(finished), fromNullMS(startAt)
	return t, nil
}

// nullMS writes a time that may be zero.
func nullMS(t time.Time) sql.NullInt64 {
	if t.IsZero() {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: ms(t), Valid: true}
}

// NewTournament stores an open tournament (its ID, Status and Created are
// made here) and returns it; it fails with ErrTournamentExists when the
// group has one open or under way.
func (s *Store) NewTournament(ctx context.Context, t Tournament, now time.Time) (Tournament, error) {
	opts, err := json.Marshal(t.Options)
	if err != nil {
		return Tournament{}, fmt.Errorf("store: new tournament: %w", err)
	}
	t.Status, t.Created = TournamentOpen, fromMS(ms(now))
	res, err := s.db.ExecContext(ctx, `
		INSERT INTO tournaments (chat_id, host, format, rounds, min_players, options, round_time, start_at, lang, source, created_at, third)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		t.ChatID, t.Host, string(t.Format), t.Rounds, t.MinPlayers, string(opts), t.RoundTime.Milliseconds(), nullMS(t.StartAt),
		t.Lang, t.Source, ms(now), boolInt(t.Third))
	if isUnique(err) {
		return Tournament{}, fmt.Errorf("store: new tournament in chat %d: %w", t.ChatID, ErrTournamentExists)
	}
	if err == nil {
		t.ID, err = res.LastInsertId()
	}
	if err != nil {
		return Tournament{}, fmt.Errorf("store: new tournament in chat %d: %w", t.ChatID, err)
	}
	return t, nil
}

// Tournament returns a tournament by id.
func (s *Store) Tournament(ctx context.Context, id int64) (Tournament, error) {
	t, err := scanTournament(s.db.QueryRowContext(ctx, `SELECT `+tournamentColumns+` FROM tournaments WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return Tournament{}, fmt.Errorf("store: tournament %d: %w", id, err)
	}
	return t, nil
}

// CurrentTournament returns a group's tournament open or under way, or
// ErrNotFound.
func (s *Store) CurrentTournament(ctx context.Context, chatID int64) (Tournament, error) {
	t, err := scanTournament(s.db.QueryRowContext(ctx, `SELECT `+tournamentColumns+` FROM tournaments
		WHERE chat_id = ? AND status IN ('open', 'running')`, chatID))
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return Tournament{}, fmt.Errorf("store: current tournament of chat %d: %w", chatID, err)
	}
	return t, nil
}

// queryTournaments reads the tournaments a query selects.
func (s *Store) queryTournaments(ctx context.Context, where string, args ...any) ([]Tournament, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+tournamentColumns+` FROM tournaments WHERE `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Tournament
	for rows.Next() {
		t, err := scanTournament(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// FinishedTournaments returns a group's newest finished tournaments, up
// to limit, the newest first.
func (s *Store) FinishedTournaments(ctx context.Context, chatID int64, limit int) ([]Tournament, error) {
	ts, err := s.queryTournaments(ctx, `chat_id = ? AND status = 'finished' ORDER BY id DESC LIMIT ?`, chatID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: finished tournaments of chat %d: %w", chatID, err)
	}
	return ts, nil
}

// LiveTournaments returns every tournament open or under way, and those
// ended whose card has yet to show it, for the sweep that keeps their
// time and edits their cards.
func (s *Store) LiveTournaments(ctx context.Context) ([]Tournament, error) {
	ts, err := s.queryTournaments(ctx, `status IN ('open', 'running') OR card_dirty = 1 ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("store: live tournaments: %w", err)
	}
	return ts, nil
}

// TournamentsOf returns the tournaments a person played, the newest
// first, up to limit.
func (s *Store) TournamentsOf(ctx context.Context, user int64, limit int) ([]Tournament, error) {
	ts, err := s.queryTournaments(ctx, `id IN (SELECT tournament_id FROM tournament_players WHERE user_id = ?)
		AND status IN ('running', 'finished') ORDER BY id DESC LIMIT ?`, user, limit)
	if err != nil {
		return nil, fmt.Errorf("store: tournaments of user %d: %w", user, err)
	}
	return ts, nil
}

// UpdateTournament writes what changes in a tournament: its rounds,
// status, round, deadline, card and times.
func (s *Store) UpdateTournament(ctx context.Context, t Tournament) error {
	_, err := s.db.ExecContext(ctx, `UPDATE tournaments SET rounds = ?, status = ?, round = ?, deadline = ?, message_id = ?,
		card_dirty = ?, card_at = ?, started_at = ?, finished_at = ? WHERE id = ?`,
		t.Rounds, string(t.Status), t.Round, nullMS(t.Deadline), t.MessageID, boolInt(t.CardDirty), ms(t.CardAt),
		nullMS(t.Started), nullMS(t.Finished), t.ID)
	if err != nil {
		return fmt.Errorf("store: update tournament %d: %w", t.ID, err)
	}
	return nil
}

// MarkRoundReminded records that the players on turn in a tournament's round
// were reminded of its deadline, and tells whether they were not yet.
func (s *Store) MarkRoundReminded(ctx context.Context, id int64, round int) (bool, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE tournaments SET reminded = ? WHERE id = ? AND reminded < ?`, round, id, round)
	if err != nil {
		return false, fmt.Errorf("store: reminder of tournament %d, round %d: %w", id, round, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("store: reminder of tournament %d, round %d: %w", id, round, err)
	}
	return n == 1, nil
}

// ChatZone returns the time zone a group set for its tournaments ("" when
// none was set).
func (s *Store) ChatZone(ctx context.Context, chat int64) (string, error) {
	var zone string
	err := s.db.QueryRowContext(ctx, `SELECT zone FROM chat_zones WHERE chat_id = ?`, chat).Scan(&zone)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("store: time zone of chat %d: %w", chat, err)
	}
	return zone, nil
}

// SetChatZone records a group's time zone, as a person set it.
func (s *Store) SetChatZone(ctx context.Context, chat int64, zone string, by int64, now time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO chat_zones (chat_id, zone, set_by, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (chat_id) DO UPDATE SET zone = excluded.zone, set_by = excluded.set_by, updated_at = excluded.updated_at`,
		chat, zone, by, ms(now))
	if err != nil {
		return fmt.Errorf("store: time zone of chat %d: %w", chat, err)
	}
	return nil
}

// MarkCard records that a tournament's card shows less than is known.
func (s *Store) MarkCard(ctx context.Context, id int64) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE tournaments SET card_dirty = 1 WHERE id = ?`, id); err != nil {
		return fmt.Errorf("store: mark the card of tournament %d: %w", id, err)
	}
	return nil
}

// JoinTournament enters a person with their rating; it tells false when
// they had joined already.
func (s *Store) JoinTournament(ctx context.Context, id, user int64, rating float64, now time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, `INSERT OR IGNORE INTO tournament_players (tournament_id, user_id, rating, joined_at)
		VALUES (?, ?, ?, ?)`, id, user, rating, ms(now))
	if err != nil {
		return false, fmt.Errorf("store: user %d joins tournament %d: %w", user, id, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("store: user %d joins tournament %d: %w", user, id, err)
	}
	return n == 1, nil
}

// LeaveTournament takes a person out of a tournament not yet begun; it
// tells false when they were not in it.
func (s *Store) LeaveTournament(ctx context.Context, id, user int64) (bool, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?`, id, user)
	if err != nil {
		return false, fmt.Errorf("store: user %d leaves tournament %d: %w", user, id, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("store: user %d leaves tournament %d: %w", user, id, err)
	}
	return n == 1, nil
}

// RemoveEntrant marks a person of a tournament under way as removed.
func (s *Store) RemoveEntrant(ctx context.Context, id, user int64) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE tournament_players SET removed = 1 WHERE tournament_id = ? AND user_id = ?`,
		id, user); err != nil {
		return fmt.Errorf("store: remove user %d from tournament %d: %w", user, id, err)
	}
	return nil
}

// Entrants returns a tournament's people in the order they joined.
func (s *Store) Entrants(ctx context.Context, id int64) ([]Entrant, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT p.user_id, u.name, p.rating, p.removed
		FROM tournament_players p JOIN users u ON u.id = p.user_id
		WHERE p.tournament_id = ? ORDER BY p.joined_at, p.user_id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: entrants of tournament %d: %w", id, err)
	}
	defer rows.Close()
	var out []Entrant
	for rows.Next() {
		var e Entrant
		if err := rows.Scan(&e.UserID, &e.Name, &e.Rating, &e.Removed); err != nil {
			return nil, fmt.Errorf("store: entrants of tournament %d: %w", id, err)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: entrants of tournament %d: %w", id, err)
	}
	return out, nil
}

// StartRound stores a round's pairs and the tournament as it now stands
// (its round, deadline and status), in one transaction.
func (s *Store) StartRound(ctx context.Context, t Tournament, pairs []Pairing) error {
	err := s.tx(ctx, func(tx *txn) error {
		for _, p := range pairs {
			_, err := tx.ExecContext(ctx, `INSERT INTO tournament_games (tournament_id, round, tbl, a, b, winner, done, forfeit)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, t.ID, p.Round, p.Table, p.A, p.B, p.Winner, boolInt(p.Done), boolInt(p.Forfeit))
			if err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, `UPDATE tournaments SET rounds = ?, status = ?, round = ?, deadline = ?, card_dirty = 1,
			started_at = ? WHERE id = ?`, t.Rounds, string(t.Status), t.Round, nullMS(t.Deadline), nullMS(t.Started), t.ID)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: round %d of tournament %d: %w", t.Round, t.ID, err)
	}
	return nil
}

// Pairings returns every pair of a tournament, round by round.
func (s *Store) Pairings(ctx context.Context, id int64) ([]Pairing, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT round, tbl, a, b, COALESCE(game_id, 0), winner, done, forfeit
		FROM tournament_games WHERE tournament_id = ? ORDER BY round, tbl`, id)
	if err != nil {
		return nil, fmt.Errorf("store: pairings of tournament %d: %w", id, err)
	}
	defer rows.Close()
	var out []Pairing
	for rows.Next() {
		var p Pairing
		if err := rows.Scan(&p.Round, &p.Table, &p.A, &p.B, &p.GameID, &p.Winner, &p.Done, &p.Forfeit); err != nil {
			return nil, fmt.Errorf("store: pairings of tournament %d: %w", id, err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: pairings of tournament %d: %w", id, err)
	}
	return out, nil
}

// StartPairingGame creates a pair's game and records it with the pair,
// in one transaction; it fails with ErrAlreadyPlaying as CreateGame does,
// and with ErrConflict when the pair has a game or a result already.
func (s *Store) StartPairingGame(ctx context.Context, tournament int64, p Pairing, ng NewGame, now time.Time) (int64, error) {
	var id int64
	err := s.tx(ctx, func(tx *txn) error {
		var err error
		if id, err = s.createGame(ctx, tx, ng, now); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE tournament_games SET game_id = ?
			WHERE tournament_id = ? AND round = ? AND tbl = ? AND game_id IS NULL AND done = 0`, id, tournament, p.Round, p.Table)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return ErrConflict
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("store: game of tournament %d, round %d, pair %d: %w", tournament, p.Round, p.Table, err)
	}
	return id, nil
}

// SetResult records a pair's result, once: it tells false when the pair
// had one already.
func (s *Store) SetResult(ctx context.Context, tournament int64, p Pairing) (bool, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE tournament_games SET winner = ?, done = 1, forfeit = ?
		WHERE tournament_id = ? AND round = ? AND tbl = ? AND done = 0`, p.Winner, boolInt(p.Forfeit), tournament, p.Round, p.Table)
	if err == nil {
		var n int64
		if n, err = res.RowsAffected(); err == nil {
			if n == 1 {
				err = s.MarkCard(ctx, tournament)
			}
			return n == 1, err
		}
	}
	return false, fmt.Errorf("store: result of tournament %d, round %d, pair %d: %w", tournament, p.Round, p.Table, err)
}

// TournamentOfGame returns the tournament and pair a game was played for,
// or ErrNotFound for a game of no tournament.
func (s *Store) TournamentOfGame(ctx context.Context, gameID int64) (int64, Pairing, error) {
	var id int64
	var p Pairing
	err := s.db.QueryRowContext(ctx, `SELECT tournament_id, round, tbl, a, b, COALESCE(game_id, 0), winner, done, forfeit
		FROM tournament_games WHERE game_id = ?`, gameID).Scan(&id, &p.Round, &p.Table, &p.A, &p.B, &p.GameID, &p.Winner, &p.Done, &p.Forfeit)
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return 0, Pairing{}, fmt.Errorf("store: tournament of game %d: %w", gameID, err)
	}
	return id, p, nil
}

// GameStatus returns whether a game goes on, cheaply (its state unread).
func (s *Store) GameStatus(ctx context.Context, id int64) (Status, error) {
	var st Status
	err := s.db.QueryRowContext(ctx, `SELECT status FROM games WHERE id = ?`, id).Scan(&st)
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("store: status of game %d: %w", id, err)
	}
	return st, nil
}

// TournamentPicture returns a tournament's picture in its group: its
// message and the stage it shows (0 and "" when none was posted).
func (s *Store) TournamentPicture(ctx context.Context, id int64) (msg int64, stage string, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT message_id, stage FROM tournament_pictures WHERE tournament_id = ?`, id).Scan(&msg, &stage)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", nil
	}
	if err != nil {
		return 0, "", fmt.Errorf("store: picture of tournament %d: %w", id, err)
	}
	return msg, stage, nil
}

// SetTournamentPicture records a tournament's picture in its group: its
// message and the stage it shows.
func (s *Store) SetTournamentPicture(ctx context.Context, id, msg int64, stage string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO tournament_pictures (tournament_id, message_id, stage) VALUES (?, ?, ?)
		ON CONFLICT (tournament_id) DO UPDATE SET message_id = excluded.message_id, stage = excluded.stage`, id, msg, stage)
	if err != nil {
		return fmt.Errorf("store: picture of tournament %d: %w", id, err)
	}
	return nil
}
