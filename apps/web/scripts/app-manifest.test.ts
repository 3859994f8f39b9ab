// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { THEME_COLORS } from '../src/lib/theme';

// vitest runs with apps/web as the working directory.
const publicFile = (path: string) => resolve(process.cwd(), `public${path}`);

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

const manifest = JSON.parse(readFileSync(publicFile('/manifest.webmanifest'), 'utf8')) as {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
};

describe('the installable app’s manifest (issue 33)', () => {
  it('names the app in Polish and opens Kontakt, standalone, in the site’s dark colours', () => {
    expect(manifest).toMatchObject({
      short_name: 'Nasze Studio',
      start_url: '/contact',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLORS.dark,
      background_color: THEME_COLORS.dark,
    });
    expect(manifest.name).toContain('Kontakt');
  });

  it('lists PNG icons of 192 and 512 px and a maskable 512 px, each the size it says', async () => {
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of pngs) {
      const { width, height, format } = await sharp(publicFile(icon.src)).metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(format).toBe('png');
    }
  });

  it('keeps the maskable icon’s corners as background, so no platform’s mask cuts the mark', async () => {
    const maskable = manifest.icons.find((icon) => icon.purpose === 'maskable');
    const { data, info } = await sharp(publicFile(maskable?.src ?? ''))
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Full-bleed, and every pixel outside the centre circle of 40 % radius (what a
    // circle mask keeps) is the opaque dark background: the mark lies wholly inside.
    const background = [5, 10, 24, 255].join();
    const centre = info.width / 2;
    const outside: string[] = [];
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        if (Math.hypot(x + 0.5 - centre, y + 0.5 - centre) <= info.width * 0.4) continue;
        const at = (y * info.width + x) * info.channels;
        const pixel = [...data.subarray(at, at + info.channels)].join();
        if (pixel !== background) outside.push(`${x},${y}: ${pixel}`);
      }
    }
    expect(outside.slice(0, 5)).toEqual([]);
  });
});
