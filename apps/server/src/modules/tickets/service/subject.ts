import { TICKET_SUBJECT_MAX } from '@studio/shared/tickets';
import { type SearchableText, searchableText } from '../../search/index';

/** Said when a first message has neither text nor files to name the ticket by. */
export const NO_SUBJECT = 'Bez tematu';

/**
 * Opening words a first line may be, or begin with, that say nothing of the
 * matter (issue 31: a guest's inquiry was titled „Dzień dobry,”). Lowercase,
 * compared with the line's start, whole words only.
 */
const GREETINGS = [
  'dzień dobry',
  'dobry wieczór',
  'witam serdecznie',
  'witam',
  'witajcie',
  'cześć',
  'hej',
  'szanowni państwo',
  'szanowny panie',
  'szanowna pani',
  'szanowny zespole',
  'drogi zespole',
  'hello',
  'hi',
  'dear',
];

/** Closing lines: they and what follows them (a name, a phone) are the signature. */
const SIGN_OFFS = [
  'pozdrawiam',
  'pozdrowienia',
  'z poważaniem',
  'z wyrazami szacunku',
  'dziękuję i pozdrawiam',
  'best regards',
  'kind regards',
  'regards',
  '--',
];

/** A greeting that is the whole line, perhaps with a name after it („Szanowna Pani Anno,”). */
const MAX_GREETING_LINE_WORDS = 5;

/**
 * A new ticket's subject (issue 17, 31): the first line of its first message
 * that says something, spaces folded, at most 120 characters. A greeting on a
 * line of its own is passed over, one that begins a line is cut off, and the
 * signature ends the search. A message of nothing else keeps its first line;
 * an empty one is named by its files, else „Bez tematu”.
 */
export function defaultSubject(body: string, filenames: readonly string[]): string {
  const lines = body
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
  const subject = meaningfulLine(lines) ?? lines[0] ?? filenames.join(', ');
  return [...subject].slice(0, TICKET_SUBJECT_MAX).join('').trim() || NO_SUBJECT;
}

function meaningfulLine(lines: readonly string[]): string | null {
  for (const line of lines) {
    const lower = line.toLowerCase();
    if (SIGN_OFFS.some((signOff) => startsWithWords(lower, signOff))) return null;
    const greeting = GREETINGS.find((phrase) => startsWithWords(lower, phrase));
    if (greeting === undefined) return line;
    const rest = line.slice(greeting.length).replace(/^[\s,.!:;–—-]+/, '');
    // „Dzień dobry, mam problem z fakturą” → „Mam problem z fakturą”.
    if (/^[,.!:;–—-]/.test(line.slice(greeting.length).trim()) && rest.split(' ').length > 2) {
      return rest.charAt(0).toLocaleUpperCase('pl-PL') + rest.slice(1);
    }
    if (line.split(' ').length > MAX_GREETING_LINE_WORDS) return line;
  }
  return null;
}

/** Whether `text` begins with `phrase` followed by the end or a non-letter. */
function startsWithWords(text: string, phrase: string): boolean {
  if (!text.startsWith(phrase)) return false;
  const next = text.charAt(phrase.length);
  return next === '' || !/[\p{L}\p{N}]/u.test(next);
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
