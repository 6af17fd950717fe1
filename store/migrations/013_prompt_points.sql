-- What a resignation question asked with /resign said it would cost, so
-- that it can still be answered after the game moved on, if the cost is
-- the same.
ALTER TABLE prompts ADD COLUMN points INTEGER NOT NULL DEFAULT 0;
