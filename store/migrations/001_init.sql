-- The first schema of the bot's database. Times are Unix milliseconds (UTC).

-- Everyone the bot has seen.
CREATE TABLE users (
    id            INTEGER PRIMARY KEY,            -- Telegram user id
    name          TEXT    NOT NULL DEFAULT '',    -- display name (first and last name)
    username      TEXT    NOT NULL DEFAULT '',    -- @username without the @, or ''
    lang_code     TEXT    NOT NULL DEFAULT '',    -- Telegram's language_code, as last seen
    language      TEXT    NOT NULL DEFAULT '',    -- chosen with /lang; '' = follow lang_code
    home_left     INTEGER NOT NULL DEFAULT 0 CHECK (home_left IN (0, 1)),
    portrait      INTEGER NOT NULL DEFAULT 0 CHECK (portrait IN (0, 1)),
    confirm_moves INTEGER NOT NULL DEFAULT 0 CHECK (confirm_moves IN (0, 1)),
    started       INTEGER NOT NULL DEFAULT 0 CHECK (started IN (0, 1)), -- the bot may write to them first
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
) STRICT;

CREATE INDEX users_username ON users (username COLLATE NOCASE) WHERE username <> '';

-- Every game; its whole state (board, history, clocks) is the JSON of game.Game.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    kind        TEXT    NOT NULL CHECK (kind IN ('computer', 'group', 'private')),
    status      TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished', 'abandoned')),
    rules       TEXT    NOT NULL,                 -- 'nardi' or 'standard'
    variant     TEXT    NOT NULL,                 -- 'short' or 'classic'
    clock       TEXT    NOT NULL,                 -- time control, '11+90' or '0'
    counter     INTEGER NOT NULL,                 -- the game's move counter
    state       TEXT    NOT NULL,                 -- game.Game as JSON
    due_at      INTEGER,                          -- when the next automatic action is due
    due_kind    TEXT    NOT NULL DEFAULT '',      -- game.DueKind of that action
    winner      INTEGER CHECK (winner IN (0, 1)), -- seat, once finished
    points      INTEGER,
    reason      TEXT,                             -- game.Reason, once finished
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    finished_at INTEGER
) STRICT;

CREATE INDEX games_due ON games (due_at) WHERE status = 'active' AND due_at IS NOT NULL;
CREATE INDEX games_idle ON games (updated_at) WHERE status = 'active';

-- The people in a game's seats (the computer has no row), and the chat each
-- plays in: the group for a group game, their private chat otherwise.
CREATE TABLE game_players (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL CHECK (seat IN (0, 1)),
    user_id INTEGER NOT NULL REFERENCES users (id),
    chat_id INTEGER NOT NULL,
    active  INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    PRIMARY KEY (game_id, seat)
) STRICT;

-- One active game per person per chat.
CREATE UNIQUE INDEX game_players_active ON game_players (chat_id, user_id) WHERE active = 1;
CREATE INDEX game_players_user ON game_players (user_id);

-- The board messages of a game: one shared board in a group (viewer -1), one
-- per person otherwise (viewer = seat).
CREATE TABLE boards (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    viewer     INTEGER NOT NULL CHECK (viewer IN (-1, 0, 1)),
    chat_id    INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    shown      INTEGER NOT NULL DEFAULT 0,  -- the move counter the message shows
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, viewer)
) STRICT;

CREATE INDEX boards_message ON boards (chat_id, message_id);

-- Duel challenges: a ⚔ button in a group, or an invite link.
CREATE TABLE challenges (
    code        TEXT    PRIMARY KEY,              -- base64url, in callback data and deep links
    kind        TEXT    NOT NULL CHECK (kind IN ('group', 'private')),
    from_user   INTEGER NOT NULL REFERENCES users (id),
    chat_id     INTEGER NOT NULL,                 -- the group, or the challenger's private chat
    message_id  INTEGER NOT NULL DEFAULT 0,       -- the challenge message, to edit when it ends
    target_user INTEGER NOT NULL DEFAULT 0,       -- only this user may accept; 0 = anyone
    target_name TEXT    NOT NULL DEFAULT '',      -- or only this @username
    options     TEXT    NOT NULL,                 -- game.Options as JSON
    status      TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'expired', 'cancelled')),
    accepted_by INTEGER REFERENCES users (id),
    game_id     INTEGER REFERENCES games (id) ON DELETE SET NULL,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL
) STRICT;

CREATE INDEX challenges_open ON challenges (expires_at) WHERE status = 'open';
CREATE INDEX challenges_age ON challenges (created_at);

-- Small named values: the heartbeat.
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;
