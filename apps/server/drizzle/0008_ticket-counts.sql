CREATE TABLE "ticket_daily_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"created" integer NOT NULL,
	"closed" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_tab_counts" (
	"status" text NOT NULL,
	"awaiting" text NOT NULL,
	"assignee_id" integer NOT NULL,
	"tickets" integer NOT NULL,
	CONSTRAINT "ticket_tab_counts_status_awaiting_assignee_id_pk" PRIMARY KEY("status","awaiting","assignee_id")
);
--> statement-breakpoint
DROP INDEX "tickets_created_idx";--> statement-breakpoint
DROP INDEX "tickets_status_activity_idx";--> statement-breakpoint
CREATE INDEX "tickets_created_response_idx" ON "tickets" USING btree ("created_at","first_response_at");--> statement-breakpoint
CREATE INDEX "tickets_open_activity_idx" ON "tickets" USING btree ("last_activity_at","id") WHERE "tickets"."status" = 'open';--> statement-breakpoint
CREATE INDEX "tickets_closed_activity_idx" ON "tickets" USING btree ("last_activity_at","id") WHERE "tickets"."status" = 'closed';