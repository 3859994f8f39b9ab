import type { BusinessHours } from '@studio/shared/business-hours';
import type { BusinessClock } from './business-time';

/** The columns of a ticket its due time is counted from. */
export interface WaitingTicket {
  status: 'open' | 'closed';
  awaiting: 'staff' | 'customer' | null;
  awaitingSince: Date | null;
  firstResponseAt: Date | null;
}

/**
 * When staff must answer (DESIGN.md §7.9): from when the customer started
 * waiting, the first-response target while staff never answered publicly,
 * the next-response target after. Null when nobody waits on staff.
 */
export function dueAtFor(
  ticket: WaitingTicket,
  hours: BusinessHours,
  clock: BusinessClock,
): Date | null {
  if (ticket.status !== 'open' || ticket.awaiting !== 'staff' || !ticket.awaitingSince) return null;
  const minutes =
    ticket.firstResponseAt === null ? hours.first_response_minutes : hours.next_response_minutes;
  return clock.add(ticket.awaitingSince, minutes);
}
