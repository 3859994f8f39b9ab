import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearSessionHint,
  json,
  renderScreen,
  setSessionHint,
  stubFetch,
} from '~/test/account-screens';
import ContactRoute, { meta } from './contact-route';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSessionHint();
});

describe('/contact', () => {
  it('shows the login prompt at once to a visitor without the session hint, asking nothing', () => {
    const calls = stubFetch(() => json(500, {}));
    renderScreen(<ContactRoute />, { path: '/contact' });
    expect(screen.getByRole('heading', { name: 'Zaloguj się, aby napisać do nas' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('with the hint asks the server and shows the prompt after a 401', async () => {
    setSessionHint();
    const calls = stubFetch(() => json(401, { error: 'unauthorized' }));
    renderScreen(<ContactRoute />, { path: '/contact' });
    expect(screen.getByRole('status').textContent).toBe('Ładowanie…');
    expect(
      await screen.findByRole('heading', { name: 'Zaloguj się, aby napisać do nas' }),
    ).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/me']);
  });

  it('is indexable (the logged-out view is a public page)', () => {
    expect(JSON.stringify(meta())).not.toContain('noindex');
  });
});
