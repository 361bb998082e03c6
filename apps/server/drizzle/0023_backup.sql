CREATE TABLE "backup_ignored_jobs" (
	"job_uid" uuid PRIMARY KEY NOT NULL,
	"ignored_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_keys" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"master_key_encrypted" text NOT NULL,
	"restore_key_encrypted" text NOT NULL,
	"chunker" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_local_usage" (
	"repository_id" uuid NOT NULL,
	"device_id" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "backup_local_usage_repository_id_device_id_pk" PRIMARY KEY("repository_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "backup_plan_runs" (
	"plan_id" uuid NOT NULL,
	"occurrence" timestamp with time zone NOT NULL,
	"fired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"jobs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "backup_plan_runs_plan_id_occurrence_pk" PRIMARY KEY("plan_id","occurrence")
);
--> statement-breakpoint
CREATE TABLE "backup_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"include" jsonb NOT NULL,
	"exclude" jsonb NOT NULL,
	"destination" jsonb NOT NULL,
	"schedule" jsonb NOT NULL,
	"retention" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"all_devices" boolean DEFAULT false NOT NULL,
	"location_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"device_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"next_run_at" timestamp with time zone,
	"anchor" timestamp with time zone NOT NULL,
	"integrity_status" text,
	"integrity_checked_at" timestamp with time zone,
	"integrity_message" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_repositories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" integer NOT NULL,
	"type" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"revision_id" text NOT NULL,
	"plan_id" uuid NOT NULL,
	"plan_name" text NOT NULL,
	"device_id" integer,
	"node_name" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"parent_revision_id" text,
	"location" text NOT NULL,
	"repository_id" uuid,
	"stats" jsonb NOT NULL,
	"job_uid" uuid,
	"forgotten_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_storage" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"cloud_quota_bytes" bigint,
	"cloud_bytes" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_throttles" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"level" text NOT NULL,
	"target_id" integer NOT NULL,
	"location_id" integer,
	"device_id" integer,
	"work_hours_bytes_per_second" bigint,
	"off_hours_bytes_per_second" bigint,
	"work_days" jsonb NOT NULL,
	"work_start" text NOT NULL,
	"work_end" text NOT NULL,
	"time_zone" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backup_ignored_jobs" ADD CONSTRAINT "backup_ignored_jobs_job_uid_jobs_job_uid_fk" FOREIGN KEY ("job_uid") REFERENCES "public"."jobs"("job_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_ignored_jobs" ADD CONSTRAINT "backup_ignored_jobs_ignored_by_id_users_id_fk" FOREIGN KEY ("ignored_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_keys" ADD CONSTRAINT "backup_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_local_usage" ADD CONSTRAINT "backup_local_usage_repository_id_backup_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."backup_repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_local_usage" ADD CONSTRAINT "backup_local_usage_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_plan_runs" ADD CONSTRAINT "backup_plan_runs_plan_id_backup_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."backup_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_plans" ADD CONSTRAINT "backup_plans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_plans" ADD CONSTRAINT "backup_plans_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_repositories" ADD CONSTRAINT "backup_repositories_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_revisions" ADD CONSTRAINT "backup_revisions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_storage" ADD CONSTRAINT "backup_storage_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_throttles" ADD CONSTRAINT "backup_throttles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_throttles" ADD CONSTRAINT "backup_throttles_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_throttles" ADD CONSTRAINT "backup_throttles_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "backup_plans_name_unique" ON "backup_plans" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "backup_plans_due_idx" ON "backup_plans" USING btree ("next_run_at") WHERE "backup_plans"."enabled" and "backup_plans"."next_run_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "backup_repositories_unique" ON "backup_repositories" USING btree ("organization_id","type","location");--> statement-breakpoint
CREATE UNIQUE INDEX "backup_revisions_unique" ON "backup_revisions" USING btree ("organization_id","revision_id");--> statement-breakpoint
CREATE INDEX "backup_revisions_device_idx" ON "backup_revisions" USING btree ("device_id","time");--> statement-breakpoint
CREATE INDEX "backup_revisions_plan_idx" ON "backup_revisions" USING btree ("plan_id","time");--> statement-breakpoint
CREATE UNIQUE INDEX "backup_throttles_target_unique" ON "backup_throttles" USING btree ("organization_id","level","target_id");--> statement-breakpoint
CREATE INDEX "jobs_backup_plan_idx" ON "jobs" USING btree ("device_id",("content"->>'planId'),"id") WHERE "jobs"."job_type" = 'BACKUP';