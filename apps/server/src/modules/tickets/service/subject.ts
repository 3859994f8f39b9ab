import { TICKET_SUBJECT_MAX } from '@studio/shared/tickets';

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
