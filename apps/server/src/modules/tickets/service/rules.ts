/**
 * Who may see or write what in the tickets module. Pure decisions from plain
 * input, no database: every use case asks here, and tests call it directly.
 */

/** The one who asks; every rule below is decided from these two fields. */
export interface Actor {
  id: number;
  isAdmin: boolean;
}

/** The server acting on its own (retention, account deletion): may do what staff may. */
export const SYSTEM_ACTOR: Actor = { id: 0, isAdmin: true };

const MAX_SERIAL_ID = 2_147_483_647;

/** An id that can name a stored ticket (a PostgreSQL `serial`); anything else is "not found". */
export function isTicketId(ticketId: number): boolean {
  return Number.isSafeInteger(ticketId) && ticketId > 0 && ticketId <= MAX_SERIAL_ID;
}

/**
 * Owners see their tickets (and their files), staff see all. Anyone else gets
 * "not found", never "forbidden": a ticket's existence is not revealed.
 */
export function maySeeTicket(actor: Actor, ticket: { ownerId: number }): boolean {
  return ticket.ownerId === actor.id || actor.isAdmin;
}

/** A closed ticket takes messages from staff only. */
export function writeRefusal(
  actor: Actor,
  ticket: { status: 'open' | 'closed' },
): 'ticket_closed' | null {
  return ticket.status === 'closed' && !actor.isAdmin ? 'ticket_closed' : null;
}

/** Changing a ticket's status and deleting a ticket are staff actions. */
export function mayManageTickets(actor: Actor): boolean {
  return actor.isAdmin;
}

/** A message needs text or at least one file. */
export function hasContent(message: { body: string; files: readonly unknown[] }): boolean {
  return message.body !== '' || message.files.length > 0;
}

/** Internal notes are written by staff only (DESIGN.md §7.2); a customer is refused, not ignored. */
export function mayWriteNote(actor: Actor): boolean {
  return actor.isAdmin;
}

/** Assigning tickets, the staff views and filters are staff tools. */
export function mayAssign(actor: Actor): boolean {
  return actor.isAdmin;
}

/** Only an admin can be a ticket's assignee. */
export function mayBeAssignee(user: { isAdmin: boolean }): boolean {
  return user.isAdmin;
}

/** The owner and staff may rename a ticket (visibility is checked first: others get 404). */
export function mayRenameTicket(actor: Actor, ticket: { ownerId: number }): boolean {
  return ticket.ownerId === actor.id || actor.isAdmin;
}

/** Whose turn it is after a public message by this author; notes change nothing. */
export function awaitingAfter(author: { isAdmin: boolean }): 'staff' | 'customer' {
  return author.isAdmin ? 'customer' : 'staff';
}

/** What `awaiting` reads as: nobody is awaited on a closed ticket. */
export function awaitingShown<T>(ticket: { status: 'open' | 'closed'; value: T }): T | null {
  return ticket.status === 'closed' ? null : ticket.value;
}
