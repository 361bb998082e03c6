CREATE TABLE "ticket_mail_feed_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"last_log_id" bigint DEFAULT 0 NOT NULL,
	"gap_log_id" bigint,
	"gap_seen_at" timestamp with time zone,
	"gap_xmax" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_mail_messages" (
	"message_id" text PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"mailbox_id" integer,
	"direction" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"log_entry_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"message_id" text NOT NULL,
	"in_reply_to" text,
	"references" text[] DEFAULT '{}'::text[] NOT NULL,
	"to" text[] NOT NULL,
	"cc" text[] DEFAULT '{}'::text[] NOT NULL,
	"reply_to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"attempt_log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_mailboxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"board_id" integer,
	"default_organization_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_mail_messages" ADD CONSTRAINT "ticket_mail_messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_mail_messages" ADD CONSTRAINT "ticket_mail_messages_mailbox_id_ticket_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."ticket_mailboxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_mail_outbox" ADD CONSTRAINT "ticket_mail_outbox_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_mailboxes" ADD CONSTRAINT "ticket_mailboxes_board_id_ticket_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."ticket_boards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_mailboxes" ADD CONSTRAINT "ticket_mailboxes_default_organization_id_organizations_id_fk" FOREIGN KEY ("default_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_mail_messages_ticket_idx" ON "ticket_mail_messages" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_mail_outbox_log_entry_unique" ON "ticket_mail_outbox" USING btree ("log_entry_id");--> statement-breakpoint
CREATE INDEX "ticket_mail_outbox_ticket_idx" ON "ticket_mail_outbox" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_mail_outbox_due_idx" ON "ticket_mail_outbox" USING btree ("next_attempt_at") WHERE "ticket_mail_outbox"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_mailboxes_address_unique" ON "ticket_mailboxes" USING btree ("address");