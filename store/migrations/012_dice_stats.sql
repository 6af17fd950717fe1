-- What the dice gave each player of a finished game (of a match, each
-- game): worked out in the background once the game is done, for /stats.
CREATE TABLE dice_stats (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    number  INTEGER NOT NULL, -- the game's number in its match (1 outside one)
    user_id INTEGER NOT NULL,
    rolls   INTEGER NOT NULL,
    doubles INTEGER NOT NULL,
    pips    INTEGER NOT NULL, -- pips rolled, a double counting four times
    luck    REAL    NOT NULL, -- equity the rolls gained against the average roll
    PRIMARY KEY (game_id, number, user_id)
) STRICT;
CREATE INDEX dice_stats_user ON dice_stats (user_id);
