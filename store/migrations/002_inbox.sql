-- Updates received from Telegram and not yet handled: written before the
-- next poll confirms them, deleted once handled, replayed after a restart.
CREATE TABLE inbox (
    update_id   INTEGER PRIMARY KEY,
    body        BLOB    NOT NULL,
    received_at INTEGER NOT NULL
) STRICT;
