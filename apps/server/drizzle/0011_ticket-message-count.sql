ALTER TABLE "tickets" ADD COLUMN "message_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing tickets start from their real count; from here on the statement that writes a message keeps it.
UPDATE "tickets" AS t SET "message_count" = c.n
FROM (SELECT "ticket_id", count(*)::int AS n FROM "ticket_messages" GROUP BY "ticket_id") AS c
WHERE t."id" = c."ticket_id";
