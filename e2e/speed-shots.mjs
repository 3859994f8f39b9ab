// Issue 20: the speed work must not change how any page looks. Serves two web
// builds side by side (`node e2e/speed-shots.mjs <before/client> <after/client>`,
// each with the real server), shoots every public route at 1280 and 390 px in
// both, compares the full pages pixel by pixel and keeps the first screens as
// PNGs (at half size) in e2e/screenshots/speed/. Each page is compared twice: as it is once
// the scripts have run, and as its first paint shows it (scripts off: the
// prerendered HTML with only its inlined CSS in the new build). Motion is reduced and Math.random seeded, so
// the home page's strips are the same in both.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { BROWSER_FLAGS, PAGE_ROUTES as ROUTES } from '../bench/lib/browser.mjs';
import { startServer } from '../bench/lib/util.mjs';

const WIDTHS = [1280, 390];
const out = fileURLToPath(new URL('./screenshots/speed/', import.meta.url));
const [beforeDir, afterDir] = process.argv.slice(2);
if (!beforeDir || !afterDir) {
  console.error('usage: node e2e/speed-shots.mjs <before web dir> <after web dir>');
  process.exit(2);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'speed-shots-'));
const servers = {};
for (const [name, webDir] of [
  ['before', beforeDir],
  ['after', afterDir],
]) {
  servers[name] = await startServer({
    dataDir: path.join(work, name),
    webDir: path.resolve(webDir),
    logFile: path.join(work, `${name}.log`),
    env: { LOG_LEVEL: 'warn' },
  });
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: BROWSER_FLAGS,
});
// The same pseudo-random sequence on every page load.
const SEEDED_RANDOM = `(() => { let s = 20; Math.random = () => { s = (s * 16807) % 2147483647; return (s - 1) / 2147483646; }; })();`;

async function shoot(name, route, width, scripts) {
  const context = await browser.newContext({
    viewport: { width, height: width > 800 ? 800 : 844 },
    reducedMotion: 'reduce',
    javaScriptEnabled: scripts,
  });
  await context.addInitScript(SEEDED_RANDOM);
  const page = await context.newPage();
  await page.goto(`${servers[name].baseUrl}${route}`, { waitUntil: 'networkidle' });
  // Hydrated, the full stylesheet applied, fonts and images in.
  if (scripts) {
    await page.waitForFunction(() => !document.querySelector('link[rel=stylesheet][disabled]'));
    await page.evaluate(() => document.fonts.ready);
  }
  await page.waitForTimeout(1500);
  const full = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
  const first = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  const slug = route === '/' ? 'home' : route.slice(1);
  if (scripts)
    fs.writeFileSync(path.join(out, `${slug}-${width}-${name}.png`), await halfSize(first));
  await context.close();
  return full;
}

/** The PNG at half its size, so the kept screenshots stay small (the comparison uses full size). */
async function halfSize(png) {
  const page = await browser.newPage();
  const b64 = await page.evaluate(async (data) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const canvas = new OffscreenCanvas(Math.round(img.width / 2), Math.round(img.height / 2));
    canvas.getContext('2d').drawImage(img, 0, 0, canvas.width, canvas.height);
    const bytes = new Uint8Array(
      await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer(),
    );
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  }, png.toString('base64'));
  await page.close();
  return Buffer.from(b64, 'base64');
}

/** Pixels that differ by more than a rounding step, counted in a page. */
async function differingPixels(a, b) {
  const page = await browser.newPage();
  const result = await page.evaluate(
    async ([x, y]) => {
      const load = async (b64) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const canvas = new OffscreenCanvas(img.width, img.height);
        const ctx = canvas.getContext('2d');
        ctx.drawImage(img, 0, 0);
        return {
          w: img.width,
          h: img.height,
          data: ctx.getImageData(0, 0, img.width, img.height).data,
        };
      };
      const [p, q] = [await load(x), await load(y)];
      if (p.w !== q.w || p.h !== q.h)
        return { size: `${p.w}x${p.h} vs ${q.w}x${q.h}`, diff: -1, total: 0 };
      let diff = 0;
      for (let i = 0; i < p.data.length; i += 4) {
        if (
          Math.abs(p.data[i] - q.data[i]) +
            Math.abs(p.data[i + 1] - q.data[i + 1]) +
            Math.abs(p.data[i + 2] - q.data[i + 2]) >
          6
        )
          diff++;
      }
      return { size: `${p.w}x${p.h}`, diff, total: p.w * p.h };
    },
    [a.toString('base64'), b.toString('base64')],
  );
  await page.close();
  return result;
}

let changed = 0;
try {
  for (const route of ROUTES) {
    for (const width of WIDTHS) {
      for (const scripts of [true, false]) {
        const before = await shoot('before', route, width, scripts);
        const after = await shoot('after', route, width, scripts);
        const { size, diff, total } = await differingPixels(before, after);
        if (diff !== 0) changed++;
        const what = `${route} ${width} px${scripts ? '' : ', first paint (no scripts)'}`;
        console.log(
          `${what} (${size}): ${diff < 0 ? 'sizes differ' : `${diff} of ${total} pixels differ`}`,
        );
      }
    }
  }
} finally {
  await browser.close();
  for (const server of Object.values(servers)) await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(changed ? 1 : 0);
