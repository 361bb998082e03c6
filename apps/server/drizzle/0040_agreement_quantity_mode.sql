ALTER TABLE "agreement_products" ADD COLUMN "quantity_mode" text DEFAULT 'FIXED' NOT NULL;--> statement-breakpoint
ALTER TABLE "agreement_template_products" ADD COLUMN "quantity_mode" text DEFAULT 'FIXED' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "quantity_source" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "quantity_mode" text;