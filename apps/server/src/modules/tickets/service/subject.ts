import { TICKET_SUBJECT_MAX } from '@studio/shared/tickets';
import type { SQL } from 'drizzle-orm';
import { type SearchableText, searchableText } from '../../search/index';

/** Said when a first message has neither text nor files to name the ticket by. */
export const NO_SUBJECT = 'Bez tematu';

/**
 * A new ticket's subject (issue 17): the first non-empty line of its first
 * message, else the names of its files, at most 120 characters.
 */
export function defaultSubject(body: string, filenames: readonly string[]): string {
  const firstLine = body
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .find((line) => line !== '');
  const subject = firstLine ?? filenames.join(', ');
  return [...subject].slice(0, TICKET_SUBJECT_MAX).join('').trim() || NO_SUBJECT;
}

/**
 * A ticket's own search tokens (DESIGN.md §7.8): its subject and, for an
 * inquiry's ticket, the name and address its sender gave. Written with the
 * subject, so a renamed ticket is found by its new subject (in staff's
 * `content_vector` the old subject's words stay, like the rest of its history).
 */
export function ticketSearchText(ticket: {
  subject: string;
  contactName: string | null;
  contactEmail: string | null;
}): SearchableText {
  return searchableText(ticket.subject, ticket.contactName, ticket.contactEmail);
}
