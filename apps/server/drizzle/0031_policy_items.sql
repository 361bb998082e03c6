ALTER TABLE "backup_plans" ALTER COLUMN "organization_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "backup_plans" ADD COLUMN "policy_id" integer;--> statement-breakpoint
ALTER TABLE "backup_plans" ADD COLUMN "policy_item_id" uuid;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "backup_plans" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "backup_plan_overrides" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "scheduled_scripts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "scheduled_script_overrides" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_tasks" ADD COLUMN "policy_id" integer;--> statement-breakpoint
ALTER TABLE "scheduled_tasks" ADD COLUMN "policy_item_id" uuid;--> statement-breakpoint
ALTER TABLE "backup_plans" ADD CONSTRAINT "backup_plans_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_tasks" ADD CONSTRAINT "scheduled_tasks_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "backup_plans_policy_item_unique" ON "backup_plans" USING btree ("policy_id","policy_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_tasks_policy_item_unique" ON "scheduled_tasks" USING btree ("policy_id","policy_item_id");--> statement-breakpoint
ALTER TABLE "backup_plans" ADD CONSTRAINT "backup_plans_owner" CHECK (("backup_plans"."organization_id" is null) <> ("backup_plans"."policy_id" is null));