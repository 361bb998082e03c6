CREATE TABLE "demo_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"user_email" text NOT NULL,
	"requested_by" integer,
	"requested_by_name" text NOT NULL,
	"requested_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivery_status" text,
	"delivery_attempts" integer DEFAULT 0 NOT NULL,
	"delivery_error" text,
	"next_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "demo_requests" ADD CONSTRAINT "demo_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_requests_requested_by_idx" ON "demo_requests" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "demo_requests_due_idx" ON "demo_requests" USING btree ("next_attempt_at") WHERE "demo_requests"."delivery_status" in ('PENDING', 'FAILED');