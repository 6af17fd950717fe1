-- A person's last choice of terms, which their next menu starts from:
-- of a game against the computer (/play) and of a challenge (/duel), each
-- as the bot writes a menu's terms ("c5/11+90"), '' for none yet.
ALTER TABLE users ADD COLUMN last_play TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN last_duel TEXT NOT NULL DEFAULT '';
