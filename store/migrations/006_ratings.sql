-- Ratings by the FIBS formula (package rating): each person's rating and
-- experience (the sum of the lengths of the games and matches they have
-- finished), changed in the transaction that finishes a game.
ALTER TABLE users ADD COLUMN rating REAL NOT NULL DEFAULT 1500;
ALTER TABLE users ADD COLUMN experience INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN rated INTEGER NOT NULL DEFAULT 0; -- games and matches rated
CREATE INDEX users_rating ON users (rating DESC) WHERE rated > 0;
