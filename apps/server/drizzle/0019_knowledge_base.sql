CREATE TABLE "knowledge_base_article_organizations" (
	"article_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	CONSTRAINT "knowledge_base_article_organizations_article_id_organization_id_pk" PRIMARY KEY("article_id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "knowledge_base_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"plain_text" text NOT NULL,
	"folder_id" integer,
	"language" text DEFAULT 'en' NOT NULL,
	"ts_config" "regconfig" NOT NULL,
	"is_attached" boolean DEFAULT false NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector(ts_config, title), 'A') || setweight(to_tsvector(ts_config, plain_text), 'C')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "knowledge_base_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "knowledge_base_article_organizations" ADD CONSTRAINT "knowledge_base_article_organizations_article_id_knowledge_base_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."knowledge_base_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_base_article_organizations" ADD CONSTRAINT "knowledge_base_article_organizations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_base_articles" ADD CONSTRAINT "knowledge_base_articles_folder_id_knowledge_base_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."knowledge_base_folders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_base_articles" ADD CONSTRAINT "knowledge_base_articles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_base_articles" ADD CONSTRAINT "knowledge_base_articles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_base_folders" ADD CONSTRAINT "knowledge_base_folders_parent_id_knowledge_base_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."knowledge_base_folders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_base_folders" ADD CONSTRAINT "knowledge_base_folders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_base_folders" ADD CONSTRAINT "knowledge_base_folders_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_base_article_organizations_org_idx" ON "knowledge_base_article_organizations" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "knowledge_base_articles_search_idx" ON "knowledge_base_articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "knowledge_base_articles_folder_idx" ON "knowledge_base_articles" USING btree ("folder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_base_folders_name_unique" ON "knowledge_base_folders" USING btree (coalesce("parent_id", 0),lower("name"));