CREATE TABLE "ticket_rule_alert_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"ruleset_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"condition_id" text NOT NULL,
	"instance" text DEFAULT '' NOT NULL,
	"organization_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"alert_id" integer,
	"is_current" boolean DEFAULT true NOT NULL,
	"reset_due_at" timestamp with time zone,
	"reset_status_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_rule_time_marks" (
	"ruleset_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_rule_time_marks_ruleset_id_ticket_id_pk" PRIMARY KEY("ruleset_id","ticket_id")
);
--> statement-breakpoint
ALTER TABLE "notification_feed_cursors" RENAME TO "event_feed_cursors";--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "ticketing" jsonb DEFAULT '{"mode":"NONE"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_rulesets" ADD COLUMN "rule_settings" jsonb;--> statement-breakpoint
ALTER TABLE "ticket_rule_alert_tickets" ADD CONSTRAINT "ticket_rule_alert_tickets_ruleset_id_ticket_rulesets_id_fk" FOREIGN KEY ("ruleset_id") REFERENCES "public"."ticket_rulesets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_rule_alert_tickets" ADD CONSTRAINT "ticket_rule_alert_tickets_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_rule_alert_tickets" ADD CONSTRAINT "ticket_rule_alert_tickets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_rule_alert_tickets" ADD CONSTRAINT "ticket_rule_alert_tickets_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_rule_time_marks" ADD CONSTRAINT "ticket_rule_time_marks_ruleset_id_ticket_rulesets_id_fk" FOREIGN KEY ("ruleset_id") REFERENCES "public"."ticket_rulesets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_rule_time_marks" ADD CONSTRAINT "ticket_rule_time_marks_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_rule_alert_tickets_current_unique" ON "ticket_rule_alert_tickets" USING btree ("ruleset_id","device_id","condition_id","instance") WHERE "ticket_rule_alert_tickets"."is_current";--> statement-breakpoint
CREATE INDEX "ticket_rule_alert_tickets_alert_idx" ON "ticket_rule_alert_tickets" USING btree ("alert_id");--> statement-breakpoint
CREATE INDEX "ticket_rule_alert_tickets_ticket_idx" ON "ticket_rule_alert_tickets" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_rule_alert_tickets_reset_due_idx" ON "ticket_rule_alert_tickets" USING btree ("reset_due_at") WHERE "ticket_rule_alert_tickets"."reset_due_at" is not null;