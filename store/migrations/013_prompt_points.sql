-- What a resignation question asked with /resign said it would cost, and
-- in which game of the match it was asked, so that it can still be
-- answered after the opponent moved, in the same game, if the cost is the
-- same.
ALTER TABLE prompts ADD COLUMN points INTEGER NOT NULL DEFAULT 0;
ALTER TABLE prompts ADD COLUMN number INTEGER NOT NULL DEFAULT 0;
