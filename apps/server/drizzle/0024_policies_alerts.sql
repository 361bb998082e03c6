CREATE TABLE "alert_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"change" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"condition_id" text NOT NULL,
	"instance" text DEFAULT '' NOT NULL,
	"condition_name" text NOT NULL,
	"condition_type" text NOT NULL,
	"policy_id" integer,
	"severity" text NOT NULL,
	"priority" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"value" double precision,
	"trigger_time" timestamp with time zone NOT NULL,
	"acknowledge_time" timestamp with time zone,
	"acknowledged_by" text,
	"reset_time" timestamp with time zone,
	"reset_reason" text,
	"reset_by" text,
	"reset_due_time" timestamp with time zone,
	"flapping" boolean DEFAULT false NOT NULL,
	"notifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notify_on_reset" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_policies" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dynamic_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"criteria" jsonb NOT NULL,
	"policy_id" integer NOT NULL,
	"order" integer DEFAULT 100 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"node_class" text NOT NULL,
	"parent_policy_id" integer,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"location_id" integer,
	"node_role_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_policies" ADD CONSTRAINT "device_policies_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_policies" ADD CONSTRAINT "device_policies_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_policies" ADD CONSTRAINT "dynamic_policies_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_parent_policy_id_policies_id_fk" FOREIGN KEY ("parent_policy_id") REFERENCES "public"."policies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_assignments" ADD CONSTRAINT "policy_assignments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_assignments" ADD CONSTRAINT "policy_assignments_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_assignments" ADD CONSTRAINT "policy_assignments_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_events_alert_idx" ON "alert_events" USING btree ("alert_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_active_key_unique" ON "alerts" USING btree ("device_id","condition_id","instance") WHERE "alerts"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "alerts_org_status_idx" ON "alerts" USING btree ("organization_id","status","trigger_time");--> statement-breakpoint
CREATE INDEX "alerts_device_status_idx" ON "alerts" USING btree ("device_id","status");--> statement-breakpoint
CREATE INDEX "alerts_reset_due_idx" ON "alerts" USING btree ("reset_due_time") WHERE "alerts"."status" = 'ACTIVE' and "alerts"."reset_due_time" is not null;--> statement-breakpoint
CREATE INDEX "device_policies_policy_idx" ON "device_policies" USING btree ("policy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dynamic_policies_name_unique" ON "dynamic_policies" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "policies_name_unique" ON "policies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "policies_parent_idx" ON "policies" USING btree ("parent_policy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_assignments_unique" ON "policy_assignments" USING btree ("organization_id",coalesce("location_id", 0),"node_role_id");--> statement-breakpoint
CREATE INDEX "policy_assignments_policy_idx" ON "policy_assignments" USING btree ("policy_id");