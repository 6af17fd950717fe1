-- Inline messages (challenge cards posted with the bot's inline mode, and
-- the boards they become): each is a chat of its own to the rest of the
-- store, with an id the bot makes (chat_id), and is edited by Telegram's
-- inline_message_id.
CREATE TABLE inline_messages (
    chat_id    INTEGER PRIMARY KEY,
    inline_id  TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL
) STRICT;
