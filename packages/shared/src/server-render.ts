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
  /** The first page of the plan's list (`GET /api/tickets…`). */
  tickets: unknown;
  /** The open ticket and `GET /api/tickets/:id/messages?mark_read=false`; null when none is open. */
  thread: { ticketId: number; messages: unknown } | null;
  /** `GET /api/tickets/:id` of a `?ticket=` the list does not hold (the visitor may see it); else null. */
  pinned?: unknown;
  /** The plan's `firstRunUrl` answer (staff); else null. */
  firstRun?: unknown;
}

/** What to read for the screen after `GET /api/auth/me` (the web app's choice, apps/web lib/server-render.ts). */
export interface SignedInContactPlan {
  /** The list the screen shows first. */
  listUrl: string;
  /** Without `?ticket=`, the first ticket of the list is opened (customers; staff open their own). */
  opensFirst: boolean;
  /** Staff's first-run checklist, shown while no ticket is open; null for customers. */
  firstRunUrl: string | null;
}

/** The `<script type="application/json">` holding the rendered screen's state. */
export const SERVER_STATE_ELEMENT_ID = 'server-state';

/** The load context the server passes to React Router's request handler. */
export interface SignedInContactContext {
  signedInContact: unknown;
}
