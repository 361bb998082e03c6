-- The ticket mail worker's cursor moves to event_feed_cursors (lib/event-feed.ts), where it goes on from where it stood.
INSERT INTO "event_feed_cursors" ("name", "last_event_id", "gap_event_id", "gap_seen_at", "gap_xmax", "updated_at")
SELECT "name", "last_log_id", "gap_log_id", "gap_seen_at", "gap_xmax", "updated_at" FROM "ticket_mail_feed_cursors"
ON CONFLICT ("name") DO NOTHING;
