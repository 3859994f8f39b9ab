import type { TicketSearchMatch } from '@studio/shared/tickets';

/**
 * Which ticket the screen shows (SPEC.md §2, §4): `?ticket=` first, then the
 * ticket this user opened last (kept in local storage under a per-user key),
 * then the first ticket. A ticket that disappears from the list is replaced
 * by the first one; the draft of a new ticket has id 0.
 */

export const DRAFT_TICKET_ID = 0;

export interface TicketSummary {
  id: number;
  seq: number;
  /** Staff fields (DESIGN.md §7.2); the list parser always fills them, older fixtures may not. */
  number?: number;
  subject?: string;
  awaiting?: 'staff' | 'customer' | null;
  awaiting_since?: string | null;
  assignee?: { id: number; username: string } | null;
  /** When staff must answer, and whether that has passed (DESIGN.md §7.9). */
  due_at?: string | null;
  overdue?: boolean;
  username: string;
  /** The customer's account id; the list parser gives 0 when a server does not send it. */
  owner_id?: number;
  status: 'open' | 'closed';
  unread_count: number;
  created_at: string;
  last_activity_at: string;
  /** Start of the newest message, when the server sends it. */
  last_message_preview?: string;
  /** Staff only, on a ticket that began as an inquiry without an account (DESIGN.md §7.6). */
  contact_name?: string;
  contact_email?: string;
  guest?: boolean;
  /** Only in a search's results: where its words were found (DESIGN.md §7.8). */
  match?: TicketSearchMatch | null;
}

/** `null` means "nothing chosen yet": the next resolution applies the start-up order. */
export type SelectedId = number | null;

export interface ResolveSelectionInput {
  tickets: readonly Pick<TicketSummary, 'id'>[];
  /** What the screen shows now. */
  current: SelectedId;
  /** `?ticket=` from the address, if any. */
  requested: number | null;
  /** Last-opened ticket from local storage, if any. */
  stored: number | null;
  /**
   * False for staff (issue 31): they open tickets themselves, so nothing is opened — and
   * marked read — for them; only the address's `?ticket=` and their own choice count.
   */
  opensByItself?: boolean;
}

export function resolveSelection({
  tickets,
  current,
  requested,
  stored,
  opensByItself = true,
}: ResolveSelectionInput): SelectedId {
  const exists = (id: number | null): id is number =>
    id !== null && tickets.some((ticket) => ticket.id === id);
  const first = opensByItself ? (tickets[0]?.id ?? null) : null;

  if (current === DRAFT_TICKET_ID) return DRAFT_TICKET_ID;
  if (current !== null) return exists(current) ? current : first;
  if (exists(requested)) return requested;
  if (opensByItself && exists(stored)) return stored;
  return first;
}

/** Reads `?ticket=`; anything but a positive integer counts as absent. */
export function parseTicketParam(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The storage key is per user so two accounts on one browser keep their own choice. */
export function lastTicketKey(userId: number): string {
  return `nd_last_ticket_${userId}`;
}

/** Local storage can throw (private mode, quota, disabled); the choice is then just not kept. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function readLastTicket(storage: StorageLike | undefined, userId: number): number | null {
  try {
    return parseTicketParam(storage?.getItem(lastTicketKey(userId)) ?? null);
  } catch {
    return null;
  }
}

export function writeLastTicket(
  storage: StorageLike | undefined,
  userId: number,
  ticketId: number,
): void {
  if (ticketId === DRAFT_TICKET_ID) return;
  try {
    storage?.setItem(lastTicketKey(userId), String(ticketId));
  } catch {
    // Not kept; the next visit falls back to the first ticket.
  }
}

export function clearLastTicket(storage: StorageLike | undefined, userId: number): void {
  try {
    storage?.removeItem(lastTicketKey(userId));
  } catch {
    // Nothing stored that could be cleared.
  }
}

/** The list with one ticket's unread count as the server answered a read or unread mark. */
export function withUnreadCount<T extends Pick<TicketSummary, 'id' | 'unread_count'>>(
  tickets: readonly T[],
  ticketId: number,
  unreadCount: number,
): T[] {
  return tickets.map((ticket) =>
    ticket.id === ticketId && ticket.unread_count !== unreadCount
      ? { ...ticket, unread_count: unreadCount }
      : ticket,
  );
}
