-- Hand-written (issue 17): fills the staff columns of tickets that existed before them.
-- Numbers in creation order from 1001 (first moved aside, so the unique index never sees a clash).
UPDATE "tickets" SET "number" = -"id";--> statement-breakpoint
UPDATE "tickets" t SET "number" = 1000 + n.rn
FROM (SELECT "id", row_number() OVER (ORDER BY "id") AS rn FROM "tickets") n
WHERE n."id" = t."id";--> statement-breakpoint
SELECT setval('ticket_number_seq', greatest((SELECT max("number") FROM "tickets"), 1000));--> statement-breakpoint
-- Subject: the first non-empty line of the first message, at most 120 characters.
UPDATE "tickets" t SET "subject" = coalesce(
  nullif(btrim(left(btrim(substring(btrim(m."body") from '^[^\n]*')), 120)), ''), 'Bez tematu')
FROM (SELECT DISTINCT ON ("ticket_id") "ticket_id", "body" FROM "ticket_messages" ORDER BY "ticket_id", "id") m
WHERE m."ticket_id" = t."id";--> statement-breakpoint
-- Whose turn it is: every message so far is public.
UPDATE "tickets" t SET "awaiting" = CASE WHEN m."author_is_admin" THEN 'customer' ELSE 'staff' END
FROM (SELECT DISTINCT ON ("ticket_id") "ticket_id", "author_is_admin" FROM "ticket_messages" ORDER BY "ticket_id", "id" DESC) m
WHERE m."ticket_id" = t."id";--> statement-breakpoint
-- Waiting since the first message of the newest run by the same side.
UPDATE "tickets" t SET "awaiting_since" = (
  SELECT min(m."created_at") FROM "ticket_messages" m
  WHERE m."ticket_id" = t."id" AND m."author_is_admin" = (t."awaiting" = 'customer')
    AND m."id" > coalesce((SELECT max(o."id") FROM "ticket_messages" o
      WHERE o."ticket_id" = t."id" AND o."author_is_admin" <> (t."awaiting" = 'customer')), 0))
WHERE t."awaiting" IS NOT NULL;--> statement-breakpoint
UPDATE "tickets" t SET "first_response_at" = (
  SELECT min(m."created_at") FROM "ticket_messages" m
  WHERE m."ticket_id" = t."id" AND m."author_is_admin" AND m."author_id" IS DISTINCT FROM t."owner_id");--> statement-breakpoint
-- The close time was never stored: the last activity is the closest known moment.
UPDATE "tickets" SET "closed_at" = "last_activity_at" WHERE "status" = 'closed';
