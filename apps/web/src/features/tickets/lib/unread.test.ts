import { describe, expect, it } from 'vitest';
import { isNearBottom } from './auto-scroll';
import {
  type BadgeContext,
  badgeGeometry,
  badgeLabel,
  drawFaviconBadge,
  FAVICON_SIZE,
  stripUnreadPrefix,
  titleWithUnread,
  totalUnread,
} from './unread';

function recordingContext() {
  const calls: string[] = [];
  const ctx: BadgeContext = {
    clearRect: (...args) => void calls.push(`clearRect ${args.join(',')}`),
    drawImage: (_img, ...args) => void calls.push(`drawImage ${args.join(',')}`),
    beginPath: () => void calls.push('beginPath'),
    arc: () => void calls.push('arc'),
    roundRect: () => void calls.push('roundRect'),
    fill: () => void calls.push(`fill ${String(ctx.fillStyle)}`),
    fillText: (text) => void calls.push(`fillText ${text}`),
    fillStyle: '',
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
  };
  return { ctx, calls };
}

describe('unread indicators', () => {
  it('adds up unread counts', () => {
    expect(totalUnread([{ unread_count: 2 }, { unread_count: 0 }, { unread_count: 1 }])).toBe(3);
    expect(totalUnread([])).toBe(0);
  });

  it('caps the badge at 99+', () => {
    expect(badgeLabel(0)).toBe('');
    expect(badgeLabel(7)).toBe('7');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
  });

  it('prefixes the title and restores it at zero', () => {
    expect(titleWithUnread('Kontakt', 3)).toBe('(3) Kontakt');
    expect(titleWithUnread('(3) Kontakt', 5)).toBe('(5) Kontakt');
    expect(titleWithUnread('(5) Kontakt', 0)).toBe('Kontakt');
    expect(titleWithUnread('Kontakt', 150)).toBe('(150) Kontakt');
    expect(stripUnreadPrefix('(99+) Kontakt')).toBe('Kontakt');
    expect(stripUnreadPrefix('(nie) Kontakt')).toBe('(nie) Kontakt');
  });

  it('draws the icon and a red badge on a 64 px canvas', () => {
    const { ctx, calls } = recordingContext();
    drawFaviconBadge(ctx, {} as CanvasImageSource, 3);
    expect(FAVICON_SIZE).toBe(64);
    expect(calls).toEqual([
      'clearRect 0,0,64,64',
      'drawImage 0,0,64,64',
      'beginPath',
      'arc',
      'fill #dc2626',
      'fillText 3',
    ]);
  });

  it('draws a wider pill reading 99+ above 99 and stays inside the canvas', () => {
    const { ctx, calls } = recordingContext();
    drawFaviconBadge(ctx, null, 120);
    expect(calls).toContain('roundRect');
    expect(calls).toContain('fillText 99+');
    const box = badgeGeometry(120);
    expect(box && box.x >= 0 && box.x + box.width <= 64).toBe(true);
  });

  it('draws only the icon at zero', () => {
    const { ctx, calls } = recordingContext();
    drawFaviconBadge(ctx, {} as CanvasImageSource, 0);
    expect(calls).toEqual(['clearRect 0,0,64,64', 'drawImage 0,0,64,64']);
  });

  it('auto-scrolls only within 100 px of the bottom', () => {
    expect(isNearBottom({ scrollTop: 900, scrollHeight: 1500, clientHeight: 500 })).toBe(true);
    expect(isNearBottom({ scrollTop: 899, scrollHeight: 1500, clientHeight: 500 })).toBe(false);
    expect(isNearBottom({ scrollTop: 0, scrollHeight: 300, clientHeight: 500 })).toBe(true);
  });
});
