-- Hand-written (issue 17): keeps ticket_tab_counts and ticket_daily_counts exact in the
-- transaction of every ticket write, so the staff tab counts and statistics read a few
-- summary rows instead of counting the tickets table.
--
-- Statement-level triggers with transition tables: one statement that changes many tickets
-- (a backfill) touches each summary row once, not once per ticket. Each call applies its
-- changes in one statement per summary, rows sorted by key, the tab counts before the
-- days: two transactions lock summary rows in the same order and cannot deadlock on them
-- (a turn changing one way in one ticket and the other way in another touches the same
-- two rows). A row that reaches zero is removed, so the summaries hold exactly what
-- counting the tickets gives (migrate-to-postgres compares them after rebuilding them).
CREATE FUNCTION "ticket_counts_apply"("changes" jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "ticket_tab_counts" AS c ("status", "awaiting", "assignee_id", "tickets")
  SELECT t."status", coalesce(t."awaiting", ''), coalesce(t."assignee_id", 0), sum(t."sign")::int
  FROM jsonb_to_recordset("changes") AS t("status" text, "awaiting" text, "assignee_id" int, "sign" int)
  GROUP BY 1, 2, 3 HAVING sum(t."sign") <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("status", "awaiting", "assignee_id")
  DO UPDATE SET "tickets" = c."tickets" + excluded."tickets";
  INSERT INTO "ticket_daily_counts" AS d ("day", "created", "closed")
  SELECT x."day", sum(x."created")::int, sum(x."closed")::int FROM (
    SELECT (t."created_at" AT TIME ZONE 'Europe/Warsaw')::date AS "day", t."sign" AS "created", 0 AS "closed"
    FROM jsonb_to_recordset("changes") AS t("created_at" timestamptz, "sign" int)
    UNION ALL
    SELECT (t."closed_at" AT TIME ZONE 'Europe/Warsaw')::date, 0, t."sign"
    FROM jsonb_to_recordset("changes") AS t("closed_at" timestamptz, "sign" int)
    WHERE t."closed_at" IS NOT NULL
  ) x
  GROUP BY 1 HAVING sum(x."created") <> 0 OR sum(x."closed") <> 0
  ORDER BY 1
  ON CONFLICT ("day")
  DO UPDATE SET "created" = d."created" + excluded."created", "closed" = d."closed" + excluded."closed";
  DELETE FROM "ticket_tab_counts" WHERE "tickets" = 0;
  DELETE FROM "ticket_daily_counts" WHERE "created" = 0 AND "closed" = 0;
$$;--> statement-breakpoint
-- One ticket as a signed change: -1 for a ticket as it was, +1 as it is.
CREATE FUNCTION "ticket_count_change"("t" "tickets", "sign" int) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('status', t."status", 'awaiting', t."awaiting", 'assignee_id', t."assignee_id",
    'created_at', t."created_at", 'closed_at', t."closed_at", 'sign', "sign");
$$;--> statement-breakpoint
-- What a statement changed. An update that touched none of the counted columns (most: a
-- new message's activity time and preview) yields nothing and returns before any summary
-- is touched.
CREATE FUNCTION "tickets_keep_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "changes" jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg("ticket_count_change"(n, 1)) INTO "changes" FROM "new_rows" n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg("ticket_count_change"(o, -1)) INTO "changes" FROM "old_rows" o;
  ELSE
    SELECT jsonb_agg(x."change") INTO "changes"
    FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
    CROSS JOIN LATERAL (VALUES ("ticket_count_change"(o, -1)), ("ticket_count_change"(n, 1))) x("change")
    WHERE (o."status", o."awaiting", o."assignee_id", o."created_at", o."closed_at")
      IS DISTINCT FROM (n."status", n."awaiting", n."assignee_id", n."created_at", n."closed_at");
  END IF;
  IF "changes" IS NOT NULL THEN PERFORM "ticket_counts_apply"("changes"); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tickets_keep_counts_insert" AFTER INSERT ON "tickets"
REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tickets_keep_counts"();--> statement-breakpoint
CREATE TRIGGER "tickets_keep_counts_update" AFTER UPDATE ON "tickets"
REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tickets_keep_counts"();--> statement-breakpoint
CREATE TRIGGER "tickets_keep_counts_delete" AFTER DELETE ON "tickets"
REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "tickets_keep_counts"();--> statement-breakpoint
-- Marks them for migrate-to-postgres, which lets the triggers rebuild them rather than copy them.
COMMENT ON TABLE "ticket_tab_counts" IS 'derived: kept by the triggers of tickets';--> statement-breakpoint
COMMENT ON TABLE "ticket_daily_counts" IS 'derived: kept by the triggers of tickets';--> statement-breakpoint
-- Tickets that existed before the summaries.
INSERT INTO "ticket_tab_counts" ("status", "awaiting", "assignee_id", "tickets")
SELECT "status", coalesce("awaiting", ''), coalesce("assignee_id", 0), count(*)::int
FROM "tickets" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "ticket_daily_counts" ("day", "created", "closed")
SELECT "day", sum("created")::int, sum("closed")::int FROM (
  SELECT ("created_at" AT TIME ZONE 'Europe/Warsaw')::date AS "day", 1 AS "created", 0 AS "closed" FROM "tickets"
  UNION ALL
  SELECT ("closed_at" AT TIME ZONE 'Europe/Warsaw')::date, 0, 1 FROM "tickets" WHERE "closed_at" IS NOT NULL
) d GROUP BY 1;
