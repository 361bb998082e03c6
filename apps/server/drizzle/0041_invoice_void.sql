DROP INDEX "invoices_agreement_period_unique";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_agreement_period_unique" ON "invoices" USING btree ("agreement_id","period_index") WHERE "invoices"."status" <> 'VOID';