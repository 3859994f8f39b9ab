import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Backdrop, { BACKDROP_LIVE_ATTRIBUTE } from './backdrop';

// A device with hardware WebGL that gets the animated layer; its first frame comes at once.
vi.mock('./webgl-support', () => ({ probeWebglSupport: async () => 'hardware' }));
vi.mock('./backdrop-tiers', async (original) => ({
  ...(await original<typeof import('./backdrop-tiers')>()),
  chooseTier: () => 'full',
}));
vi.mock('./webgl-backdrop', () => ({
  startWebglBackdrop: ({ onFirstFrame }: { onFirstFrame: () => void }) => {
    queueMicrotask(onFirstFrame);
    return { destroy() {}, setColor() {} };
  },
}));

function preferReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('reduced-motion'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
}

const live = () => document.documentElement.hasAttribute(BACKDROP_LIVE_ATTRIBUTE);

beforeEach(() => document.documentElement.removeAttribute(BACKDROP_LIVE_ATTRIBUTE));
afterEach(cleanup);

describe('the page says when the animated backdrop is on screen (the panels blur only then)', () => {
  it('from its first frame until it goes', async () => {
    preferReducedMotion(false);
    const view = render(<Backdrop />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(live()).toBe(true);
    view.unmount();
    expect(live()).toBe(false);
  });

  it('never with reduced motion: the static gradient stays, and nothing is blurred', async () => {
    preferReducedMotion(true);
    render(<Backdrop />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(live()).toBe(false);
  });
});
