import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TicketSummary } from '../lib/selection';
import {
  flattenTickets,
  parseTicketsPage,
  prependCachedTicket,
  type TicketsData,
  ticketsListKey,
  updateCachedTickets,
} from './get-tickets';

const raw = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  seq: id,
  username: 'ala',
  status: 'open',
  unread_count: 2,
  created_at: '2026-01-01T00:00:00Z',
  last_activity_at: '2026-01-01T00:00:00Z',
  ...extra,
});

const page = (tickets: TicketSummary[]): TicketsData => ({
  pages: [{ tickets, nextCursor: null }],
  pageParams: [null],
});

describe('ticket list', () => {
  it('keeps good entries, drops broken ones and reads the cursor as text', () => {
    const parsed = parseTicketsPage({
      tickets: [raw(1), { nope: true }, raw(2, { status: 'weird', unread_count: -3 })],
      next_cursor: 42,
    });
    expect(parsed.tickets.map((t) => [t.id, t.status, t.unread_count])).toEqual([
      [1, 'open', 2],
      [2, 'open', 0],
    ]);
    expect(parsed.nextCursor).toBe('42');
    expect(parseTicketsPage(null)).toEqual({ tickets: [], nextCursor: null });
  });

  it('keeps the last message preview only when there is one', () => {
    const [withPreview, without] = parseTicketsPage({
      tickets: [raw(1, { last_message_preview: 'Dzień dobry' }), raw(2)],
    }).tickets;
    expect(withPreview?.last_message_preview).toBe('Dzień dobry');
    expect(without && 'last_message_preview' in without).toBe(false);
  });

  it('lists each ticket once across pages', () => {
    const [a, b] = parseTicketsPage({ tickets: [raw(1), raw(2)] }).tickets;
    expect(
      flattenTickets({
        pages: [
          { tickets: [a!, b!], nextCursor: 'x' },
          { tickets: [b!], nextCursor: null },
        ],
      }).map((t) => t.id),
    ).toEqual([1, 2]);
  });

  it('puts a created ticket on top of the all and open lists and edits every cached list', () => {
    const queryClient = new QueryClient();
    const [one] = parseTicketsPage({ tickets: [raw(1)] }).tickets;
    const [two] = parseTicketsPage({ tickets: [raw(2)] }).tickets;
    for (const filter of ['all', 'open', 'closed'] as const) {
      queryClient.setQueryData(ticketsListKey(filter), page([one!]));
    }
    prependCachedTicket(queryClient, two!);
    const ids = (filter: 'all' | 'open' | 'closed') =>
      flattenTickets(queryClient.getQueryData<TicketsData>(ticketsListKey(filter))).map(
        (t) => t.id,
      );
    expect(ids('all')).toEqual([2, 1]);
    expect(ids('open')).toEqual([2, 1]);
    expect(ids('closed')).toEqual([1]);

    updateCachedTickets(queryClient, (tickets) => tickets.filter((t) => t.id !== 1));
    expect(ids('all')).toEqual([2]);
    expect(ids('closed')).toEqual([]);
  });
});
