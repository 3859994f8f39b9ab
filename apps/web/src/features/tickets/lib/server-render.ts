import { MeAnswerSchema } from '@studio/shared/answers';
import type { SignedInContactAnswers } from '@studio/shared/server-render';
import { CURRENT_USER_QUERY_KEY, type ServerState } from '~/lib/session';
import { messagesQueryKey } from '../api/get-messages';
import { parseTicketsPage, type TicketsData, ticketsListKey } from '../api/get-tickets';
import { parseMessages } from './attachments';

/**
 * The query cache the signed-in Kontakt screen renders from on the server
 * (lib/session.ts ServerState), built from the API's own answers with the parsers the
 * browser uses, under the keys the screen's hooks read. Null when the answers do
 * not describe a signed-in visitor: the server then sends the prerendered page.
 */
export function signedInContactState(
  answers: SignedInContactAnswers,
  now = Date.now(),
): ServerState | null {
  const me = MeAnswerSchema.safeParse(answers.me);
  if (!me.success) return null;
  const queries: ServerState['queries'] = [
    { key: CURRENT_USER_QUERY_KEY, data: me.data, updatedAt: now },
  ];
  let openTicketId: number | null = null;
  if (!me.data.user.is_admin) {
    const page = parseTicketsPage(answers.tickets);
    const list: TicketsData = { pages: [page], pageParams: [null] };
    queries.push({ key: ticketsListKey('all'), data: list, updatedAt: now });
    // Only a listed ticket is opened: the list is the API's answer for this visitor.
    const thread = answers.thread;
    if (thread && page.tickets.some((ticket) => ticket.id === thread.ticketId)) {
      const messages = parseMessages(thread.messages);
      queries.push({ key: messagesQueryKey(thread.ticketId), data: messages, updatedAt: now });
      openTicketId = thread.ticketId;
    }
  }
  return { queries, openTicketId };
}
