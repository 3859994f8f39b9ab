import { vi } from 'vitest';

/** jsdom has no matchMedia; the screen asks it about the viewport (the list folds on narrow screens). */
export function stubMatchMedia() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
