CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(display_name || ' ' || hostname || ' ' || os_name || ' ' || coalesce(logged_on_user, '') || ' ' || ip_addresses::text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "devices_search_trgm_idx" ON "devices" USING gin ("search_text" gin_trgm_ops);