import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type LogoItem, TECH_LOGOS } from '../src/content/logos';

/*
 * The team page's technology logos as one SVG sprite (a <symbol> per icon),
 * which the page's strip draws with <use>: the icons' paths (16 KB compressed)
 * are then one cached file instead of part of /team's HTML, which fitted in a
 * phone's first round trip without them (issue 34). Written from
 * src/content/logos.ts; a test fails when the committed file is out of date:
 *
 *   npm run logos -w apps/web
 */

export const SPRITE_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/content/tech-logos.svg',
);

/** The sprite's text: every logo with an icon, as `<symbol id="<slug>">`. */
export function techLogoSprite(logos: readonly LogoItem[] = TECH_LOGOS): string {
  // No <title>: the strip's <svg role="img"> is named by its aria-label, as before.
  const symbols = logos.flatMap(({ icon }) =>
    icon ? [`<symbol id="${icon.id}" viewBox="0 0 24 24"><path d="${icon.path}"/></symbol>`] : [],
  );
  // aria-hidden: the file is never shown itself (and the linter asks a shown SVG for a title).
  return `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true">\n${symbols.join('\n')}\n</svg>\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  fs.writeFileSync(SPRITE_FILE, techLogoSprite());
  console.log(`Wrote ${SPRITE_FILE}.`);
}
