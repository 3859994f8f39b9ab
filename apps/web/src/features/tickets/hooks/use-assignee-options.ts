import { useMemo } from 'react';
import { useStaffList } from '../api/get-staff';
import type { TicketMessage } from '../lib/attachments';
import type { TicketSummary } from '../lib/selection';

export interface AssigneeOption {
  id: number;
  username: string;
}

/**
 * The admins the assignment list offers: every admin from `GET /api/admin/staff`,
 * plus (while it loads, or if it fails) the admins the screen knows of: the
 * viewer, everyone assigned to a listed ticket, and the admins who wrote in the
 * open thread. Sorted by name, each once.
 */
export function useAssigneeOptions({
  me,
  tickets,
  messages,
  enabled = true,
}: {
  /** Only staff may fetch the list of admins. */
  enabled?: boolean;
  me: AssigneeOption;
  tickets: readonly TicketSummary[];
  messages: readonly TicketMessage[];
}): AssigneeOption[] {
  const staffList = useStaffList(enabled);
  const staff = staffList.data;
  return useMemo(() => {
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
    return [...known]
      .map(([id, username]) => ({ id, username }))
      .sort((a, b) => a.username.localeCompare(b.username, 'pl'));
  }, [me.id, me.username, tickets, messages, staff]);
}
