CREATE TABLE "help_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"plain_text" text NOT NULL,
	"routes" text[] DEFAULT '{}'::text[] NOT NULL,
	"ts_config" "regconfig" NOT NULL,
	"content_hash" text NOT NULL,
	"source_path" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector(ts_config, title), 'A') || setweight(to_tsvector(ts_config, summary), 'B') || setweight(to_tsvector(ts_config, plain_text), 'C')) STORED NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "help_articles_slug_locale" ON "help_articles" USING btree ("slug","locale");--> statement-breakpoint
CREATE INDEX "help_articles_search_idx" ON "help_articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "help_articles_routes_idx" ON "help_articles" USING gin ("routes");