import { useCallback, useEffect, useRef, useState } from 'react';
import { useServerState } from '~/lib/session';
import { useHydrated } from '~/lib/use-hydrated';
import {
  clearLastTicket,
  DRAFT_TICKET_ID,
  parseTicketParam,
  readLastTicket,
  resolveSelection,
  type SelectedId,
  type TicketSummary,
  writeLastTicket,
} from '../lib/selection';
import { JUMP_PARAM } from './use-message-jump';
import { useSearchParamsWriter } from './use-search-params-writer';

function localStorageOrUndefined(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The selected ticket, kept in step with `?ticket=` (so a link or a reload
 * opens the same ticket) and with the per-user last-ticket entry.
 */
export function useTicketSelection({
  tickets,
  isListReady,
  userId,
  opensByItself = true,
}: {
  tickets: readonly TicketSummary[];
  /** False for staff: no ticket is opened for them (issue 31, `resolveSelection`). */
  opensByItself?: boolean;
  /** False while loading or after a failed load: no decision is made on a list we do not have. */
  isListReady: boolean;
  userId: number;
}) {
  const [searchParams, writeParams] = useSearchParamsWriter();
  const requested = parseTicketParam(searchParams.get('ticket'));
  // A server-rendered screen opened its ticket already: hydration starts from it.
  const serverState = useServerState();
  const isHydrating = !useHydrated();
  const [selectedId, setSelectedId] = useState<SelectedId>(() =>
    isHydrating ? (serverState?.openTicketId ?? null) : null,
  );
  // The ticket just chosen whose `?ticket=` the router has not rendered yet (it renders a
  // navigation later). Until it has, a ticket missing from the list is not replaced: a
  // ticket staff just opened for a caller sits outside „Czeka na nas”, and the address is
  // what lets it be fetched and pinned (use-deep-linked-ticket).
  const awaitingAddress = useRef<number | null>(null);
  if (awaitingAddress.current !== null && requested === awaitingAddress.current) {
    awaitingAddress.current = null;
  }

  const setTicketParam = useCallback(
    (id: number | null, messageId?: number) => {
      writeParams((next) => {
        // The search hit to jump to belongs to its ticket: it goes when another one opens.
        if (messageId !== undefined) next.set(JUMP_PARAM, String(messageId));
        else if (next.get('ticket') !== String(id)) next.delete(JUMP_PARAM);
        if (id === null || id === DRAFT_TICKET_ID) next.delete('ticket');
        else next.set('ticket', String(id));
      });
    },
    [writeParams],
  );

  /** `messageId`: a search hit in that ticket to scroll to (`?message=`, use-message-jump). */
  const select = useCallback(
    (id: number, messageId?: number) => {
      setSelectedId(id);
      awaitingAddress.current = id;
      writeLastTicket(localStorageOrUndefined(), userId, id);
      setTicketParam(id, messageId);
    },
    [setTicketParam, userId],
  );

  const startDraft = useCallback(() => {
    setSelectedId(DRAFT_TICKET_ID);
    awaitingAddress.current = null;
    setTicketParam(null);
  }, [setTicketParam]);

  /** SPEC.md §4: deleting clears the selection and the stored entry. */
  const clearAfterDelete = useCallback(() => {
    setSelectedId(null);
    awaitingAddress.current = null;
    clearLastTicket(localStorageOrUndefined(), userId);
    setTicketParam(null);
  }, [setTicketParam, userId]);

  // The ticket the server opened is then selected as any other: the address and the stored choice name it.
  const openedByServer = useRef(selectedId !== null && selectedId > 0 ? selectedId : null);
  useEffect(() => {
    const id = openedByServer.current;
    openedByServer.current = null;
    if (id !== null) select(id);
  }, [select]);

  // A changed `?ticket=` (a link clicked while already on /contact) wins over the current choice.
  const lastRequested = useRef(requested);
  // Not before the list is ready: a ticket beyond its loaded pages is being fetched meanwhile.
  useEffect(() => {
    if (!isListReady || requested === lastRequested.current) return;
    lastRequested.current = requested;
    if (requested !== null && requested !== selectedId && tickets.some((t) => t.id === requested)) {
      select(requested);
    }
  }, [isListReady, requested, selectedId, tickets, select]);

  // Start-up order, and the fallback when the selected ticket disappears.
  useEffect(() => {
    if (!isListReady) return;
    if (selectedId !== null && selectedId === awaitingAddress.current) return;
    const next = resolveSelection({
      tickets,
      current: selectedId,
      requested,
      stored: readLastTicket(localStorageOrUndefined(), userId),
      opensByItself,
    });
    if (next !== selectedId) {
      if (next === null) setSelectedId(null);
      else select(next);
    }
    // Nothing is shown for the address's ticket (not found, not the reader's, gone from the
    // list): the address follows the screen, so a reload or a shared link names no ticket.
    // A ticket chosen instead writes its own (select above).
    const isRequestedShown = requested !== null && tickets.some((t) => t.id === requested);
    if (requested !== null && !isRequestedShown && next === null) setTicketParam(null);
  }, [isListReady, tickets, selectedId, requested, userId, select, opensByItself, setTicketParam]);

  return { selectedId, requested, select, startDraft, clearAfterDelete };
}
