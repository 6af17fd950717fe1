-- Slow games: a reminder for the player on turn of an untimed or day
-- game, once a turn (turn_key names the turn); a person may switch them
-- off; the titles of the groups the bot plays in, for the reminders.
ALTER TABLE users ADD COLUMN no_reminders INTEGER NOT NULL DEFAULT 0;
CREATE TABLE reminders (
    game_id   INTEGER PRIMARY KEY,
    turn_key  INTEGER NOT NULL,
    remind_at INTEGER NOT NULL,
    sent      INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX reminders_due ON reminders (remind_at) WHERE sent = 0;
CREATE TABLE chats (
    id         INTEGER PRIMARY KEY,
    title      TEXT NOT NULL,
    username   TEXT NOT NULL,
    super      INTEGER NOT NULL, -- a supergroup, whose messages have links
    updated_at INTEGER NOT NULL
) STRICT;
