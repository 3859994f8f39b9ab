import { createHash } from 'node:crypto';
import type { TicketItem } from '@studio/shared/tickets';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { ticketMessages, ticketReads, tickets, users } from '../../../db/schema/index';
import { type ColumnOrder, columnOrderBy } from './column-order';
import { type Actor, awaitingShown } from './rules';
import { publicOnlyFor } from './unread';

const assignees = alias(users, 'assignee');

/**
 * The list's orders: newest activity first, (staff) the longest waiting first, or
 * (staff) a sorted column of the workspace (column-order.ts).
 */
export type TicketOrder = 'activity' | 'waiting' | ColumnOrder;

/**
 * Tickets as list items (`GET /api/tickets`, `GET /api/tickets/:id`), each
 * with the viewer's unread count (a customer's never counts notes). Owners see
 * theirs, staff see all; `conditions` narrow further. One row more than
 * `limit` may come back so the list can tell whether a next page exists.
 */
export async function selectTicketItems(
  database: Db,
  actor: Actor,
  conditions: SQL[],
  limit: number,
  order: TicketOrder = 'activity',
) {
  return ticketItemsFrom(database, actor, {})
    .where(visibleTo(actor, conditions))
    .orderBy(
      ...(typeof order === 'object'
        ? columnOrderBy(order)
        : order === 'waiting'
          ? [sql`${tickets.awaitingSince} asc nulls last`, asc(tickets.id)]
          : [desc(tickets.lastActivityAt), desc(tickets.id)]),
    )
    .limit(limit);
}

/**
 * A search's page as list items, in its order, each with its best message
 * (`match_id`, `match_body`): `page` is search.ts `rankedPage`, a derived
 * table of ids with their score and activity. One statement with the search.
 */
export async function selectRankedTicketItems(database: Db, actor: Actor, page: SQL) {
  const ranked = sql`${page} ranked`;
  const query = ticketItemsFrom(database, actor, {
    matchId: sql<number | string | null>`ranked.message_id`,
    matchBody: sql<string | null>`ranked.body`,
  })
    .innerJoin(ranked, sql`ranked.id = ${tickets.id}`)
    .where(visibleTo(actor, []))
    .orderBy(sql`ranked.score desc`, sql`ranked.activity desc`, sql`ranked.id desc`);
  // A staff search's plan is kept (search.ts prepareSearch `planOnce`); a customer's is made for their tickets each time.
  const name = actor.isAdmin ? statementName(query.toSQL().sql) : null;
  return name === null ? await query : await query.prepare(name).execute();
}

/**
 * How many shapes of the search statement are kept prepared per connection
 * (a shape: the statement's text, its values apart; a few dozen occur: words
 * 1–8, with or without a typo, a person, the content way, staff filters).
 * Beyond it a shape runs unnamed, planned every time.
 */
export const SEARCH_SHAPES_MAX = 64;
const shapes = new Set<string>();

/**
 * A name for the search statement's text, so PostgreSQL parses and plans it
 * once per connection and reuses the plan (node-postgres keeps each
 * connection's named statements): planning the statement took as long as
 * running half of it (bench/README.md, search). PGlite ignores the name.
 */
function statementName(text: string): string | null {
  const name = `search_${createHash('sha1').update(text).digest('base64url')}`;
  if (shapes.has(name)) return name;
  if (shapes.size >= SEARCH_SHAPES_MAX) return null;
  shapes.add(name);
  return name;
}

/** Owners see theirs, staff see all; `conditions` narrow further. */
function visibleTo(actor: Actor, conditions: SQL[]): SQL | undefined {
  const where = actor.isAdmin ? conditions : [eq(tickets.ownerId, actor.id), ...conditions];
  return where.length ? and(...where) : undefined;
}

/** The item's columns and joins, with `extra` columns beside them. */
function ticketItemsFrom<Extra extends Record<string, SQL>>(
  database: Db,
  actor: Actor,
  extra: Extra,
) {
  const unread = sql<number>`(
    select count(*) from ${ticketMessages} m
    where m.ticket_id = ${tickets.id}
      and m.id > coalesce(${ticketReads.lastReadMessageId}, 0)
      and m.author_id is distinct from ${actor.id}${publicOnlyFor(actor)}
  )::int`;
  return database
    .select({
      id: tickets.id,
      seq: tickets.seq,
      number: tickets.number,
      subject: tickets.subject,
      status: tickets.status,
      awaiting: tickets.awaiting,
      awaitingSince: tickets.awaitingSince,
      dueAt: tickets.dueAt,
      assigneeId: tickets.assigneeId,
      assigneeName: assignees.username,
      createdAt: tickets.createdAt,
      lastActivityAt: tickets.lastActivityAt,
      preview: tickets.lastMessagePreview,
      username: users.username,
      ownerId: tickets.ownerId,
      contactName: tickets.contactName,
      contactEmail: tickets.contactEmail,
      ownerIsGuest: sql<boolean>`${users.passwordHash} is null`,
      unread,
      ...extra,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.ownerId))
    .leftJoin(assignees, eq(assignees.id, tickets.assigneeId))
    .leftJoin(
      ticketReads,
      and(eq(ticketReads.ticketId, tickets.id), eq(ticketReads.userId, actor.id)),
    );
}

export type TicketItemRow = Awaited<ReturnType<typeof selectTicketItems>>[number];

/** The sender's details of an inquiry's ticket, for staff only (DESIGN.md §7.6). */
function contactFields(r: TicketItemRow, viewer: Actor): Partial<TicketItem> {
  if (!viewer.isAdmin) return {};
  return {
    ...(r.contactName ? { contact_name: r.contactName } : {}),
    ...(r.contactEmail ? { contact_email: r.contactEmail } : {}),
    ...(r.ownerIsGuest ? { guest: true } : {}),
  };
}

/** `now`: the request's clock, against which `overdue` is told. */
export function toTicketItem(r: TicketItemRow, viewer: Actor, now: Date): TicketItem {
  const awaiting = awaitingShown({ status: r.status, value: r.awaiting });
  // Stored null unless open and awaiting staff (insert-message.ts, change-status.ts); checked again so it never contradicts `awaiting`.
  const dueAt = awaiting === 'staff' ? r.dueAt : null;
  return {
    id: r.id,
    seq: r.seq,
    number: r.number,
    subject: r.subject,
    username: r.username,
    owner_id: r.ownerId,
    status: r.status,
    awaiting,
    awaiting_since: awaiting && r.awaitingSince ? r.awaitingSince.toISOString() : null,
    assignee:
      r.assigneeId !== null && r.assigneeName !== null
        ? { id: r.assigneeId, username: r.assigneeName }
        : null,
    unread_count: Number(r.unread),
    created_at: r.createdAt.toISOString(),
    last_activity_at: r.lastActivityAt.toISOString(),
    due_at: dueAt ? dueAt.toISOString() : null,
    overdue: dueAt !== null && dueAt.getTime() < now.getTime(),
    ...(r.preview ? { last_message_preview: r.preview } : {}),
    ...contactFields(r, viewer),
  };
}
