import type { AppDeps } from '../../../deps';
import type { FileStorage } from '../../../storage/storage';
import { changeStatus } from './change-status';
import { type TicketsContext, visibleTicket } from './context';
import { createTicket } from './create-ticket';
import { deleteTicket } from './delete-ticket';
import { listTickets } from './list-tickets';
import { markRead } from './mark-read';
import { postMessage } from './post-message';
import { readThread } from './read-thread';

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
    createTicket: bind(createTicket),
    postMessage: bind(postMessage),
    readThread: bind(readThread),
    markRead: bind(markRead),
    setStatus: bind(changeStatus),
    deleteTicket: bind(deleteTicket),
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
