CREATE TABLE "ticket_ruleset_default" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"ruleset_id" integer NOT NULL,
	CONSTRAINT "ticket_ruleset_default_singleton" CHECK ("ticket_ruleset_default"."singleton")
);
--> statement-breakpoint
CREATE TABLE "ticket_rulesets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"trigger_settings" jsonb,
	"reset_settings" jsonb,
	"re_trigger_settings" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_ruleset_default" ADD CONSTRAINT "ticket_ruleset_default_ruleset_id_ticket_rulesets_id_fk" FOREIGN KEY ("ruleset_id") REFERENCES "public"."ticket_rulesets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_rulesets_name_unique" ON "ticket_rulesets" USING btree (lower("name"));