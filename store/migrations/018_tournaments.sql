-- Tournaments in a group: the group is the lobby (one card), the games are
-- private duels (games of kind 'private'), paired round by round.
CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_id       INTEGER NOT NULL,                -- the group
    host          INTEGER NOT NULL REFERENCES users (id),
    format        TEXT    NOT NULL CHECK (format IN ('knockout', 'swiss', 'roundrobin')),
    rounds        INTEGER NOT NULL DEFAULT 0,      -- Swiss: as chosen; others: set at the start
    min_players   INTEGER NOT NULL DEFAULT 2,
    options       TEXT    NOT NULL,                -- game.Options of every game, as JSON
    round_time    INTEGER NOT NULL,                -- ms a round's games have before their forfeit
    status        TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    start_at      INTEGER,                         -- when it starts by itself; NULL: at the host's ▶️
    round         INTEGER NOT NULL DEFAULT 0,      -- the round under way, from 1
    deadline      INTEGER,                         -- when the round under way ends
    message_id    INTEGER NOT NULL DEFAULT 0,      -- the card in the group
    card_dirty    INTEGER NOT NULL DEFAULT 0 CHECK (card_dirty IN (0, 1)),
    card_at       INTEGER NOT NULL DEFAULT 0,      -- when the card was last edited
    lang          TEXT    NOT NULL DEFAULT '',     -- the card's language: the host's
    source        TEXT    NOT NULL DEFAULT '',     -- "chat:message" of the command
    created_at    INTEGER NOT NULL,
    started_at    INTEGER,
    finished_at   INTEGER
) STRICT;

-- One tournament open or under way in a group at a time.
CREATE UNIQUE INDEX tournaments_running ON tournaments (chat_id) WHERE status IN ('open', 'running');
CREATE INDEX tournaments_chat ON tournaments (chat_id, id);

-- The people who joined, with their rating as they joined (for seeding).
CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL REFERENCES users (id),
    rating        REAL    NOT NULL,
    removed       INTEGER NOT NULL DEFAULT 0 CHECK (removed IN (0, 1)),
    joined_at     INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
) STRICT;

CREATE INDEX tournament_players_user ON tournament_players (user_id);

-- Each round's pairs: a game between a and b (b = 0: a's bye), its result.
CREATE TABLE tournament_games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    tbl           INTEGER NOT NULL,                -- the pair's place in the round, from 0
    a             INTEGER NOT NULL,
    b             INTEGER NOT NULL,
    game_id       INTEGER REFERENCES games (id),
    winner        INTEGER NOT NULL DEFAULT 0,      -- a or b; 0 while undecided or when neither won
    done          INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
    forfeit       INTEGER NOT NULL DEFAULT 0 CHECK (forfeit IN (0, 1)),
    PRIMARY KEY (tournament_id, round, tbl)
) STRICT;

CREATE INDEX tournament_games_game ON tournament_games (game_id) WHERE game_id IS NOT NULL;
CREATE INDEX tournament_games_open ON tournament_games (tournament_id) WHERE done = 0;
