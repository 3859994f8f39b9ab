#!/usr/bin/env node
// The installable app's icons (issue 33), rendered from the studio's own mark
// (public/favicon.svg) so there is one drawing of it. Run once after the mark
// changes: `node apps/web/scripts/generate-app-icons.mjs`; the PNGs are committed.
//
// - icon-192.png, icon-512.png ("any"): the mark on a transparent background,
//   as the launcher and the install prompt show it.
// - icon-maskable-512.png ("maskable"): the mark on the site's dark background,
//   inside the centre circle of 40 % radius that every platform's mask keeps
//   (https://web.dev/articles/maskable-icon), so no mask cuts into it.
// public/apple-touch-icon.png (180, for iOS, which ignores the manifest's
// icons) already exists, drawn by generate-images.mjs; it is left as it is.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
/** The site's dark background (app.css), the default theme. */
const BACKGROUND = '#050a18';

const mark = await readFile(join(publicDir, 'favicon.svg'), 'utf8');
// The mark's inner drawing, without its own <svg> wrapper, to place it at any scale.
const inner = mark.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');

/**
 * The 64-unit mark centred in a `size` square. `markShare` is how much of the
 * square the 64 units take; the hexagon's corners sit 29 units from its centre.
 */
function iconSvg({ size, markShare, background }) {
  const markSize = size * markShare;
  const offset = (size - markSize) / 2;
  const scale = markSize / 64;
  const fill = background ? `<rect width="${size}" height="${size}" fill="${background}"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${fill}<g transform="translate(${offset} ${offset}) scale(${scale})">${inner}</g></svg>`;
}

// 0.8 of the square: the hexagon reaches 29/64 × 0.8 = 36 % from the centre,
// inside the 40 % safe circle with room to spare.
const MASKABLE_SHARE = 0.8;

const icons = [
  { file: 'icon-192.png', size: 192, markShare: 1, background: null },
  { file: 'icon-512.png', size: 512, markShare: 1, background: null },
  { file: 'icon-maskable-512.png', size: 512, markShare: MASKABLE_SHARE, background: BACKGROUND },
];

for (const { file, size, markShare, background } of icons) {
  const svg = iconSvg({ size, markShare, background });
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: false }).toBuffer();
  await writeFile(join(publicDir, file), png);
  console.log(`${file}: ${size}×${size}, ${png.length} bytes`);
}
