import { useCallback, useEffect, useRef, useState } from 'react';
import type { OlderMessages } from '../components/older-messages-loader';
import { parseTicketParam } from '../lib/selection';
import { useSearchParamsWriter } from './use-search-params-writer';

/**
 * `?message=<id>` next to `?ticket=`: the search hit to scroll to (DESIGN.md
 * §7.8). Written with the ticket when a result is opened; removed once the
 * jump is done, so a reload or a later change does not jump again.
 */
export const JUMP_PARAM = 'message';

/**
 * At most this many older pages are read to reach a hit (50 pages of 50
 * messages): a thread longer than that is shown as it is rather than loaded
 * without end.
 */
export const JUMP_MAX_OLDER_PAGES = 50;

/** A jump that reached its message; `seq` tells a second jump to the same message from the first. */
export interface SearchHit {
  ticketId: number;
  messageId: number;
  seq: number;
}

/**
 * Opens a search result at its hit: loads older pages of the open thread
 * until the message is among them, then names it as the hit (the thread
 * scrolls to it and marks it). A message that is not found (deleted since,
 * or beyond the page limit) leaves the thread as it is. While pages are
 * being read, `isJumping` asks the thread to show its loading line.
 */
export function useMessageJump({
  ticketId,
  messages,
  isThreadPending,
  isThreadError,
  older,
}: {
  ticketId: number | null;
  messages: readonly { id: number }[];
  isThreadPending: boolean;
  isThreadError: boolean;
  older: OlderMessages;
}) {
  const [searchParams, writeParams] = useSearchParamsWriter();
  const paramTicket = parseTicketParam(searchParams.get('ticket'));
  const wanted = parseTicketParam(searchParams.get(JUMP_PARAM));
  const target = ticketId !== null && paramTicket === ticketId ? wanted : null;
  const isFound = target !== null && messages.some((m) => m.id === target);

  const [hit, setHit] = useState<SearchHit | null>(null);
  // The mark goes with its ticket: coming back to that ticket later does not jump again.
  if (hit !== null && hit.ticketId !== ticketId) setHit(null);
  // Pages read for the current target; a new target (or ticket) starts again from none.
  const pagesRead = useRef({ key: '', count: 0 });

  const finish = useCallback(() => {
    writeParams((next) => next.delete(JUMP_PARAM));
  }, [writeParams]);

  const { hasOlder, isLoading: isLoadingOlder, isError: isOlderError, load } = older;
  useEffect(() => {
    if (target === null || ticketId === null || isThreadPending) return;
    const key = `${ticketId}:${target}`;
    if (pagesRead.current.key !== key) pagesRead.current = { key, count: 0 };
    if (isFound) {
      setHit((before) => ({ ticketId, messageId: target, seq: (before?.seq ?? 0) + 1 }));
      finish();
      return;
    }
    if (isLoadingOlder) return;
    if (
      isThreadError ||
      isOlderError ||
      !hasOlder ||
      pagesRead.current.count >= JUMP_MAX_OLDER_PAGES
    ) {
      finish();
      return;
    }
    // In the next task: a page answered at once (from a cache) would otherwise chain one
    // render into the next up to React's limit of nested updates.
    const timer = setTimeout(() => {
      pagesRead.current.count += 1;
      load();
    }, 0);
    return () => clearTimeout(timer);
  }, [
    target,
    ticketId,
    isThreadPending,
    isThreadError,
    isFound,
    isLoadingOlder,
    isOlderError,
    hasOlder,
    load,
    finish,
  ]);

  return {
    /** The hit of the open ticket, once reached. */
    hit: hit?.ticketId === ticketId ? hit : null,
    /** Older pages are being read to reach the hit. */
    isJumping: target !== null && !isFound && !isThreadError,
  };
}
