import {
  type MarkReadBody,
  type UnreadCountAnswer,
  UnreadCountAnswerSchema,
} from '@studio/shared/tickets';
import { api } from '~/lib/api-client';

/*
 * Read state (DESIGN.md §7.5, §7.2): the app marks read only what was on
 * screen in a visible, focused tab, so reading a thread (getMessagesPage)
 * never does it by itself.
 */

/** Moves the caller's marker forward to `upTo` (a message of this ticket); never backwards. */
export async function markRead(ticketId: number, upTo: number): Promise<UnreadCountAnswer> {
  const body: MarkReadBody = { up_to: upTo };
  const raw = await api.post<unknown>(`/api/tickets/${ticketId}/read`, body);
  return UnreadCountAnswerSchema.parse(raw);
}

/** „Oznacz jako nieprzeczytane”: the newest message from the other side is unread again. */
export async function markUnread(ticketId: number): Promise<UnreadCountAnswer> {
  const raw = await api.post<unknown>(`/api/tickets/${ticketId}/unread`);
  return UnreadCountAnswerSchema.parse(raw);
}
