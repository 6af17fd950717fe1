-- Messages with buttons that belong to one person and one purpose: the
-- /start menu, a /lang or /settings menu, a level choice, a resignation
-- question. A tap is taken only on such a message, and only from its
-- person.
CREATE TABLE prompts (
    chat_id    INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    kind       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    game_id    INTEGER NOT NULL DEFAULT 0,  -- a resignation question's game
    seat       INTEGER NOT NULL DEFAULT -1, -- and its seat
    created_at INTEGER NOT NULL,
    PRIMARY KEY (chat_id, message_id)
) STRICT;

CREATE INDEX prompts_age ON prompts (created_at);

-- How often an update's handler has failed (panicked); after a few tries
-- it is put aside in inbox_dead rather than replayed at every start.
ALTER TABLE inbox ADD COLUMN tries INTEGER NOT NULL DEFAULT 0;

CREATE TABLE inbox_dead (
    update_id   INTEGER PRIMARY KEY,
    body        BLOB    NOT NULL,
    received_at INTEGER NOT NULL,
    tries       INTEGER NOT NULL,
    failed_at   INTEGER NOT NULL
) STRICT;

-- The command message a challenge was made by ("chat:message"), so that a
-- replayed /duel finds its challenge instead of making another.
ALTER TABLE challenges ADD COLUMN source TEXT NOT NULL DEFAULT '';
CREATE INDEX challenges_source ON challenges (source) WHERE source <> '';
