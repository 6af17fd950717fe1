-- The reviews posted, so that a game's review is posted once in a chat:
-- a later request points to the message that holds it.
CREATE TABLE reviews (
    game_id    INTEGER NOT NULL,
    number     INTEGER NOT NULL, -- the game's number in its match (1 outside one)
    user_id    INTEGER NOT NULL,
    chat_id    INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    posted_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, number, user_id, chat_id)
) STRICT;
