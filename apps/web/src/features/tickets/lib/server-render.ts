import { MeAnswerSchema } from '@studio/shared/answers';
import { FirstRunAnswerSchema } from '@studio/shared/first-run';
import type { SignedInContactAnswers, SignedInContactPlan } from '@studio/shared/server-render';
import { CURRENT_USER_QUERY_KEY, type ServerState } from '~/lib/session';
import { firstRunKey } from '../api/get-first-run';
import { messagesQueryKey } from '../api/get-messages';
import { staffTicketsKey } from '../api/get-staff-tickets';
import { ticketQueryKey } from '../api/get-ticket';
import { parseTicketsPage, type TicketsData, ticketsListKey } from '../api/get-tickets';
import { parseMessages } from './attachments';
import { linkRanges } from './link-segments';
import { DEFAULT_STAFF_VIEW, staffListParams } from './staff-views';

/*
 * What the server reads to render the signed-in Kontakt screen (issue 34,
 * docs/web-app.md "Server-rendered Kontakt"), and the query cache the screen
 * renders from, built from those answers with the parsers the browser uses,
 * under the keys the screen's hooks read on their first render.
 */

/** The list the screen shows first: a customer's whole list, staff's default view. */
export function signedInContactPlan(me: unknown): SignedInContactPlan | null {
  const parsed = MeAnswerSchema.safeParse(me);
  if (!parsed.success) return null;
  if (!parsed.data.user.is_admin) {
    return { listUrl: '/api/tickets', opensFirst: true, firstRunUrl: null };
  }
  return {
    listUrl: `/api/tickets?${staffListParams(DEFAULT_STAFF_VIEW, '')}`,
    // Staff open tickets themselves (issue 31): only `?ticket=` opens one.
    opensFirst: false,
    firstRunUrl: '/api/admin/first-run',
  };
}

/** Null when the answers do not describe a signed-in visitor: the server then sends the prerendered page. */
export function signedInContactState(
  answers: SignedInContactAnswers,
  now = Date.now(),
  timeZone = new Intl.DateTimeFormat().resolvedOptions().timeZone,
): ServerState | null {
  const me = MeAnswerSchema.safeParse(answers.me);
  if (!me.success) return null;
  const queries: ServerState['queries'] = [
    { key: CURRENT_USER_QUERY_KEY, data: me.data, updatedAt: now },
  ];
  const page = parseTicketsPage(answers.tickets);
  const list: TicketsData = { pages: [page], pageParams: [null] };
  const listKey = me.data.user.is_admin
    ? staffTicketsKey(DEFAULT_STAFF_VIEW, '')
    : ticketsListKey('all');
  queries.push({ key: listKey, data: list, updatedAt: now });
  // A `?ticket=` beyond the list, as the deep link fetches it (use-deep-linked-ticket.ts).
  const pinned = answers.pinned
    ? (parseTicketsPage({ tickets: [(answers.pinned as { ticket?: unknown }).ticket] })
        .tickets[0] ?? null)
    : null;
  if (pinned) queries.push({ key: ticketQueryKey(pinned.id), data: pinned, updatedAt: now });
  const firstRun = FirstRunAnswerSchema.safeParse(answers.firstRun);
  if (me.data.user.is_admin && firstRun.success) {
    queries.push({ key: firstRunKey, data: firstRun.data, updatedAt: now });
  }
  let openTicketId: number | null = null;
  const links: NonNullable<ServerState['links']> = {};
  // Only a ticket of the list, or the one the API answered for this visitor, is opened.
  const thread = answers.thread;
  const isShown = (id: number) =>
    pinned?.id === id || page.tickets.some((ticket) => ticket.id === id);
  if (thread && isShown(thread.ticketId)) {
    const messages = parseMessages(thread.messages);
    queries.push({ key: messagesQueryKey(thread.ticketId), data: messages, updatedAt: now });
    openTicketId = thread.ticketId;
    for (const message of messages)
      links[message.id] = message.body ? linkRanges(message.body) : [];
  }
  return { queries, openTicketId, clock: { now, timeZone }, links };
}
