-- A chat's retry_after from Telegram, kept so that a restart does not send
-- to the chat before it ends.
CREATE TABLE rate_limits (
    chat_id INTEGER PRIMARY KEY,
    until   INTEGER NOT NULL
) STRICT;
