/**
 * Saved replies carry placeholders that are filled when one is inserted into
 * the composer: `{username}` (the customer) and `{ticket}` (the number the
 * customer knows, „#3”). Unknown placeholders stay as written, so a typo is
 * visible before sending rather than silently dropped.
 */
export interface ReplyContext {
  username: string;
  /** The customer's own sequence number of the ticket. */
  seq: number;
}

export function fillPlaceholders(body: string, context: ReplyContext): string {
  return body.replace(/\{(username|ticket)\}/g, (_match, name: string) =>
    name === 'username' ? context.username : `#${context.seq}`,
  );
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
