import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TECH_LOGOS } from '../src/content/logos';
import { SPRITE_FILE, techLogoSprite } from './tech-logo-sprite';

describe('the technology logos sprite (src/content/tech-logos.svg)', () => {
  it('is up to date with src/content/logos.ts (else: npm run logos -w apps/web)', () => {
    expect(fs.readFileSync(SPRITE_FILE, 'utf8')).toBe(techLogoSprite());
  });

  it("holds every logo's icon once, under its id", () => {
    const sprite = techLogoSprite();
    for (const logo of TECH_LOGOS) {
      if (!logo.icon) continue;
      expect(sprite.split(`<symbol id="${logo.icon.id}" `)).toHaveLength(2);
      expect(sprite).toContain(`<path d="${logo.icon.path}"/>`);
    }
  });
});
