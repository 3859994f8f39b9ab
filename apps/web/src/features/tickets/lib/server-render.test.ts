import { describe, expect, it } from 'vitest';
import { CURRENT_USER_QUERY_KEY } from '~/lib/session';
import { messagesQueryKey } from '../api/get-messages';
import { staffTicketsKey } from '../api/get-staff-tickets';
import { ticketsListKey } from '../api/get-tickets';
import { signedInContactPlan, signedInContactState } from './server-render';

const user = (isAdmin: boolean) => ({
  user: {
    id: 4,
    username: 'Alicja',
    email: 'alicja@example.com',
    is_admin: isAdmin,
    mfa_enabled: false,
    email_bouncing: false,
  },
  is_staff: isAdmin,
  isStaff: isAdmin,
});
const ticket = (id: number) => ({
  id,
  seq: id,
  number: 1000 + id,
  subject: `Sprawa ${id}`,
  username: 'Alicja',
  owner_id: 4,
  status: 'open',
  awaiting: 'staff',
  awaiting_since: null,
  assignee: null,
  unread_count: 0,
  created_at: '2026-11-29T10:00:00.000Z',
  last_activity_at: '2026-11-29T10:00:00.000Z',
  due_at: null,
  overdue: false,
});
const message = {
  id: 1,
  user_id: 4,
  username: 'Alicja',
  is_admin: false,
  body: 'Dzień dobry',
  created_at: '2026-11-29T10:00:00.000Z',
  files: [],
  internal: false,
  email_sender: null,
};

describe('what the server renders the Kontakt screen from', () => {
  it("reads a customer's whole list and opens the newest; staff's default view and nothing opened", () => {
    expect(signedInContactPlan(user(false))).toEqual({
      listUrl: '/api/tickets',
      opensFirst: true,
      firstRunUrl: null,
    });
    expect(signedInContactPlan(user(true))).toEqual({
      listUrl: '/api/tickets?awaiting=staff&sort=waiting',
      opensFirst: false,
      firstRunUrl: '/api/admin/first-run',
    });
    expect(signedInContactPlan({ error: 'unauthorized' })).toBeNull();
  });

  it("puts the answers under the keys the customer's screen reads", () => {
    const state = signedInContactState(
      {
        me: user(false),
        tickets: { tickets: [ticket(2), ticket(1)], next_cursor: null },
        thread: { ticketId: 2, messages: { messages: [message] } },
      },
      123,
      'Europe/Warsaw',
    );
    expect(state?.openTicketId).toBe(2);
    // The moment and the zone its times were formatted in, for the browser's hydration.
    expect(state?.clock).toEqual({ now: 123, timeZone: 'Europe/Warsaw' });
    expect(state?.queries.map((q) => q.key)).toEqual([
      CURRENT_USER_QUERY_KEY,
      ticketsListKey('all'),
      messagesQueryKey(2),
    ]);
    expect(state?.queries[2]?.data).toEqual([expect.objectContaining({ body: 'Dzień dobry' })]);
    expect(state?.queries.every((q) => q.updatedAt === 123)).toBe(true);
  });

  it('carries the links of every rendered message, so the thread hydrates without linkifyjs', () => {
    const withLink = {
      ...message,
      id: 8,
      body: 'Pliki są na https://example.com/a, pisz: biuro@studio.pl',
    };
    const state = signedInContactState({
      me: user(false),
      tickets: { tickets: [ticket(2)], next_cursor: null },
      thread: { ticketId: 2, messages: { messages: [message, withLink] } },
    });
    expect(state?.links).toEqual({
      [message.id]: [],
      8: [
        [12, 33, 'https://example.com/a'],
        [41, 56, 'mailto:biuro@studio.pl'],
      ],
    });
  });

  it('opens no thread of a ticket the list does not hold, and renders nothing for a non-answer', () => {
    const state = signedInContactState({
      me: user(true),
      tickets: { tickets: [ticket(1)], next_cursor: null },
      thread: { ticketId: 9, messages: { messages: [message] } },
    });
    expect(state?.openTicketId).toBeNull();
    expect(state?.queries.map((q) => q.key)).toEqual([
      CURRENT_USER_QUERY_KEY,
      staffTicketsKey('awaiting_staff', ''),
    ]);
    expect(signedInContactState({ me: null, tickets: null, thread: null })).toBeNull();
  });

  it('opens a ticket beyond the list that the API answered for the visitor', () => {
    const state = signedInContactState({
      me: user(true),
      tickets: { tickets: [ticket(1)], next_cursor: null },
      thread: { ticketId: 9, messages: { messages: [message] } },
      pinned: { ticket: ticket(9) },
    });
    expect(state?.openTicketId).toBe(9);
    expect(state?.queries.map((q) => q.key)).toContainEqual(['tickets', 'one', 9]);
  });
});
