import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, resetScreenTest, setSessionHint } from '~/test/account-screens';

/* Issue 34: sonner is downloaded only where a toast may come. */

vi.mock('./toaster', () => ({ default: () => <div data-testid="toaster" /> }));

// The toaster, once wanted, stays for the page load: each test gets fresh modules.
let modules: { toaster: typeof import('./deferred-toaster'); toast: typeof import('~/lib/toast') };
beforeEach(async () => {
  vi.resetModules();
  modules = { toaster: await import('./deferred-toaster'), toast: await import('~/lib/toast') };
});
afterEach(resetScreenTest);

const idle = () => act(() => new Promise((resolve) => setTimeout(resolve, 400)));

describe('the toaster', () => {
  it('is not mounted for a logged-out visitor who was shown no toast', async () => {
    renderScreen(<modules.toaster.DeferredToaster />);
    await idle();
    expect(screen.queryByTestId('toaster')).toBeNull();
  });

  it('comes with the first toast', async () => {
    renderScreen(<modules.toaster.DeferredToaster />);
    await idle();
    act(() => modules.toast.toast.success('Zapisano'));
    expect(await screen.findByTestId('toaster')).toBeTruthy();
  });

  it('comes once the page is idle for a visitor who may be signed in', async () => {
    setSessionHint();
    renderScreen(<modules.toaster.DeferredToaster />);
    expect(screen.queryByTestId('toaster')).toBeNull();
    expect(await screen.findByTestId('toaster')).toBeTruthy();
  });
});
