CREATE TABLE "ticket_ratings" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"score" text NOT NULL,
	"comment" text,
	"rated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_ratings" ADD CONSTRAINT "ticket_ratings_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_ratings_rated_at_idx" ON "ticket_ratings" USING btree ("rated_at","score");