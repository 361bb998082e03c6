CREATE TABLE "agreement_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"quantity" bigint NOT NULL,
	"price" numeric(18, 2) NOT NULL,
	"is_price_overridden" boolean DEFAULT false NOT NULL,
	"taxable" boolean NOT NULL,
	"time_rounding" text,
	"time_entry_source" text,
	"quantity_source" text,
	"position" integer NOT NULL,
	"agreement_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreement_template_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"quantity" bigint NOT NULL,
	"price" numeric(18, 2) NOT NULL,
	"is_price_overridden" boolean DEFAULT false NOT NULL,
	"taxable" boolean NOT NULL,
	"time_rounding" text,
	"time_entry_source" text,
	"quantity_source" text,
	"position" integer NOT NULL,
	"template_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreement_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"billing_interval" text NOT NULL,
	"included_hours" numeric(8, 2) DEFAULT '0' NOT NULL,
	"off_hours_multiplier" numeric(4, 2) DEFAULT '1' NOT NULL,
	"tax_rate" numeric(7, 4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"template_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"billing_interval" text NOT NULL,
	"included_hours" numeric(8, 2) DEFAULT '0' NOT NULL,
	"off_hours_multiplier" numeric(4, 2) DEFAULT '1' NOT NULL,
	"tax_rate" numeric(7, 4),
	"start_date" date NOT NULL,
	"next_bill_date" date,
	"next_period_index" integer DEFAULT 0 NOT NULL,
	"work_hours" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"ticket_id" integer,
	"description" text NOT NULL,
	"quantity" numeric NOT NULL,
	"unit_price" numeric NOT NULL,
	"amount" numeric NOT NULL,
	"taxable" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"agreement_id" integer NOT NULL,
	"organization_name" text NOT NULL,
	"agreement_name" text NOT NULL,
	"period_index" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"currency" text NOT NULL,
	"subtotal" numeric NOT NULL,
	"tax_rate" numeric(7, 4),
	"tax" numeric NOT NULL,
	"total" numeric NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ticket_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"product_id" integer,
	"agreement_product_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"quantity" numeric(20, 2) NOT NULL,
	"price" numeric(18, 2) NOT NULL,
	"taxable" boolean NOT NULL,
	"is_billable" boolean DEFAULT true NOT NULL,
	"invoice_id" integer,
	"created_by_id" integer,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_entry_billing" (
	"log_id" bigint PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"is_billable" boolean,
	"invoice_id" integer,
	"billed_seconds" integer,
	"is_off_hours" boolean
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "agreement_id" integer;--> statement-breakpoint
ALTER TABLE "agreement_products" ADD CONSTRAINT "agreement_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_products" ADD CONSTRAINT "agreement_products_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_template_products" ADD CONSTRAINT "agreement_template_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_template_products" ADD CONSTRAINT "agreement_template_products_template_id_agreement_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."agreement_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_template_id_agreement_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."agreement_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_products" ADD CONSTRAINT "ticket_products_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_products" ADD CONSTRAINT "ticket_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_products" ADD CONSTRAINT "ticket_products_agreement_product_id_agreement_products_id_fk" FOREIGN KEY ("agreement_product_id") REFERENCES "public"."agreement_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_products" ADD CONSTRAINT "ticket_products_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_products" ADD CONSTRAINT "ticket_products_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entry_billing" ADD CONSTRAINT "time_entry_billing_log_id_ticket_log_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."ticket_log"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entry_billing" ADD CONSTRAINT "time_entry_billing_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entry_billing" ADD CONSTRAINT "time_entry_billing_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_products_agreement_idx" ON "agreement_products" USING btree ("agreement_id","position");--> statement-breakpoint
CREATE INDEX "agreement_products_product_idx" ON "agreement_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "agreement_template_products_template_idx" ON "agreement_template_products" USING btree ("template_id","position");--> statement-breakpoint
CREATE INDEX "agreements_organization_idx" ON "agreements" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "agreements_due_idx" ON "agreements" USING btree ("next_bill_date") WHERE "agreements"."is_active";--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_agreement_period_unique" ON "invoices" USING btree ("agreement_id","period_index");--> statement-breakpoint
CREATE INDEX "invoices_organization_idx" ON "invoices" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "ticket_products_ticket_idx" ON "ticket_products" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "ticket_products_invoice_idx" ON "ticket_products" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "time_entry_billing_ticket_idx" ON "time_entry_billing" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "time_entry_billing_invoice_idx" ON "time_entry_billing" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "tickets_agreement_idx" ON "tickets" USING btree ("agreement_id");