-- A running tournament's picture in its group (its bracket or standings):
-- the message edited in place, and the stage it shows ("round status").
CREATE TABLE tournament_pictures (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments(id) ON DELETE CASCADE,
    message_id    INTEGER NOT NULL,
    stage         TEXT    NOT NULL
) STRICT;
