-- Hand-written (issue 17): keeps ticket_tab_counts and ticket_daily_counts exact in the
-- transaction of every ticket write, so the staff tab counts and statistics read a few
-- summary rows instead of counting the tickets table.
--
-- Each trigger call applies its changes in one statement per summary, the rows sorted by
-- key, and always the tab counts before the days: two transactions therefore lock summary
-- rows in the same order and cannot deadlock on them (a turn changing one way in one
-- ticket and the other way in another touches the same two rows).
CREATE FUNCTION "ticket_counts_apply"(
  "tabs" jsonb, -- [{status, awaiting, assignee_id, delta}]
  "days" jsonb  -- [{day, created, closed}]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "ticket_tab_counts" AS c ("status", "awaiting", "assignee_id", "tickets")
  SELECT t."status", t."awaiting", t."assignee_id", sum(t."delta")::int
  FROM jsonb_to_recordset("tabs") AS t("status" text, "awaiting" text, "assignee_id" int, "delta" int)
  GROUP BY 1, 2, 3 HAVING sum(t."delta") <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("status", "awaiting", "assignee_id")
  DO UPDATE SET "tickets" = c."tickets" + excluded."tickets";
  INSERT INTO "ticket_daily_counts" AS d ("day", "created", "closed")
  SELECT t."day", sum(t."created")::int, sum(t."closed")::int
  FROM jsonb_to_recordset("days") AS t("day" date, "created" int, "closed" int)
  WHERE t."day" IS NOT NULL
  GROUP BY 1 HAVING sum(t."created") <> 0 OR sum(t."closed") <> 0
  ORDER BY 1
  ON CONFLICT ("day")
  DO UPDATE SET "created" = d."created" + excluded."created", "closed" = d."closed" + excluded."closed";
  -- A row that counts nothing is removed, so the summaries hold exactly what counting the
  -- tickets would give (migrate-to-postgres compares them after rebuilding them this way).
  DELETE FROM "ticket_tab_counts" WHERE "tickets" = 0 AND ("status", "awaiting", "assignee_id") IN (
    SELECT t."status", t."awaiting", t."assignee_id"
    FROM jsonb_to_recordset("tabs") AS t("status" text, "awaiting" text, "assignee_id" int));
  DELETE FROM "ticket_daily_counts" WHERE "created" = 0 AND "closed" = 0 AND "day" IN (
    SELECT t."day" FROM jsonb_to_recordset("days") AS t("day" date));
$$;--> statement-breakpoint
-- A ticket's contribution, +1 or -1: its tab row and its created and closed days.
CREATE FUNCTION "ticket_counts_of"("t" "tickets", "sign" int) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'tabs', jsonb_build_array(jsonb_build_object(
      'status', t."status", 'awaiting', coalesce(t."awaiting", ''),
      'assignee_id', coalesce(t."assignee_id", 0), 'delta', "sign")),
    'days', jsonb_build_array(
      jsonb_build_object('day', (t."created_at" AT TIME ZONE 'Europe/Warsaw')::date, 'created', "sign", 'closed', 0),
      jsonb_build_object('day', (t."closed_at" AT TIME ZONE 'Europe/Warsaw')::date, 'created', 0, 'closed', "sign")));
$$;--> statement-breakpoint
CREATE FUNCTION "tickets_keep_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "gone" jsonb := jsonb_build_object('tabs', '[]'::jsonb, 'days', '[]'::jsonb);
  "came" jsonb := "gone";
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN "gone" := "ticket_counts_of"(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN "came" := "ticket_counts_of"(NEW, 1); END IF;
  PERFORM "ticket_counts_apply"(("gone"->'tabs') || ("came"->'tabs'), ("gone"->'days') || ("came"->'days'));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tickets_keep_counts_insert_delete" AFTER INSERT OR DELETE ON "tickets"
FOR EACH ROW EXECUTE FUNCTION "tickets_keep_counts"();--> statement-breakpoint
-- Most ticket updates (a new message's activity time, preview, read state) change none of
-- the counted columns; the WHEN clause skips them without calling the function.
CREATE TRIGGER "tickets_keep_counts_update" AFTER UPDATE ON "tickets"
FOR EACH ROW WHEN (
  OLD."status" IS DISTINCT FROM NEW."status"
  OR OLD."awaiting" IS DISTINCT FROM NEW."awaiting"
  OR OLD."assignee_id" IS DISTINCT FROM NEW."assignee_id"
  OR OLD."created_at" IS DISTINCT FROM NEW."created_at"
  OR OLD."closed_at" IS DISTINCT FROM NEW."closed_at"
) EXECUTE FUNCTION "tickets_keep_counts"();--> statement-breakpoint
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
