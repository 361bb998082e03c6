CREATE TABLE "branding_images" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branding_images_content_type" CHECK ("branding_images"."content_type" IN ('image/png', 'image/jpeg', 'image/webp'))
);
--> statement-breakpoint
CREATE TABLE "help_tooltip_dismissals" (
	"user_id" integer NOT NULL,
	"tooltip_id" text NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_tooltip_dismissals_user_id_tooltip_id_pk" PRIMARY KEY("user_id","tooltip_id")
);
--> statement-breakpoint
ALTER TABLE "help_tooltip_dismissals" ADD CONSTRAINT "help_tooltip_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;