import { vi } from 'vitest';
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
