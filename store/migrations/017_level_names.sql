-- The computer's levels take the names players see: Beginner, Club player,
-- Master, Grandmaster are beginner, club, master, grandmaster, where they
-- were easy, medium, hard, master. The former master is the Grandmaster,
-- so it is renamed first: one CASE maps every value at once, and no row
-- renamed to master is renamed again.
UPDATE games SET level = CASE level
        WHEN 'master' THEN 'grandmaster'
        WHEN 'hard'   THEN 'master'
        WHEN 'easy'   THEN 'beginner'
        WHEN 'medium' THEN 'club'
    END
    WHERE level IN ('master', 'hard', 'easy', 'medium');

-- Each seat's level in the game's state (players[].level); a person has none.
UPDATE games SET state = json_set(state, '$.players[0].level', CASE json_extract(state, '$.players[0].level')
        WHEN 'master' THEN 'grandmaster'
        WHEN 'hard'   THEN 'master'
        WHEN 'easy'   THEN 'beginner'
        WHEN 'medium' THEN 'club'
    END)
    WHERE json_extract(state, '$.players[0].level') IN ('master', 'hard', 'easy', 'medium');
UPDATE games SET state = json_set(state, '$.players[1].level', CASE json_extract(state, '$.players[1].level')
        WHEN 'master' THEN 'grandmaster'
        WHEN 'hard'   THEN 'master'
        WHEN 'easy'   THEN 'beginner'
        WHEN 'medium' THEN 'club'
    END)
    WHERE json_extract(state, '$.players[1].level') IN ('master', 'hard', 'easy', 'medium');
