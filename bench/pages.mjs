// Page speed: Lighthouse (default mobile settings: Moto G Power emulation,
// simulated slow 4G and 4x CPU slowdown) with Debian's chromium, against the
// production build served by the real server. Each route runs several times in
// a fresh browser; the median of each figure is reported.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { BROWSER_FLAGS, PAGE_ROUTES } from './lib/browser.mjs';
import { log, round } from './lib/util.mjs';

export const ROUTES = PAGE_ROUTES;
/** Pages kept out of search results on purpose (noindex, robots.txt): their SEO score cannot be 100. */
export const NOINDEX_ROUTES = ['/login'];
/** The LCP every route is held to, as a multiple of the limit page's LCP in the same run. */
export const LCP_LIMIT_RATIO = 1.6;

/**
 * The limit page (issue 20): the least a page can be, an <h1> and a paragraph
 * with inline CSS and no script, served by a bare node:http server. Measured
 * in the same run with the same settings, it is the floor the site's LCP is
 * compared with, so the noise of a shared machine cancels out. Its icon is
 * empty (`data:,`): without one the browser asked for /favicon.ico as the page
 * loaded, and whether that request ended before or after the observed paint
 * moved the page's simulated LCP between ~620 and ~750 ms from run to run
 * (saved reports, 26 Nov), and every ratio with it by 20 %. The floor is now
 * the lower of the two, every run.
 */
const LIMIT_PAGE = `<!DOCTYPE html><html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Strona graniczna</title><link rel="icon" href="data:,"><meta name="description" content="Najprostsza strona: nagłówek i akapit, styl w dokumencie, bez skryptów."><style>body{margin:0;padding:6rem 1.5rem;font:16px/1.6 system-ui,sans-serif;background:#050a18;color:#e2e8f0}h1{font-size:2.5rem;margin:0 0 1rem}</style></head><body><main><h1>Nasze Studio</h1><p>Projektujemy i budujemy szybkie strony internetowe, aplikacje webowe i serwery gier. Czysty kod, krótkie terminy i zespół, który dowozi.</p></main></body></html>`;

function startLimitServer() {
  // Anything else the browser asks for (a favicon) gets an empty answer, not an error.
  const server = http.createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(204).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(LIMIT_PAGE);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        baseUrl: `http://127.0.0.1:${server.address().port}`,
        close: () => new Promise((done) => server.close(done)),
      });
    });
  });
}
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_MISSING =
  `Page speed needs Debian's chromium at ${CHROMIUM}, which is missing. Install it with:\n` +
  '  sudo apt-get install -y chromium   (or set CHROMIUM_PATH)\n' +
  'The page-speed part is skipped.';

const CHROME_FLAGS = ['--headless=new', ...BROWSER_FLAGS];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const gzipSizes = new Map();
function gzipSize(file) {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

/** The scripts a run loaded, with their gzip size computed from the built files. */
function scriptsOf(lhr, baseUrl, webDir) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = [];
  const fonts = [];
  for (const item of items) {
    if (!item.url.startsWith(baseUrl)) continue;
    const pathname = new URL(item.url).pathname;
    const file = path.join(webDir, decodeURIComponent(pathname));
    if (item.resourceType === 'Script' && fs.existsSync(file)) {
      scripts.push({ path: pathname, bytes: fs.statSync(file).size, gzip: gzipSize(file) });
    } else if (item.resourceType === 'Font' && fs.existsSync(file)) {
      fonts.push({ path: pathname, bytes: fs.statSync(file).size });
    }
  }
  return { scripts, fonts };
}

/**
 * A page whose scripts failed to load scores well and means nothing: every
 * same-origin request must have succeeded (the logged-out 401 of the session
 * check and calls the app cancelled excepted).
 */
function assertComplete(lhr, route, baseUrl) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const failed = items.filter(
    (item) =>
      item.url.startsWith(baseUrl) &&
      !(item.statusCode >= 200 && item.statusCode < 400) &&
      !(item.url.endsWith('/api/auth/me') && item.statusCode === 401) &&
      // A call the app itself cancelled (-1) while the page settled, on the signed-in screens.
      !(item.statusCode === -1 && new URL(item.url).pathname.startsWith('/api/')),
  );
  if (failed.length) {
    const list = failed.map((f) => `${f.statusCode} ${new URL(f.url).pathname}`).join(', ');
    throw new Error(`${route}: requests failed during the run (${list}); is the server up?`);
  }
}

/** What the LCP element was (its selector and the start of its markup), to see what a page waits for. */
function lcpElement(lhr) {
  const items = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = items[0]?.items?.[0]?.node ?? items[0]?.node;
  return node ? `${node.selector ?? ''} ${String(node.snippet ?? '').slice(0, 120)}`.trim() : null;
}

function problems(lhr) {
  const out = [];
  for (const [id, category] of Object.entries(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (
        !audit ||
        audit.scoreDisplayMode === 'notApplicable' ||
        audit.scoreDisplayMode === 'manual'
      )
        continue;
      if (audit.scoreDisplayMode === 'informative') continue;
      if (audit.score !== null && audit.score < 0.9 && (ref.weight > 0 || id === 'performance')) {
        out.push({
          category: id,
          id: ref.id,
          score: audit.score,
          ...(audit.displayValue ? { value: audit.displayValue } : {}),
        });
      }
    }
  }
  return out;
}

/**
 * `runs` Lighthouse runs of one page in a fresh browser. A run that Lighthouse
 * itself fails (a lost trace such as NO_NAVSTART happens now and then on a busy
 * machine) is repeated, up to three times per run.
 */
export async function runRoute(url, route, baseUrl, runs, { prepare } = {}) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const results = [];
  try {
    // The signed-in screens put their session cookie in the browser first
    // (Lighthouse clears caches and service workers between runs, never cookies).
    await prepare?.(chrome.port);
    for (let i = 0; i < runs; i++) {
      for (let attempt = 1; ; attempt++) {
        const runner = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const lhr = runner?.lhr;
        const failure = !lhr ? 'Lighthouse returned nothing' : lhr.runtimeError?.message;
        if (!failure) {
          assertComplete(lhr, route, baseUrl);
          results.push(lhr);
          // BENCH_LH_SAVE=<dir> keeps every report (its network requests and trace-based audits) to study.
          if (process.env.BENCH_LH_SAVE) {
            fs.mkdirSync(process.env.BENCH_LH_SAVE, { recursive: true });
            const name = `${route.replaceAll('/', '_') || '_'}-${i + 1}.json`;
            fs.writeFileSync(path.join(process.env.BENCH_LH_SAVE, name), JSON.stringify(lhr));
          }
          break;
        }
        if (attempt === 3) throw new Error(`${route}: ${failure}`);
        log(`${route}: ${failure}; running again`);
      }
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

/**
 * The limit page's figures in this run, and what ran the measurement: total
 * blocking time of the same code differed 40-fold between days (bench/README.md,
 * "Total blocking time and the machine"), so each result names its browser and
 * Lighthouse's own CPU benchmark of the host (higher is faster).
 */
export async function measureLimitPage(runs) {
  const limitServer = await startLimitServer();
  let limitResults;
  try {
    limitResults = await runRoute(
      `${limitServer.baseUrl}/`,
      'limit page',
      limitServer.baseUrl,
      runs,
    );
  } finally {
    await limitServer.close();
  }
  const limitMetric = (id) =>
    median(limitResults.map((r) => r.audits[id]?.numericValue ?? Number.NaN));
  const limit = {
    performance: median(
      limitResults.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)),
    ),
    fcpMs: round(limitMetric('first-contentful-paint'), 0),
    lcpMs: round(limitMetric('largest-contentful-paint'), 0),
  };
  const browser = {
    lighthouse: limitResults[0]?.lighthouseVersion ?? null,
    userAgent: limitResults[0]?.environment?.hostUserAgent ?? null,
    benchmarkIndex: round(
      median(limitResults.map((r) => r.environment?.benchmarkIndex ?? Number.NaN)),
      0,
    ),
  };
  log(`limit page: perf ${limit.performance}, FCP ${limit.fcpMs} ms, LCP ${limit.lcpMs} ms`);
  return { limit, browser };
}

/** The medians of one route's runs, its scripts and its failed audits. */
export function routeFigures(results, { route, baseUrl, webDir, limit }) {
  const score = (id) =>
    median(results.map((r) => Math.round((r.categories[id]?.score ?? 0) * 100)));
  const metric = (id) => median(results.map((r) => r.audits[id]?.numericValue ?? Number.NaN));
  const { scripts, fonts } = scriptsOf(results[0], baseUrl, webDir);
  return {
    performance: score('performance'),
    performanceRuns: results.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: round(metric('first-contentful-paint'), 0),
    lcpMs: round(metric('largest-contentful-paint'), 0),
    noIndex: NOINDEX_ROUTES.includes(route),
    lcpRatio: round(metric('largest-contentful-paint') / limit.lcpMs, 2),
    lcpElement: lcpElement(results[0]),
    tbtMs: round(metric('total-blocking-time'), 0),
    cls: round(metric('cumulative-layout-shift'), 3),
    speedIndexMs: round(metric('speed-index'), 0),
    scripts,
    fonts,
    jsGzipKB: round(scripts.reduce((s, f) => s + f.gzip, 0) / 1024, 1),
    problems: problems(results[0]),
  };
}

export async function pageSpeed({ baseUrl, webDir, runs = 3, only = ROUTES }) {
  const { limit, browser } = await measureLimitPage(runs);
  const routes = {};
  for (const route of only) {
    let results;
    try {
      results = await runRoute(`${baseUrl}${route}`, route, baseUrl, runs);
    } catch (error) {
      routes[route] = { error: String(error?.message ?? error) };
      log(`${route}: ${routes[route].error}`);
      continue;
    }
    routes[route] = routeFigures(results, { route, baseUrl, webDir, limit });
    const r = routes[route];
    log(
      `${route}: perf ${r.performance} (${r.performanceRuns.join('/')}), a11y ${r.accessibility}, bp ${r.bestPractices}, seo ${r.seo}, FCP ${r.fcpMs} ms, LCP ${r.lcpMs} ms (${r.lcpRatio} × limit), TBT ${r.tbtMs} ms, CLS ${r.cls}, JS ${r.jsGzipKB} KB gzip`,
    );
  }
  // What each route adds to what the home page already loaded.
  const home = new Set((routes['/']?.scripts ?? []).map((s) => s.path));
  for (const [route, r] of Object.entries(routes)) {
    if (r.error) continue;
    const added = r.scripts.filter((s) => !home.has(s.path));
    r.addedJsGzipKB = route === '/' ? 0 : round(added.reduce((s, f) => s + f.gzip, 0) / 1024, 1);
  }
  return { runsPerRoute: runs, lcpLimitRatio: LCP_LIMIT_RATIO, browser, limit, routes };
}
