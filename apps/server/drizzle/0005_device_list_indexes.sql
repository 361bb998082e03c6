-- Hand-written (drizzle cannot express INCLUDE or NULLS LAST with a tie-breaker): indexes that serve
-- deep pages of the device list at 100,000 devices (docs/benchmarks.md). schema.ts names the first.
DROP INDEX IF EXISTS "devices_name_idx";--> statement-breakpoint
CREATE INDEX "devices_name_idx" ON "devices" (lower("display_name"), "id") INCLUDE ("display_name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_last_seen_id_idx" ON "devices" ("last_seen_at" DESC NULLS LAST, "id" DESC);
