import { describe, expect, it } from 'vitest';
import { TECH_LOGOS } from './logos';

describe('technology logos', () => {
  it('has about 24 logos, each with a title, alt text and an https link', () => {
    expect(TECH_LOGOS.length).toBeGreaterThanOrEqual(22);
    expect(TECH_LOGOS.length).toBeLessThanOrEqual(26);
    for (const logo of TECH_LOGOS) {
      expect(logo.title).not.toBe('');
      expect(logo.alt).not.toBe('');
      expect(logo.href).toMatch(/^https:\/\//);
      expect(logo.icon?.path ?? logo.src).toBeTruthy();
    }
  });

  it('has no duplicates', () => {
    expect(new Set(TECH_LOGOS.map((l) => l.title)).size).toBe(TECH_LOGOS.length);
  });
});
