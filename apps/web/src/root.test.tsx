import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSessionHint, setSessionHint } from '~/test/account-screens';
import { ErrorBoundary, HEAD_SCRIPT, THEME_SCRIPT } from './root';

type Props = Parameters<typeof ErrorBoundary>[0];

describe('root error boundary', () => {
  it('shows the generic fallback with the error message', () => {
    render(<ErrorBoundary {...({ error: new Error('Coś poszło nie tak') } as Props)} />);
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('Coś poszło nie tak')).toBeTruthy();
  });
});

describe('the script before the first paint', () => {
  const run = () => new Function(THEME_SCRIPT)();
  const classes = () => document.documentElement.classList;
  afterEach(() => {
    clearSessionHint();
    document.documentElement.className = '';
    window.__earlyMe = undefined;
    vi.unstubAllGlobals();
  });

  it('starts `me` at once when the hint is there, and only then', () => {
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    run();
    expect(fetch).not.toHaveBeenCalled();
    expect(window.__earlyMe).toBeUndefined();
    setSessionHint();
    run();
    expect(fetch).toHaveBeenCalledWith('/api/auth/me', {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    expect(window.__earlyMe).toBeInstanceOf(Promise);
  });

  it('marks <html> signed-in only when the session hint cookie is there', () => {
    run();
    expect(classes().contains('dark')).toBe(true);
    expect(classes().contains('signed-in')).toBe(false);
    setSessionHint();
    run();
    expect(classes().contains('signed-in')).toBe(true);
  });

  it('marks <html> cookie-ok once the cookie notice was accepted', () => {
    run();
    expect(classes().contains('cookie-ok')).toBe(false);
    localStorage.setItem('nd_cookie_notice', 'shown');
    run();
    expect(classes().contains('cookie-ok')).toBe(true);
    localStorage.clear();
  });
});

describe("the head's one inline script (one CSP hash)", () => {
  it('sets the theme, configures zod and starts holding early input', () => {
    const global = globalThis as { __zod_globalConfig?: unknown; __earlyInput?: { done: boolean } };
    document.documentElement.className = '';
    new Function(HEAD_SCRIPT)();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(global.__zod_globalConfig).toEqual({ jitless: true });
    expect(global.__earlyInput?.done).toBe(false);
    document.documentElement.className = '';
  });
});
