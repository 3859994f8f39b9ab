CREATE TABLE "account_lock_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"change" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "email_sender" text;--> statement-breakpoint
ALTER TABLE "account_lock_tokens" ADD CONSTRAINT "account_lock_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_lock_tokens_hash_idx" ON "account_lock_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_lock_tokens_user_idx" ON "account_lock_tokens" USING btree ("user_id");