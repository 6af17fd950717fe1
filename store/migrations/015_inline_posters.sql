-- Who posted each inline message and which card it was, as Telegram's
-- chosen_inline_result tells (inline feedback, switched on in BotFather):
-- a card's ⚔ is taken only on the card it came with. NULL until, or
-- unless, that feedback arrives.
ALTER TABLE inline_messages ADD COLUMN poster INTEGER;
ALTER TABLE inline_messages ADD COLUMN card TEXT;
-- The clean-up goes through the inline messages by age.
CREATE INDEX inline_messages_age ON inline_messages (created_at);
