CREATE TABLE "psa_account_mappings" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"company_name" text NOT NULL,
	"product_mapping_id" integer,
	"configuration_type_mapping_id" integer,
	"sync_error" text,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psa_agreement_additions" (
	"agreement_id" integer NOT NULL,
	"catalog_item_id" integer NOT NULL,
	"addition_id" integer NOT NULL,
	"agreement_name" text NOT NULL,
	"catalog_item_identifier" text NOT NULL,
	"quantity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "psa_agreement_additions_agreement_id_catalog_item_id_pk" PRIMARY KEY("agreement_id","catalog_item_id")
);
--> statement-breakpoint
CREATE TABLE "psa_configuration_type_mapping_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"configuration_type_mapping_id" integer NOT NULL,
	"node_role_id" integer NOT NULL,
	"group_id" integer,
	"configuration_type_id" integer NOT NULL,
	"configuration_type_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psa_configuration_type_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status_on_create_id" integer,
	"status_on_create_name" text,
	"status_on_delete_id" integer,
	"status_on_delete_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psa_configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer,
	"device_name" text NOT NULL,
	"organization_id" integer,
	"cw_configuration_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"configuration_type_id" integer NOT NULL,
	"site_id" integer,
	"status_on_delete_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psa_connections" (
	"key" text PRIMARY KEY NOT NULL,
	"site" text NOT NULL,
	"company_id" text NOT NULL,
	"client_id" text NOT NULL,
	"codebase" text DEFAULT '' NOT NULL,
	"public_key_encrypted" text NOT NULL,
	"private_key_encrypted" text NOT NULL,
	"company_types" jsonb NOT NULL,
	"company_statuses" jsonb NOT NULL,
	"sync_interval_seconds" integer NOT NULL,
	"last_test_at" timestamp with time zone,
	"last_test_ok" boolean,
	"last_test_message" text,
	"next_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psa_location_mappings" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"psa_site_id" integer,
	"psa_site_name" text,
	"agreement_id" integer,
	"agreement_name" text,
	"product_mapping_id" integer,
	"configuration_type_mapping_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psa_product_mapping_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_mapping_id" integer NOT NULL,
	"node_role_id" integer NOT NULL,
	"group_id" integer,
	"catalog_item_id" integer NOT NULL,
	"catalog_item_identifier" text NOT NULL,
	"catalog_item_description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psa_product_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psa_sync_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"organization_id" integer,
	"client_name" text,
	"record_type" text NOT NULL,
	"record_name" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psa_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"summary" jsonb NOT NULL,
	"started_by" text
);
--> statement-breakpoint
ALTER TABLE "psa_account_mappings" ADD CONSTRAINT "psa_account_mappings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psa_account_mappings" ADD CONSTRAINT "psa_account_mappings_product_mapping_id_psa_product_mappings_id_fk" FOREIGN KEY ("product_mapping_id") REFERENCES "public"."psa_product_mappings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psa_account_mappings" ADD CONSTRAINT "psa_account_mappings_configuration_type_mapping_id_psa_configuration_type_mappings_id_fk" FOREIGN KEY ("configuration_type_mapping_id") REFERENCES "public"."psa_configuration_type_mappings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psa_configuration_type_mapping_rules" ADD CONSTRAINT "psa_configuration_type_mapping_rules_configuration_type_mapping_id_psa_configuration_type_mappings_id_fk" FOREIGN KEY ("configuration_type_mapping_id") REFERENCES "public"."psa_configuration_type_mappings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psa_configurations" ADD CONSTRAINT "psa_configurations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psa_configurations" ADD CONSTRAINT "psa_configurations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psa_location_mappings" ADD CONSTRAINT "psa_location_mappings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psa_location_mappings" ADD CONSTRAINT "psa_location_mappings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psa_location_mappings" ADD CONSTRAINT "psa_location_mappings_product_mapping_id_psa_product_mappings_id_fk" FOREIGN KEY ("product_mapping_id") REFERENCES "public"."psa_product_mappings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psa_location_mappings" ADD CONSTRAINT "psa_location_mappings_configuration_type_mapping_id_psa_configuration_type_mappings_id_fk" FOREIGN KEY ("configuration_type_mapping_id") REFERENCES "public"."psa_configuration_type_mappings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psa_product_mapping_rules" ADD CONSTRAINT "psa_product_mapping_rules_product_mapping_id_psa_product_mappings_id_fk" FOREIGN KEY ("product_mapping_id") REFERENCES "public"."psa_product_mappings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psa_sync_log" ADD CONSTRAINT "psa_sync_log_run_id_psa_sync_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."psa_sync_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psa_sync_log" ADD CONSTRAINT "psa_sync_log_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "psa_account_mappings_company_idx" ON "psa_account_mappings" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "psa_configuration_type_mapping_rules_mapping_idx" ON "psa_configuration_type_mapping_rules" USING btree ("configuration_type_mapping_id");--> statement-breakpoint
CREATE UNIQUE INDEX "psa_configuration_type_mappings_name_unique" ON "psa_configuration_type_mappings" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "psa_configurations_device_unique" ON "psa_configurations" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "psa_configurations_cw_unique" ON "psa_configurations" USING btree ("cw_configuration_id");--> statement-breakpoint
CREATE INDEX "psa_location_mappings_org_idx" ON "psa_location_mappings" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "psa_product_mapping_rules_mapping_idx" ON "psa_product_mapping_rules" USING btree ("product_mapping_id");--> statement-breakpoint
CREATE UNIQUE INDEX "psa_product_mappings_name_unique" ON "psa_product_mappings" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "psa_sync_log_run_idx" ON "psa_sync_log" USING btree ("run_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "psa_sync_runs_one_running" ON "psa_sync_runs" USING btree ("status") WHERE "psa_sync_runs"."status" = 'RUNNING';--> statement-breakpoint
CREATE INDEX "psa_sync_runs_started_idx" ON "psa_sync_runs" USING btree ("started_at");