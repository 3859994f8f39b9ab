import { useEffect, useRef } from 'react';
import type { TicketMessage } from '../lib/attachments';

/** A public reply by another staff member that this agent has not acknowledged. */
export interface ReplyCollision {
  messageId: number;
  username: string;
  createdAt: string;
}

/** What the composer asks before a staff reply leaves (components/composer.tsx). */
export interface ReplyGuard {
  /** The newest reply by another staff member since the baseline, or null. */
  check: () => ReplyCollision | null;
  /** The agent has seen the thread as it is now (shown, sent, or started a new draft). */
  acknowledge: () => void;
}

const newestId = (messages: readonly TicketMessage[]) =>
  messages.reduce((max, m) => Math.max(max, m.id), 0);

/**
 * Two agents must not answer the same customer unaware of each other
 * (issue 31): the baseline is the newest message when the ticket's thread
 * first showed, moved on when the agent starts a new draft, sends, or looks
 * at the other's reply. A public reply by another staff member after it
 * makes the send ask first. Notes and the customer's messages never do.
 */
export function useReplyCollision({
  enabled,
  ticketId,
  myId,
  messages,
}: {
  enabled: boolean;
  ticketId: number | null;
  myId: number;
  messages: readonly TicketMessage[];
}): ReplyGuard | undefined {
  const baseline = useRef<{ ticketId: number; id: number } | null>(null);
  const latest = useRef(messages);
  latest.current = messages;
  const newest = newestId(messages);

  useEffect(() => {
    if (!enabled || ticketId === null) {
      baseline.current = null;
      return;
    }
    if (baseline.current?.ticketId !== ticketId && newest > 0) {
      baseline.current = { ticketId, id: newest };
    }
  }, [enabled, ticketId, newest]);

  if (!enabled || ticketId === null) return undefined;
  return {
    check: () => {
      const since = baseline.current;
      if (!since || since.ticketId !== ticketId) return null;
      let found: TicketMessage | null = null;
      for (const m of latest.current) {
        if (m.id <= since.id || !m.is_admin || m.internal || m.user_id === myId) continue;
        if (!found || m.id > found.id) found = m;
      }
      return found
        ? { messageId: found.id, username: found.username, createdAt: found.created_at }
        : null;
    },
    acknowledge: () => {
      baseline.current = { ticketId, id: newestId(latest.current) };
    },
  };
}
