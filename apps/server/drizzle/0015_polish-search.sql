DROP INDEX "ticket_messages_body_fts_idx";--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "ticket_messages_search_idx" ON "ticket_messages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "tickets_search_idx" ON "tickets" USING gin ("search_vector");