import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeferredEffects } from './deferred-effects';

/* Issue 34: a phone does not download the custom cursor, which it never shows. */

vi.mock('~/components/backdrop/backdrop', () => ({
  default: () => <div data-testid="backdrop" />,
}));
vi.mock('~/components/target-cursor', () => ({ default: () => <div data-testid="cursor" /> }));

function device({ coarse, reduced }: { coarse: boolean; reduced: boolean }) {
  window.matchMedia = ((query: string) => ({
    matches: query.includes('coarse') ? coarse : query.includes('reduced-motion') && reduced,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
}

afterEach(cleanup);

describe('the decorative layers after the first paint', () => {
  it('a mouse without reduced motion gets the backdrop and the cursor', async () => {
    device({ coarse: false, reduced: false });
    render(<DeferredEffects />);
    expect(await screen.findByTestId('backdrop')).toBeTruthy();
    expect(await screen.findByTestId('cursor')).toBeTruthy();
  });

  it('a touch screen gets the backdrop, and the cursor module is never loaded', async () => {
    device({ coarse: true, reduced: false });
    render(<DeferredEffects />);
    expect(await screen.findByTestId('backdrop')).toBeTruthy();
    expect(screen.queryByTestId('cursor')).toBeNull();
  });

  it('reduced motion: no cursor either', async () => {
    device({ coarse: false, reduced: true });
    render(<DeferredEffects />);
    expect(await screen.findByTestId('backdrop')).toBeTruthy();
    expect(screen.queryByTestId('cursor')).toBeNull();
  });
});
