import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECTS, smallProjectImage } from './projects';
import { smallAvatar, TEAM } from './team';

// import.meta.url is not a file URL under jsdom; vitest runs with apps/web as the working directory.
const publicFile = (path: string) => resolve(process.cwd(), `public${path}`);

describe('generated images referenced by the content', () => {
  it('exist for every project slide and avatar, with their small variants', () => {
    const paths = [
      ...PROJECTS.flatMap((p) => [p.image, smallProjectImage(p.image)]),
      ...TEAM.flatMap((m) => [m.image, smallAvatar(m.image)]),
      '/favicon.svg',
      '/favicon-32.png',
      '/apple-touch-icon.png',
      '/og-image.png',
    ];
    for (const path of paths) expect(existsSync(publicFile(path)), path).toBe(true);
  });

  it('keeps the 18 home strips small: each under 25 KB, all under 1 MB', () => {
    let total = 0;
    for (let i = 1; i <= 18; i++) {
      const size = statSync(publicFile(`/images/strips/${String(i).padStart(2, '0')}.webp`)).size;
      expect(size).toBeLessThan(25 * 1024);
      total += size;
    }
    expect(total).toBeLessThan(1024 * 1024);
  });
});
