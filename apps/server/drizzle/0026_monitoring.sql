CREATE TABLE "condition_states" (
	"device_id" integer NOT NULL,
	"condition_id" text NOT NULL,
	"instance" text DEFAULT '' NOT NULL,
	"organization_id" integer NOT NULL,
	"triggered" boolean DEFAULT false NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"clears" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"flapping" boolean DEFAULT false NOT NULL,
	"due_at" timestamp with time zone,
	"due_condition" jsonb,
	"due_policy_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "condition_states_device_id_condition_id_instance_pk" PRIMARY KEY("device_id","condition_id","instance")
);
--> statement-breakpoint
CREATE TABLE "maintenance_windows" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"organization_id" integer NOT NULL,
	"device_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "reset_mode" text DEFAULT 'WHEN_CLEARED' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "health_status" text DEFAULT 'UNKNOWN' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "alert_health" text DEFAULT 'HEALTHY' NOT NULL;--> statement-breakpoint
ALTER TABLE "condition_states" ADD CONSTRAINT "condition_states_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "condition_states_due_idx" ON "condition_states" USING btree ("due_at") WHERE "condition_states"."due_at" is not null;--> statement-breakpoint
CREATE INDEX "condition_states_flapping_idx" ON "condition_states" USING btree ("changed_at") WHERE "condition_states"."flapping";--> statement-breakpoint
CREATE INDEX "maintenance_windows_org_end_idx" ON "maintenance_windows" USING btree ("organization_id","end_time");--> statement-breakpoint
CREATE INDEX "devices_health_idx" ON "devices" USING btree ("health_status");--> statement-breakpoint
-- Devices heard from are HEALTHY (UNHEALTHY while DOWN: the default settings); WARNING came from the removed
-- metric thresholds and is UP until an alert says otherwise.
UPDATE "devices" SET "health_status" = CASE WHEN "last_seen_at" IS NULL THEN 'UNKNOWN' WHEN "status" = 'DOWN' THEN 'UNHEALTHY' ELSE 'HEALTHY' END, "status" = CASE WHEN "status" = 'WARNING' THEN 'UP' ELSE "status" END;
