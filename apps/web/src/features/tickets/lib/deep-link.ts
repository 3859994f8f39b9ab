import type { TicketSummary } from './selection';

/**
 * A ticket opened by `?ticket=` that is not on the loaded pages of the list
 * (DESIGN.md §7.2) is fetched on its own and shown at the end of the list,
 * where the pages not yet loaded would put it; once a loaded page holds it,
 * that entry is used. It is left out when the list's status filter excludes it.
 */
export function withPinnedTicket(
  listed: readonly TicketSummary[],
  pinned: TicketSummary | null,
  statusFilter: TicketSummary['status'] | null,
): readonly TicketSummary[] {
  if (!pinned) return listed;
  if (statusFilter !== null && pinned.status !== statusFilter) return listed;
  if (listed.some((ticket) => ticket.id === pinned.id)) return listed;
  return [...listed, pinned];
}
