import { useMemo } from 'react';
import { useStaffList } from '../api/get-staff';
import type { TicketMessage } from '../lib/attachments';
import type { TicketSummary } from '../lib/selection';

export interface AssigneeOption {
  id: number;
  username: string;
}

const NONE: AssigneeOption[] = [];

/**
 * Polish order of names, one collator for every sort: the first Polish
 * comparison loads ICU's collation data (~20 ms, 80 ms at 4× CPU slowdown),
 * which is why a customer, who has no assignment list, never sorts (issue 34).
 */
let collator: Intl.Collator | null = null;
const byName = (a: AssigneeOption, b: AssigneeOption) => {
  collator ??= new Intl.Collator('pl');
  return collator.compare(a.username, b.username);
};

/**
 * The admins the assignment list offers: every admin from `GET /api/admin/staff`,
 * plus (while it loads, or if it fails) the admins the screen knows of: the
 * viewer, everyone assigned to a listed ticket, and the admins who wrote in the
 * open thread. Sorted by name, each once; none for a customer (`enabled` false)
 * or while no ticket is open.
 */
export function useAssigneeOptions({
  me,
  tickets,
  messages,
  enabled = true,
  isShown = true,
}: {
  /** Only staff may fetch the list of admins. */
  enabled?: boolean;
  /** Whether a ticket is open, whose header shows the list: none is made until then. */
  isShown?: boolean;
  me: AssigneeOption;
  tickets: readonly TicketSummary[];
  messages: readonly TicketMessage[];
}): AssigneeOption[] {
  const staffList = useStaffList(enabled);
  const staff = staffList.data;
  return useMemo(() => {
    // Only staff see the list, in an open ticket's header (ticket-header-extras.tsx).
    if (!enabled || !isShown) return NONE;
    const known = new Map<number, string>([[me.id, me.username]]);
    for (const member of staff ?? []) known.set(member.id, member.username);
    for (const ticket of tickets) {
      if (ticket.assignee) known.set(ticket.assignee.id, ticket.assignee.username);
    }
    for (const message of messages) {
      if (message.is_admin && message.user_id > 0 && message.username) {
        known.set(message.user_id, message.username);
      }
    }
    return [...known].map(([id, username]) => ({ id, username })).sort(byName);
  }, [enabled, isShown, me.id, me.username, tickets, messages, staff]);
}
