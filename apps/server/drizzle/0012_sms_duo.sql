CREATE TABLE "mfa_sent_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" text,
	"type" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text,
	"txid" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mfa_sent_codes" ADD CONSTRAINT "mfa_sent_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_sent_codes" ADD CONSTRAINT "mfa_sent_codes_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mfa_sent_codes_user_idx" ON "mfa_sent_codes" USING btree ("user_id","type");--> statement-breakpoint
CREATE INDEX "mfa_sent_codes_session_idx" ON "mfa_sent_codes" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_factors_one_sms" ON "mfa_factors" USING btree ("user_id") WHERE "mfa_factors"."type" = 'SMS_OTP';--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_factors_one_duo" ON "mfa_factors" USING btree ("user_id") WHERE "mfa_factors"."type" = 'DUO';