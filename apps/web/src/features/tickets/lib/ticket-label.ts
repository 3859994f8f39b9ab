import type { TicketSummary } from './selection';

/**
 * „Zgłoszenie #1042”: the one number customers, staff and e-mails all use
 * (DESIGN.md §7.9), so „zgłoszenie numer 1042” on the phone is the ticket
 * both sides see. The list parser fills a missing `number` with 0; `seq`
 * stands in only then (older fixtures and servers).
 */
export function ticketLabel(ticket: Pick<TicketSummary, 'number' | 'seq'>): string {
  return `Zgłoszenie #${ticketNumberOf(ticket)}`;
}

export function ticketNumberOf(ticket: Pick<TicketSummary, 'number' | 'seq'>): number {
  return ticket.number || ticket.seq;
}
