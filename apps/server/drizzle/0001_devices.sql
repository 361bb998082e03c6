CREATE TABLE "device_metrics" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"cpu_percent" real NOT NULL,
	"memory_percent" real NOT NULL,
	"disk_percent" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollment_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"location_id" integer,
	"token_hash" text NOT NULL,
	"created_by_id" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"used_count" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "enrollment_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "parent_device_id" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "hostname" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "platform" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "os_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "os_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "manufacturer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "model" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "agent_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "node_role_id" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "approval_status" text DEFAULT 'APPROVED' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "status" text DEFAULT 'DOWN' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_boot_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "logged_on_user" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "pending_reboot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "ip_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "cpu_percent" real;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "memory_percent" real;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "disk_percent" real;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "inventory" jsonb;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "inventory_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "secret_hash" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "enrollment_token_id" integer;--> statement-breakpoint
ALTER TABLE "device_metrics" ADD CONSTRAINT "device_metrics_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_tokens" ADD CONSTRAINT "enrollment_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_tokens" ADD CONSTRAINT "enrollment_tokens_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_tokens" ADD CONSTRAINT "enrollment_tokens_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_metrics_device_time_idx" ON "device_metrics" USING btree ("device_id","time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "device_metrics_time_idx" ON "device_metrics" USING btree ("time");--> statement-breakpoint
CREATE INDEX "enrollment_tokens_org_idx" ON "enrollment_tokens" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_parent_device_id_devices_id_fk" FOREIGN KEY ("parent_device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_enrollment_token_id_enrollment_tokens_id_fk" FOREIGN KEY ("enrollment_token_id") REFERENCES "public"."enrollment_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_name_idx" ON "devices" USING btree (lower("display_name"),"id");--> statement-breakpoint
CREATE INDEX "devices_org_status_idx" ON "devices" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "devices_status_idx" ON "devices" USING btree ("status");--> statement-breakpoint
CREATE INDEX "devices_role_idx" ON "devices" USING btree ("node_role_id");--> statement-breakpoint
CREATE INDEX "devices_approval_idx" ON "devices" USING btree ("approval_status","organization_id");--> statement-breakpoint
CREATE INDEX "devices_last_seen_idx" ON "devices" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "devices_created_idx" ON "devices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "devices_parent_idx" ON "devices" USING btree ("parent_device_id");--> statement-breakpoint
CREATE INDEX "devices_live_seen_idx" ON "devices" USING btree ("last_seen_at") WHERE "devices"."status" <> 'DOWN';