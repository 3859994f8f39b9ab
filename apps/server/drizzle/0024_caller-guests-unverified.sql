ALTER TABLE "users" ALTER COLUMN "email_verified_at" DROP NOT NULL;--> statement-breakpoint
-- A guest made from an address that staff typed in for a caller (DESIGN.md §7.9)
-- was stored e-mail-verified, though nobody proved the address (issue 34). A
-- guest that opened none of its tickets itself (each one's first message is
-- someone else's) never confirmed an inquiry link: it is unverified again.
-- Guests that did open one (an inquiry, a set-aside mail) keep what they had.
UPDATE "users" AS u SET "email_verified_at" = NULL
WHERE u."password_hash" IS NULL
  AND u."email_verified_at" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "tickets" AS t WHERE t."owner_id" = u."id")
  AND NOT EXISTS (
    SELECT 1 FROM "tickets" AS t
    WHERE t."owner_id" = u."id"
      AND (
        SELECT m."author_id" FROM "ticket_messages" AS m
        WHERE m."ticket_id" = t."id"
        ORDER BY m."id"
        LIMIT 1
      ) = u."id"
  );
