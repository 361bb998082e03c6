CREATE TABLE "product_group_members" (
	"group_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_group_members_group_id_product_id_pk" PRIMARY KEY("group_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_user_roles" (
	"product_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "product_user_roles_product_id_role_id_pk" PRIMARY KEY("product_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"price" numeric(18, 2),
	"cost" numeric(18, 2),
	"taxable" boolean DEFAULT true NOT NULL,
	"quantity" bigint,
	"licensing_type" text NOT NULL,
	"term" text NOT NULL,
	"billing" text,
	"quantity_source" text,
	"rate" numeric(18, 2),
	"time_rounding" text,
	"time_entry_source" text,
	"allow_all_technicians" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_group_members" ADD CONSTRAINT "product_group_members_group_id_products_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_group_members" ADD CONSTRAINT "product_group_members_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_user_roles" ADD CONSTRAINT "product_user_roles_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_user_roles" ADD CONSTRAINT "product_user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_group_members_product_idx" ON "product_group_members" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_user_roles_role_idx" ON "product_user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_name_unique" ON "products" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "products_type_idx" ON "products" USING btree ("type");