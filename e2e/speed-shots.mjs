// Issue 20: the speed work must not change how any page looks. Serves two web
// builds side by side (`node e2e/speed-shots.mjs <before/client> <after/client>
// [public|signed-in]`, each with the real server), shoots every public route at 1280
// and 390 px in both themes in both, compares the full pages pixel by pixel and keeps
// the first screens as PNGs (at half size) in e2e/screenshots/speed/. Each public page
// is compared twice: as it is once the scripts have run, and as its first paint shows
// it (scripts off: the prerendered HTML with only its inlined CSS in the new build).
// Issue 34 added the signed-in screens (Kontakt of a customer and of staff, a 200-message
// thread, the profile): both servers start from copies of one seeded database with the
// same sessions, and the page's clock is fixed, so both builds show the same data.
// Motion is reduced and Math.random seeded, so the home page's strips are the same in both.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { BROWSER_FLAGS, PAGE_ROUTES } from '../bench/lib/browser.mjs';
import { login } from '../bench/lib/login.mjs';
import { openPgliteDb, seed, THREAD_OWNER_EMAIL, THREAD_TICKET_ID } from '../bench/lib/seed.mjs';
import { startServer } from '../bench/lib/util.mjs';

const WIDTHS = [1280, 390];
const THEMES = ['dark', 'light'];
/** Shows the staff list's „Wszystkie” view (staff start in „Czeka na nas”, empty in the seed). */
async function allTickets(page) {
  await page.getByRole('button', { name: /^Wszystkie/ }).click();
  await page.waitForSelector('[data-testid=ticket-item]');
}
/**
 * The thread at its newest message, as it opens. Its first scroll to the end can race
 * the load of the older page (the top of a short scroll is on screen for a moment), so
 * the shot waits for the thread's height to hold still and then puts it at its end.
 */
async function hasMessages(page) {
  await page.waitForSelector('[data-testid=message]');
  await page.waitForFunction(
    () =>
      new Promise((resolve) => {
        const scroller = document.querySelector('[data-testid=message-scroll]');
        const height = scroller?.scrollHeight;
        setTimeout(() => resolve(scroller?.scrollHeight === height), 1000);
      }),
  );
  await page.evaluate(() => {
    const scroller = document.querySelector('[data-testid=message-scroll]');
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  });
}
/** Signed-in screens: who, where, and what shows that the page has its data. */
const SIGNED_IN = [
  { slug: 'customer-contact', who: 'customer', route: '/contact', ready: hasMessages },
  {
    slug: 'customer-thread',
    who: 'customer',
    route: `/contact?ticket=${THREAD_TICKET_ID}`,
    ready: hasMessages,
  },
  { slug: 'staff-contact', who: 'staff', route: '/contact', ready: allTickets },
  {
    slug: 'staff-thread',
    who: 'staff',
    route: `/contact?ticket=${THREAD_TICKET_ID}`,
    ready: hasMessages,
  },
  {
    slug: 'customer-profile',
    who: 'customer',
    route: '/profile',
    ready: (page) => page.waitForSelector('[data-testid=session-row]'),
  },
];
const out = fileURLToPath(new URL('./screenshots/speed/', import.meta.url));
const [beforeDir, afterDir, only] = process.argv.slice(2);
if (!beforeDir || !afterDir || (only && !['public', 'signed-in'].includes(only))) {
  console.error(
    'usage: node e2e/speed-shots.mjs <before web dir> <after web dir> [public|signed-in]',
  );
  process.exit(2);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'speed-shots-'));
const serverOptions = (name, webDir) => ({
  dataDir: path.join(work, name),
  webDir: path.resolve(webDir),
  logFile: path.join(work, `${name}.log`),
  env: { LOG_LEVEL: 'warn' },
});

/**
 * One database for both servers: migrated by a first start, seeded as the bench
 * seeds it (a tenth of its size; ticket 1 keeps its 200 messages), signed in once
 * (the sessions are rows of it), then copied. Returns the cookies and the moment
 * the pages' clock is fixed at (the seed dates its rows from its own `now()`).
 */
async function seededDatabase() {
  const dir = path.join(work, 'seed');
  let server = await startServer(serverOptions('seed', afterDir));
  await server.stop();
  const db = await openPgliteDb(dir);
  try {
    await seed(db, {
      tickets: 1000,
      messages: 10_000,
      customerSessions: 0,
      staffSessionsPerUser: 0,
    });
  } finally {
    await db.close();
  }
  const seededAt = Date.now();
  server = await startServer(serverOptions('seed', afterDir));
  const cookies = {
    customer: await login(server.baseUrl, THREAD_OWNER_EMAIL),
    staff: await login(server.baseUrl),
  };
  await server.stop();
  for (const name of ['before', 'after'])
    fs.cpSync(dir, path.join(work, name), { recursive: true });
  return { cookies, clock: seededAt + 60_000 };
}

const signedIn = only !== 'public' ? await seededDatabase() : null;
const servers = {};
for (const [name, webDir] of [
  ['before', beforeDir],
  ['after', afterDir],
]) {
  servers[name] = await startServer(serverOptions(name, webDir));
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: BROWSER_FLAGS,
});
// The same pseudo-random sequence on every page load.
const SEEDED_RANDOM = `(() => { let s = 20; Math.random = () => { s = (s * 16807) % 2147483647; return (s - 1) / 2147483646; }; })();`;

/**
 * Shoots `route` on the `name` server: the full page (compared) and the first screen
 * (kept at half size). `who` signs the page in with that session and waits for `ready`.
 */
async function shoot(name, { route, width, theme, scripts = true, who, ready, slug }) {
  const context = await browser.newContext({
    viewport: { width, height: width > 800 ? 800 : 844 },
    reducedMotion: 'reduce',
    javaScriptEnabled: scripts,
  });
  await context.addInitScript(SEEDED_RANDOM);
  await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
  const baseUrl = servers[name].baseUrl;
  if (who) {
    const [cookieName, value] = signedIn.cookies[who].split('=');
    await context.addCookies([
      { name: cookieName, value, url: baseUrl },
      { name: 'signed_in', value: '1', url: baseUrl },
    ]);
    await context.addInitScript(() => localStorage.setItem('nd_cookie_notice', 'accepted'));
    // Dates shown as „today” or „yesterday” depend on the clock; timers run as usual.
    await context.clock.setFixedTime(signedIn.clock);
  }
  const page = await context.newPage();
  // A signed-in page holds its live stream open: never network idle.
  await page.goto(`${baseUrl}${route}`, { waitUntil: who ? 'load' : 'networkidle' });
  // Hydrated, the full stylesheet applied, fonts and images in.
  if (scripts) {
    await page.waitForFunction(() => !document.querySelector('link[rel=stylesheet][disabled]'));
    if (ready) await ready(page);
    await page.evaluate(() => document.fonts.ready);
  }
  await page.waitForTimeout(1500);
  const full = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
  const first = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  if (scripts)
    fs.writeFileSync(
      path.join(out, `${slug}-${width}-${theme}-${name}.png`),
      await halfSize(first),
    );
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

/**
 * Pixels that differ by more than a rounding step (`diff`), and at all (`any`), counted
 * in a page, with the largest difference of one channel (`max`, 0–255).
 */
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
        return { size: `${p.w}x${p.h} vs ${q.w}x${q.h}`, diff: -1, any: -1, max: 0, total: 0 };
      let diff = 0;
      let any = 0;
      let max = 0;
      for (let i = 0; i < p.data.length; i += 4) {
        const r = Math.abs(p.data[i] - q.data[i]);
        const g = Math.abs(p.data[i + 1] - q.data[i + 1]);
        const b = Math.abs(p.data[i + 2] - q.data[i + 2]);
        if (r + g + b > 6) diff++;
        if (r + g + b > 0) any++;
        max = Math.max(max, r, g, b);
      }
      return { size: `${p.w}x${p.h}`, diff, any, max, total: p.w * p.h };
    },
    [a.toString('base64'), b.toString('base64')],
  );
  await page.close();
  return result;
}

/** Every comparison: the public routes (hydrated and first paint), then the signed-in screens. */
function* screens() {
  for (const route of only === 'signed-in' ? [] : PAGE_ROUTES) {
    const slug = route === '/' ? 'home' : route.slice(1);
    for (const width of WIDTHS)
      for (const theme of THEMES)
        for (const scripts of [true, false]) yield { route, slug, width, theme, scripts };
  }
  for (const screen of only === 'public' ? [] : SIGNED_IN) {
    for (const width of WIDTHS) for (const theme of THEMES) yield { ...screen, width, theme };
  }
}

let changed = 0;
try {
  for (const screen of screens()) {
    const before = await shoot('before', screen);
    const after = await shoot('after', screen);
    const { size, diff, any, max, total } = await differingPixels(before, after);
    if (diff !== 0) changed++;
    const what = `${screen.who ? `${screen.who} ` : ''}${screen.route} ${screen.width} px ${screen.theme}${screen.scripts === false ? ', first paint (no scripts)' : ''}`;
    console.log(
      `${what} (${size}): ${diff < 0 ? 'sizes differ' : `${diff} of ${total} pixels differ (${any} at all, by at most ${max} of 255 in a channel)`}`,
    );
  }
} finally {
  await browser.close();
  for (const server of Object.values(servers)) await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(changed ? 1 : 0);
