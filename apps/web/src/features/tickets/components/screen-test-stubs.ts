import { fireEvent } from '@testing-library/react';
import { vi } from 'vitest';
import { json, type StubbedCall } from '~/test/account-screens';
import type { TicketMessage } from '../lib/attachments';

/** jsdom has no matchMedia; the screen asks it about the viewport (the list folds on narrow screens). */
export function stubMatchMedia() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

/** jsdom has no IntersectionObserver; the thread only asks it what is on screen. */
export function stubIntersectionObserver() {
  globalThis.IntersectionObserver ??= class {
    observe() {}
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
}

/**
 * jsdom lays nothing out: in the thread's scroller `el` every rendered message
 * counts as 100 px and the view as 500 px. `scrollTo` moves the view as a
 * reader does (with its scroll event); setting `scrollTop` moves it silently.
 */
export function fakeThreadLayout(el: HTMLElement) {
  let scrollTop = 0;
  Object.defineProperties(el, {
    scrollHeight: { configurable: true, get: () => el.querySelectorAll('li').length * 100 },
    clientHeight: { configurable: true, get: () => 500 },
    scrollTop: {
      configurable: true,
      get: () => scrollTop,
      set: (value: number) => {
        scrollTop = value;
      },
    },
  });
  return {
    scrollTo(top: number) {
      scrollTop = top;
      fireEvent.scroll(el);
    },
  };
}

/** A customer's message of a thread, saying its own id, as the API gives it. */
export function threadMessage(id: number, extra: Partial<TicketMessage> = {}): TicketMessage {
  return {
    id,
    user_id: 3,
    username: 'klient',
    is_admin: false,
    internal: false,
    email_sender: null,
    body: `Wiadomość ${id}`,
    created_at: '2026-11-27T10:00:00.000Z',
    files: [],
    ...extra,
  };
}

/**
 * The staff workspace's reads with nothing in them (no tickets, every tab 0, an
 * empty mailbox holding `mailboxTotal`), for a `stubFetch` answer; null for
 * any other call, which the test answers itself.
 */
export function emptyStaffDesk(call: StubbedCall, mailboxTotal = 0): Response | null {
  if (call.url === '/api/tickets' || call.url.startsWith('/api/tickets?')) {
    return json(200, { tickets: [], next_cursor: null });
  }
  if (call.url.startsWith('/api/admin/ticket-views')) {
    const views = {
      awaiting_staff: 0,
      awaiting_customer: 0,
      mine: 0,
      unassigned: 0,
      closed: 0,
      all: 0,
    };
    return json(200, { views });
  }
  if (call.url === '/api/admin/mailbox') {
    return json(200, { mails: [], total: mailboxTotal, configured: true });
  }
  return null;
}
