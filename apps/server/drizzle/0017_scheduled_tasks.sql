CREATE TABLE "scheduled_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"schedule_type" text NOT NULL,
	"schedule" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"targets" jsonb NOT NULL,
	"offline_devices" text NOT NULL,
	"organization_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"anchor" timestamp with time zone NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_run_devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" bigint NOT NULL,
	"device_id" integer NOT NULL,
	"node_name" text NOT NULL,
	"organization_id" integer NOT NULL,
	"action_index" integer NOT NULL,
	"script_id" integer NOT NULL,
	"script_name" text NOT NULL,
	"job_uid" uuid,
	"skip_reason" text,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "task_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"occurrence" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"device_id" integer,
	"event_id" text,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "scheduled_tasks" ADD CONSTRAINT "scheduled_tasks_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_run_devices" ADD CONSTRAINT "task_run_devices_run_id_task_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."task_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_runs" ADD CONSTRAINT "task_runs_task_id_scheduled_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."scheduled_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_tasks_due_idx" ON "scheduled_tasks" USING btree ("next_run_at") WHERE "scheduled_tasks"."enabled" and "scheduled_tasks"."next_run_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "task_run_devices_once" ON "task_run_devices" USING btree ("run_id","device_id","action_index");--> statement-breakpoint
CREATE UNIQUE INDEX "task_runs_schedule_once" ON "task_runs" USING btree ("task_id","occurrence") WHERE "task_runs"."trigger" = 'SCHEDULE';--> statement-breakpoint
CREATE UNIQUE INDEX "task_runs_event_once" ON "task_runs" USING btree ("task_id","device_id","event_id") WHERE "task_runs"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "task_runs_task_idx" ON "task_runs" USING btree ("task_id","id");