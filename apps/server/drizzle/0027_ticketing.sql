CREATE TABLE "ticket_boards" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"sort" jsonb NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"timer" text DEFAULT 'MANUAL' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"type" text NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"source" text NOT NULL,
	"body" text,
	"is_public" boolean,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_setup_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"key" text,
	"parent_id" integer,
	"parent_key" text,
	"is_system" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_timers" (
	"ticket_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"start_time" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "ticket_timers_ticket_id_user_id_pk" PRIMARY KEY("ticket_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"location_id" integer,
	"device_id" integer,
	"form_id" integer,
	"subject" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_description_public" boolean DEFAULT true NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"status_id" integer NOT NULL,
	"priority" smallint DEFAULT 0 NOT NULL,
	"severity" smallint DEFAULT 0 NOT NULL,
	"team_id" integer,
	"subtype_id" integer,
	"item_id" integer,
	"impact_id" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"requester_user_id" integer,
	"requester_email" text,
	"requester_name" text,
	"cc_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"assignee_id" integer,
	"additional_assignee_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"follow_up_time" timestamp (3) with time zone,
	"attachment_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"parent_ticket_id" integer,
	"field_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"time_tracked_seconds" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by_id" integer,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_boards" ADD CONSTRAINT "ticket_boards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_log" ADD CONSTRAINT "ticket_log_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_log" ADD CONSTRAINT "ticket_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_setup_items" ADD CONSTRAINT "ticket_setup_items_parent_id_ticket_setup_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."ticket_setup_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_timers" ADD CONSTRAINT "ticket_timers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_timers" ADD CONSTRAINT "ticket_timers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_form_id_ticket_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."ticket_forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_id_ticket_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."ticket_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_team_id_ticket_setup_items_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."ticket_setup_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_subtype_id_ticket_setup_items_id_fk" FOREIGN KEY ("subtype_id") REFERENCES "public"."ticket_setup_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_item_id_ticket_setup_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."ticket_setup_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_impact_id_ticket_setup_items_id_fk" FOREIGN KEY ("impact_id") REFERENCES "public"."ticket_setup_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_parent_ticket_id_tickets_id_fk" FOREIGN KEY ("parent_ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_log_ticket_idx" ON "ticket_log" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_setup_items_key_unique" ON "ticket_setup_items" USING btree ("list","key") WHERE "ticket_setup_items"."key" is not null;--> statement-breakpoint
CREATE INDEX "ticket_setup_items_list_idx" ON "ticket_setup_items" USING btree ("list","position");--> statement-breakpoint
CREATE INDEX "tickets_created_idx" ON "tickets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_updated_idx" ON "tickets" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "tickets_priority_idx" ON "tickets" USING btree ("priority","id");--> statement-breakpoint
CREATE INDEX "tickets_severity_idx" ON "tickets" USING btree ("severity","id");--> statement-breakpoint
CREATE INDEX "tickets_subject_idx" ON "tickets" USING btree ("subject","id");--> statement-breakpoint
CREATE INDEX "tickets_organization_idx" ON "tickets" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "tickets_status_idx" ON "tickets" USING btree ("status_id","updated_at");--> statement-breakpoint
CREATE INDEX "tickets_assignee_idx" ON "tickets" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "tickets_device_idx" ON "tickets" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "tickets_parent_idx" ON "tickets" USING btree ("parent_ticket_id");--> statement-breakpoint
CREATE INDEX "tickets_tags_idx" ON "tickets" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "tickets_subject_trgm_idx" ON "tickets" USING gin ("subject" gin_trgm_ops);