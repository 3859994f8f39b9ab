import { badRequest } from '../../../lib/errors';

/** The list's paging position: the last ticket's activity time and id, opaque to clients. */
export function encodeCursor(at: string, id: number): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

export function decodeCursor(cursor: string): { at: string; id: number } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [
      unknown,
      unknown,
    ];
    if (typeof at === 'string' && !Number.isNaN(Date.parse(at)) && Number.isSafeInteger(id)) {
      return { at, id: id as number };
    }
  } catch {
    // falls through to the 400 below
  }
  throw badRequest('validation_failed', [{ path: 'cursor', message: 'invalid_cursor' }]);
}
