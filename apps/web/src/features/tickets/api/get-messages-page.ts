import { z } from 'zod';
import { api } from '~/lib/api-client';
import { parseMessages, type TicketMessage } from '../lib/attachments';

/*
 * One page of a thread (DESIGN.md §7.4): the newest page, or with `before`
 * the page before that message, oldest first within the page, and whether
 * older messages remain. Messages go through `parseMessages` like the whole
 * thread does (old records carry `images` instead of `files`).
 */

/** The server's default page size: a shorter newest page is the whole thread. */
export const MESSAGES_PAGE_SIZE = 50;

const PageFlagsSchema = z.object({ has_more: z.boolean().catch(false) });

export interface MessagesPage {
  messages: TicketMessage[];
  hasMore: boolean;
}

export interface MessagesPageQuery {
  /** Id of the oldest message already shown: the answer ends just before it. */
  before?: number;
  limit?: number;
  /** False reads without moving the caller's read marker (DESIGN.md §7.5). */
  markRead?: boolean;
}

export function messagesPageUrl(ticketId: number, query: MessagesPageQuery): string {
  const params = new URLSearchParams();
  if (query.before !== undefined) params.set('before', String(query.before));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.markRead === false) params.set('mark_read', 'false');
  const search = params.size > 0 ? `?${params}` : '';
  return `/api/tickets/${ticketId}/messages${search}`;
}

export function parseMessagesPage(raw: unknown): MessagesPage {
  const flags = PageFlagsSchema.safeParse(raw);
  return {
    messages: parseMessages(raw),
    hasMore: flags.success ? flags.data.has_more : false,
  };
}

export async function getMessagesPage(
  ticketId: number,
  query: MessagesPageQuery,
  signal?: AbortSignal,
): Promise<MessagesPage> {
  const raw = await api.get<unknown>(messagesPageUrl(ticketId, query), signal ? { signal } : {});
  return parseMessagesPage(raw);
}
