-- Updates handled lately, so that one Telegram delivers again (a webhook
-- retried after a crash between storing it and answering) is not handled
-- twice. Forgotten after two days.
CREATE TABLE inbox_done (
    update_id INTEGER PRIMARY KEY,
    done_at   INTEGER NOT NULL
) STRICT;
CREATE INDEX inbox_done_age ON inbox_done (done_at);
