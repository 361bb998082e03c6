CREATE TABLE "credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"username" text NOT NULL,
	"domain" text DEFAULT '' NOT NULL,
	"password_encrypted" text NOT NULL,
	"preferred" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credentials_organization_idx" ON "credentials" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_one_preferred" ON "credentials" USING btree ("organization_id","kind") WHERE "credentials"."preferred";