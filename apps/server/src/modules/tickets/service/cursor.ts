import { badRequest } from '../../../lib/errors';
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

export function decodeCursor(cursor: string): { at: string; id: number } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [
      unknown,
      unknown,
    ];
    if (
      typeof at === 'string' &&
      ISO_INSTANT.test(at) &&
      new Date(at).toISOString() === at &&
      typeof id === 'number' &&
      isTicketId(id)
    ) {
      return { at, id };
    }
  } catch {
    // falls through to the 400 below
  }
  throw badRequest('validation_failed', [{ path: 'cursor', message: 'invalid_cursor' }]);
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
  try {
    const [kind, offset] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [
      unknown,
      unknown,
    ];
    if (
      kind === 'search' &&
      typeof offset === 'number' &&
      Number.isInteger(offset) &&
      offset >= 0 &&
      offset <= maxOffset
    ) {
      return offset;
    }
  } catch {
    // falls through to the 400 below
  }
  throw badRequest('validation_failed', [{ path: 'cursor', message: 'invalid_cursor' }]);
}
