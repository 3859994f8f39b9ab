/**
 * The signed-in Kontakt screen rendered by the server (issue 34, docs/web-app.md
 * "Server-rendered Kontakt"). The server reads the visitor's answers through its
 * own API routes (same session checks, same response schemas) and hands them to
 * the web app's server entry, which turns them into the query cache the screen
 * renders from; the page carries that cache in the element below, so the browser
 * hydrates the same screen without asking for it again.
 */

/** The API's answers the screen is rendered from, as the API sent them (parsed by the web app). */
export interface SignedInContactAnswers {
  /** `GET /api/auth/me`. */
  me: unknown;
  /** `GET /api/tickets` (the customer's whole list, first page). */
  tickets: unknown;
  /** The open ticket and `GET /api/tickets/:id/messages?mark_read=false`; null when none is open. */
  thread: { ticketId: number; messages: unknown } | null;
}

/** The `<script type="application/json">` holding the rendered screen's state. */
export const SERVER_STATE_ELEMENT_ID = 'server-state';

/** The load context the server passes to React Router's request handler. */
export interface SignedInContactContext {
  signedInContact: unknown;
}
