-- The computer's level in a game against it ('' otherwise), so that the
-- score against a level is counted without reading every game's state.
ALTER TABLE games ADD COLUMN level TEXT NOT NULL DEFAULT '';
UPDATE games SET level = COALESCE(json_extract(state, '$.players[1].level'), json_extract(state, '$.players[0].level'), '')
    WHERE kind = 'computer';
