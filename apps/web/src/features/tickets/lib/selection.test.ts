import { describe, expect, it } from 'vitest';
import {
  clearLastTicket,
  DRAFT_TICKET_ID,
  lastTicketKey,
  parseTicketParam,
  readLastTicket,
  resolveSelection,
  type StorageLike,
  withUnreadCount,
  writeLastTicket,
} from './selection';

const tickets = [{ id: 5 }, { id: 3 }, { id: 1 }];

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('selection', () => {
  it('opens nothing by itself for staff: only ?ticket= or their own choice (issue 31)', () => {
    const staff = { tickets, opensByItself: false };
    expect(resolveSelection({ ...staff, current: null, requested: null, stored: 1 })).toBeNull();
    expect(resolveSelection({ ...staff, current: null, requested: 3, stored: null })).toBe(3);
    expect(resolveSelection({ ...staff, current: 1, requested: null, stored: null })).toBe(1);
    // The open ticket gone from the list: nothing takes its place.
    expect(resolveSelection({ ...staff, current: 7, requested: null, stored: null })).toBeNull();
  });

  it('starts with ?ticket= when that ticket exists', () => {
    expect(resolveSelection({ tickets, current: null, requested: 3, stored: 1 })).toBe(3);
  });

  it('falls back to the stored last ticket, then to the first', () => {
    expect(resolveSelection({ tickets, current: null, requested: 99, stored: 1 })).toBe(1);
    expect(resolveSelection({ tickets, current: null, requested: null, stored: 42 })).toBe(5);
    expect(resolveSelection({ tickets: [], current: null, requested: 3, stored: 1 })).toBeNull();
  });

  it('keeps the current ticket and the draft', () => {
    expect(resolveSelection({ tickets, current: 1, requested: 3, stored: 5 })).toBe(1);
    expect(
      resolveSelection({ tickets, current: DRAFT_TICKET_ID, requested: 3, stored: null }),
    ).toBe(0);
  });

  it('selects the first ticket when the selected one vanishes', () => {
    expect(resolveSelection({ tickets, current: 7, requested: 7, stored: 7 })).toBe(5);
    expect(resolveSelection({ tickets: [], current: 7, requested: null, stored: null })).toBeNull();
  });

  it('parses only positive integer ids from the address', () => {
    expect(parseTicketParam('12')).toBe(12);
    for (const bad of [null, '', '0', '-1', '1.5', 'abc', '99999999999999999999']) {
      expect(parseTicketParam(bad)).toBeNull();
    }
  });

  it('stores the last ticket per user and clears it', () => {
    const storage = memoryStorage();
    writeLastTicket(storage, 1, 9);
    writeLastTicket(storage, 2, 4);
    writeLastTicket(storage, 1, DRAFT_TICKET_ID);
    expect(readLastTicket(storage, 1)).toBe(9);
    expect(readLastTicket(storage, 2)).toBe(4);
    expect(storage.data.get(lastTicketKey(1))).toBe('9');
    clearLastTicket(storage, 1);
    expect(readLastTicket(storage, 1)).toBeNull();
    expect(readLastTicket(storage, 2)).toBe(4);
  });

  it('survives storage that throws', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(readLastTicket(broken, 1)).toBeNull();
    expect(() => writeLastTicket(broken, 1, 2)).not.toThrow();
    expect(() => clearLastTicket(broken, 1)).not.toThrow();
  });

  it('sets the unread count of one ticket only, as the server answered', () => {
    const list = [
      { id: 1, unread_count: 3 },
      { id: 2, unread_count: 4 },
    ];
    expect(withUnreadCount(list, 1, 0)).toEqual([
      { id: 1, unread_count: 0 },
      { id: 2, unread_count: 4 },
    ]);
    expect(withUnreadCount(list, 2, 5)[1]).toEqual({ id: 2, unread_count: 5 });
    expect(list[0]?.unread_count).toBe(3);
  });
});
