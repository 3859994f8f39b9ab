ALTER TABLE "tickets" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "overdue_notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tickets_due_idx" ON "tickets" USING btree ("due_at","id") WHERE "tickets"."due_at" is not null;