import { badRequest } from '../../../lib/errors';
import type { ColumnValue, SortColumn } from './column-order';
import { isTicketId } from './rules';

/** The list's paging position: the last ticket's activity time and id, opaque to clients. */
export function encodeCursor(at: string, id: number): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

/**
 * Only what encodeCursor writes passes (finding 19): a time exactly as
 * `toISOString` writes it, with a four-digit year from 0001 on (PostgreSQL has
 * no year 0 and V8 reads text such as "1" as a date), and an id a ticket can
 * have. Anything else is 400, never a database error.
 */
const ISO_INSTANT = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function isIsoInstant(value: unknown): value is string {
  return (
    typeof value === 'string' && ISO_INSTANT.test(value) && new Date(value).toISOString() === value
  );
}

/** A cursor's parts as written, or an empty list when it is not base64url JSON of a list. */
function cursorParts(cursor: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** Every cursor the server did not write gets the same 400, never a database error. */
function invalidCursor(): never {
  throw badRequest('validation_failed', [{ path: 'cursor', message: 'invalid_cursor' }]);
}

export function decodeCursor(cursor: string): { at: string; id: number } {
  const [at, id] = cursorParts(cursor);
  if (isIsoInstant(at) && typeof id === 'number' && isTicketId(id)) return { at, id };
  return invalidCursor();
}

/**
 * A search's paging position: how many results came before (results are
 * ordered by relevance, which has no key to continue from). Opaque to
 * clients, like the list's, and told apart from it by its shape.
 */
export function encodeSearchCursor(offset: number): string {
  return Buffer.from(JSON.stringify(['search', offset])).toString('base64url');
}

export function decodeSearchCursor(cursor: string, maxOffset: number): number {
  const [kind, offset] = cursorParts(cursor);
  if (
    kind === 'search' &&
    typeof offset === 'number' &&
    Number.isInteger(offset) &&
    offset >= 0 &&
    offset <= maxOffset
  ) {
    return offset;
  }
  return invalidCursor();
}

/**
 * The paging position of a list sorted by a column (issue 31, column-order.ts): the
 * last ticket's value in that column (`null`: no due time) and its id.
 */
export function encodeColumnCursor(value: ColumnValue, id: number): string {
  return Buffer.from(JSON.stringify(['column', value, id])).toString('base64url');
}

function isColumnValue(column: SortColumn, value: unknown): value is ColumnValue {
  if (value === null) return column === 'due';
  if (column === 'number') return typeof value === 'number' && isTicketId(value);
  return isIsoInstant(value);
}

/** Only what `encodeColumnCursor` writes for this column passes; anything else is 400. */
export function decodeColumnCursor(
  column: SortColumn,
  cursor: string,
): { value: ColumnValue; id: number } {
  const [kind, value, id] = cursorParts(cursor);
  if (
    kind === 'column' &&
    isColumnValue(column, value) &&
    typeof id === 'number' &&
    isTicketId(id)
  ) {
    return { value, id };
  }
  return invalidCursor();
}
