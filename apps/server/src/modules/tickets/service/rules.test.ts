import { describe, expect, it } from 'vitest';
import {
  type Actor,
  hasContent,
  isTicketId,
  mayManageTickets,
  maySeeTicket,
  SYSTEM_ACTOR,
  writeRefusal,
} from './rules';

const owner: Actor = { id: 7, isAdmin: false };
const stranger: Actor = { id: 8, isAdmin: false };
const staff: Actor = { id: 9, isAdmin: true };

describe('ticket rules', () => {
  it('accepts only ids a stored ticket can have', () => {
    expect([1, 42, 2_147_483_647].map(isTicketId)).toEqual([true, true, true]);
    expect([0, -1, 1.5, 2_147_483_648, Number.NaN].map(isTicketId)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('shows a ticket to its owner and to staff only', () => {
    const ticket = { ownerId: owner.id };
    expect(maySeeTicket(owner, ticket)).toBe(true);
    expect(maySeeTicket(staff, ticket)).toBe(true);
    expect(maySeeTicket(SYSTEM_ACTOR, ticket)).toBe(true);
    expect(maySeeTicket(stranger, ticket)).toBe(false);
  });

  it('lets only staff write in a closed ticket', () => {
    expect(writeRefusal(owner, { status: 'open' })).toBeNull();
    expect(writeRefusal(owner, { status: 'closed' })).toBe('ticket_closed');
    expect(writeRefusal(staff, { status: 'closed' })).toBeNull();
  });

  it('keeps status changes and deletion for staff and the system', () => {
    expect(mayManageTickets(owner)).toBe(false);
    expect(mayManageTickets(staff)).toBe(true);
    expect(mayManageTickets(SYSTEM_ACTOR)).toBe(true);
  });

  it('wants text or a file in a message', () => {
    expect(hasContent({ body: '', files: [] })).toBe(false);
    expect(hasContent({ body: 'hej', files: [] })).toBe(true);
    expect(hasContent({ body: '', files: [{}] })).toBe(true);
  });
});
