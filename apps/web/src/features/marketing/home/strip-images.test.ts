import { describe, expect, it } from 'vitest';
import {
  easeStandard,
  imagesNeeded,
  pickImages,
  shuffle,
  stripImageSrc,
  wrapOffset,
} from './strip-images';

function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

describe('home strip images', () => {
  it('names the pool files 01..18', () => {
    expect(stripImageSrc(1)).toBe('/images/strips/01.webp');
    expect(stripImageSrc(18)).toBe('/images/strips/18.webp');
  });

  it('shuffle keeps every item exactly once', () => {
    expect(shuffle([1, 2, 3, 4, 5], seeded(3)).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('uses the whole pool before repeating and never puts the same image twice in a row', () => {
    const picked = pickImages(80, 18, seeded(7));
    expect(picked).toHaveLength(80);
    expect(new Set(picked.slice(0, 18)).size).toBe(18);
    expect(new Set(picked.slice(18, 36)).size).toBe(18);
    for (let i = 1; i < picked.length; i++) expect(picked[i]).not.toBe(picked[i - 1]);
  });

  it('covers the viewport plus 200 px and respects the cap', () => {
    expect(imagesNeeded({ viewportWidth: 1280, itemWidth: 336, gap: 8, max: 50 })).toBe(5);
    expect(
      imagesNeeded({ viewportWidth: 1280, itemWidth: 336, gap: 8, prebufferPx: 2304, max: 80 }),
    ).toBe(11);
    expect(imagesNeeded({ viewportWidth: 50_000, itemWidth: 336, gap: 8, max: 50 })).toBe(50);
  });

  it('wraps offsets into one loop length', () => {
    expect(wrapOffset(-10, 100)).toBe(-10);
    expect(wrapOffset(-110, 100)).toBe(-10);
    expect(wrapOffset(30, 100)).toBe(-70);
    expect(wrapOffset(0, 100)).toBe(0);
  });
});

describe('fade easing', () => {
  it('is cubic-bezier(0.4, 0, 0.2, 1): 0 to 1, rising, fast then slow', () => {
    expect(easeStandard(0)).toBe(0);
    expect(easeStandard(1)).toBe(1);
    expect(easeStandard(0.5)).toBeCloseTo(0.7756, 3);
    let previous = 0;
    for (let t = 0.05; t <= 1; t += 0.05) {
      expect(easeStandard(t)).toBeGreaterThanOrEqual(previous);
      previous = easeStandard(t);
    }
  });
});
