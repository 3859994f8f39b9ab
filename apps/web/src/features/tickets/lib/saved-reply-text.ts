/**
 * Saved replies carry placeholders that are filled when one is inserted into
 * the composer (issue 17, 31):
 * - `{imię}`: the first name the customer wrote with (a guest's inquiry),
 *   else their username — „Dzień dobry Jan,”, not the folded username;
 * - `{nazwa}` and the older `{username}`: the customer's username;
 * - `{agent}`: the staff member who inserts it;
 * - `{numer}` and the older `{ticket}`: the ticket's number („#1042”), the
 *   one the customer's screen and e-mails show too.
 * Unknown placeholders stay as written, so a typo is visible before sending
 * rather than silently dropped.
 */
export interface ReplyContext {
  username: string;
  /** The studio-wide number of the ticket (DESIGN.md §7.9). */
  number: number;
  /** The name a guest gave with their inquiry, when there is one. */
  contactName?: string | null;
  /** The username of the staff member inserting the reply. */
  agent?: string;
}

const PLACEHOLDER = /\{(imię|nazwa|username|agent|numer|ticket)\}/gu;

export function fillPlaceholders(body: string, context: ReplyContext): string {
  return body.replace(PLACEHOLDER, (match, name: string) => {
    switch (name) {
      case 'imię':
        return firstName(context.contactName) ?? context.username;
      case 'nazwa':
      case 'username':
        return context.username;
      case 'agent':
        return context.agent ?? match;
      default:
        return `#${context.number}`;
    }
  });
}

/** The first word of a given name („Jan” of „Jan Kowalski”), or null without one. */
function firstName(name: string | null | undefined): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}

/** Inserted text goes where the cursor is; a reply typed before it is kept. */
export function insertAt(
  text: string,
  insert: string,
  selectionStart: number,
  selectionEnd = selectionStart,
) {
  const start = Math.max(0, Math.min(selectionStart, text.length));
  const end = Math.max(start, Math.min(selectionEnd, text.length));
  return {
    text: text.slice(0, start) + insert + text.slice(end),
    cursor: start + insert.length,
  };
}

/** Case- and accent-insensitive match on title and body, for the picker's search. */
export function matchesReply(reply: { title: string; body: string }, query: string): boolean {
  const q = fold(query.trim());
  if (!q) return true;
  return fold(reply.title).includes(q) || fold(reply.body).includes(q);
}

function fold(text: string): string {
  return text
    .toLocaleLowerCase('pl')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ł/g, 'l');
}
