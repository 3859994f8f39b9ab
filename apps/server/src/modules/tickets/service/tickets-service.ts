import type { AppDeps } from '../../../deps';
import type { FileStorage } from '../../../storage/storage';
import { assignTicket } from './assign-ticket';
import { changeStatus } from './change-status';
import { type TicketsContext, visibleTicket } from './context';
import { createTicket } from './create-ticket';
import { deleteTicket } from './delete-ticket';
import { getTicket } from './get-ticket';
import { listSettings, listTickets } from './list-tickets';
import { markRead, markReadUpTo } from './mark-read';
import { markUnread } from './mark-unread';
import { postMessage } from './post-message';
import { readThread } from './read-thread';
import { renameTicket } from './rename-ticket';
import { throttleSearch } from './search-throttle';
import { ticketViews, ticketViewsSettings } from './ticket-views';
import { unreadTotal } from './unread';

/**
 * The use cases of the module bound to one set of dependencies: what routes,
 * streams, retention and account deletion call.
 */
export function createTicketsService(deps: AppDeps, storage: FileStorage) {
  const ctx: TicketsContext = { deps, storage };
  const bind =
    <A extends unknown[], R>(useCase: (ctx: TicketsContext, ...args: A) => R) =>
    (...args: A): R =>
      useCase(ctx, ...args);
  return {
    visibleTicket: bind(visibleTicket),
    listTickets: bind(listTickets),
    listSettings,
    getTicket: bind(getTicket),
    throttleSearch: bind(throttleSearch),
    unreadTotal,
    createTicket: bind(createTicket),
    postMessage: bind(postMessage),
    readThread: bind(readThread),
    markRead: bind(markRead),
    markReadUpTo: bind(markReadUpTo),
    markUnread: bind(markUnread),
    setStatus: bind(changeStatus),
    deleteTicket: bind(deleteTicket),
    renameTicket: bind(renameTicket),
    assignTicket: bind(assignTicket),
    ticketViews: bind(ticketViews),
    ticketViewsSettings,
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
