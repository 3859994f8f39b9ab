CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "ticket_messages_search_idx";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "content_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "tickets_content_search_idx" ON "tickets" USING gin ("content_vector");