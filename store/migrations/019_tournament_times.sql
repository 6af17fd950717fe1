-- A group's own time zone, as set once with /tournament tz, for the times
-- its tournaments start and their rounds end.
CREATE TABLE chat_zones (
    chat_id    INTEGER PRIMARY KEY,
    zone       TEXT    NOT NULL,   -- an IANA name ("Asia/Tbilisi") or a fixed offset ("+04:00")
    set_by     INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
) STRICT;

-- The round whose players on turn were reminded of its deadline.
ALTER TABLE tournaments ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;

-- A knockout's game for third place, between the semi-finalists beaten.
ALTER TABLE tournaments ADD COLUMN third INTEGER NOT NULL DEFAULT 0 CHECK (third IN (0, 1));
