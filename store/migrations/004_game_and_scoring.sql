-- The kind of game became a type (rules.Variant) and what "variant" meant
-- so far, the scoring, got a name of its own: games.variant ('short' or
-- 'classic') becomes games.scoring ('mars' or 'koks'), and games.game names
-- the variant ('short' for every game so far).
ALTER TABLE games ADD COLUMN scoring TEXT NOT NULL DEFAULT 'mars';
UPDATE games SET scoring = CASE variant WHEN 'classic' THEN 'koks' ELSE 'mars' END;
UPDATE games SET variant = 'short';
ALTER TABLE games RENAME COLUMN variant TO game;
