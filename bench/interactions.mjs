// Interaction on the staff workspace (issue 34), in Debian's chromium with 4×
// CPU slowdown, signed in, 1280 × 800: switching between two open tickets
// (click → the new thread on screen), typing in the composer (each key's
// input-to-paint, Event Timing) and scrolling the long thread (frames a
// second and long tasks). The typing floor is the same typing on a page with a
// bare <textarea> and no script, measured in the same browser.
import http from 'node:http';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { BROWSER_FLAGS, signInBrowser } from './lib/browser.mjs';
import { THREAD_TICKET_ID } from './lib/seed.mjs';
import { log, round, summarize, tempDir } from './lib/util.mjs';
import { CHROMIUM } from './pages.mjs';

export const INTERACTION_TARGETS = {
  /** Input-to-paint p95 per key; where the bare page's floor is higher, 1.25 × the floor. */
  keyMs: 50,
  keyFloorRatio: 1.25,
  switchMs: 200,
  scrollFps: 60,
  longTaskMs: 50,
};
const CPU_SLOWDOWN = 4;
const SWITCHES = 12;
const KEYS = 'Dzień dobry, sprawdzamy to zgłoszenie.';

const p95 = (values) => round(summarize(values).p95, 0);

/** A bare page with a textarea: the floor of input-to-paint in this browser. */
function startBarePage() {
  const html =
    '<!DOCTYPE html><html lang="pl"><head><meta charset="utf-8"><title>Pole</title><link rel="icon" href="data:,"></head><body><textarea aria-label="Pole" rows="4" cols="60"></textarea></body></html>';
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}/`,
        close: () => new Promise((done) => server.close(done)),
      }),
    );
  });
}

/** Types KEYS into the focused field and returns each key's Event Timing duration (input to paint). */
async function typeAndTime(page) {
  await page.evaluate(() => {
    window.__keyDurations = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name === 'keydown') window.__keyDurations.push(entry.duration);
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  });
  for (const key of KEYS) {
    await page.keyboard.type(key);
    // A person types a key every ~150 ms; each key gets its own frame.
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  // Keys faster than 16 ms are not reported: they count as 16 (under every limit).
  const timed = await page.evaluate(() => window.__keyDurations);
  return [...timed, ...Array(Math.max(0, KEYS.length - timed.length)).fill(16)];
}

async function openPage(browser, url) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const cdp = await page.createCDPSession();
  // Not network idle: the signed-in screen holds its live streams open.
  await page.goto(url, { waitUntil: 'load' });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

/** Click a row, then frames until the thread's first message is a new element: the milliseconds. */
async function switchTo(page, ticketId) {
  return page.evaluate(
    (id) =>
      new Promise((resolve) => {
        const before = document.querySelector('[data-testid=message]');
        const row = document.querySelector(`[data-testid=ticket-item][data-ticket-id="${id}"]`);
        if (!row) throw new Error(`ticket ${id} is not in the list`);
        const t0 = performance.now();
        row.click();
        const check = () => {
          const first = document.querySelector('[data-testid=message]');
          if (first && first !== before) {
            // The frame after the change is the one that shows it.
            requestAnimationFrame(() => resolve(performance.now() - t0));
            return;
          }
          requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    ticketId,
  );
}

/**
 * Runs `work`, recording a Chromium trace of it into `<traceDir>/<name>.json` when a
 * folder is given (BENCH_TRACE; open it in DevTools' Performance panel). Tracing slows
 * the page: a traced run's figures are for finding causes, not for the table.
 */
async function traced(page, traceDir, name, work) {
  if (!traceDir) return work();
  await page.tracing.start({ path: path.join(traceDir, `${name}.json`) });
  try {
    return await work();
  } finally {
    await page.tracing.stop();
  }
}

/** Scrolls the thread up and down for `seconds`: frames a second and the long tasks meanwhile. */
async function scrollAndTime(page, seconds) {
  return page.evaluate(
    (ms) =>
      new Promise((resolve) => {
        const scroller = document.querySelector('[data-testid=message-scroll]');
        const longTasks = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longTasks.push(entry.duration);
        });
        observer.observe({ type: 'longtask' });
        let frames = 0;
        let direction = -1;
        const t0 = performance.now();
        const step = (now) => {
          frames++;
          scroller.scrollTop += direction * 40;
          if (scroller.scrollTop <= 0) direction = 1;
          if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight) direction = -1;
          if (now - t0 < ms) requestAnimationFrame(step);
          else {
            observer.disconnect();
            resolve({ fps: (frames * 1000) / (now - t0), longTasks });
          }
        };
        requestAnimationFrame(step);
      }),
    seconds * 1000,
  );
}

export async function interactions({ baseUrl, staffCookie, traceDir }) {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: tempDir('bench-interactions-'),
    args: BROWSER_FLAGS,
  });
  const bare = await startBarePage();
  try {
    log(`interaction: typing floor on a bare page, ${CPU_SLOWDOWN}× slowdown`);
    const barePage = await openPage(browser, bare.url);
    await barePage.focus('textarea');
    const floorKeys = await typeAndTime(barePage);
    await barePage.close();

    await signInBrowser(browser, baseUrl, staffCookie);
    const page = await openPage(browser, `${baseUrl}/contact`);
    // The desk's first two tickets in its „Wszystkie” view.
    // The desk comes rendered from the server and is inert until it has hydrated
    // (docs/web-app.md): wait for that, as a person waits for the screen to respond.
    await page.waitForSelector('main:not([inert])');
    await page.evaluate(() => {
      const tabs = [...document.querySelectorAll('fieldset button')];
      tabs.find((tab) => tab.textContent?.trim().startsWith('Wszystkie'))?.click();
    });
    await page.waitForFunction(() =>
      [...document.querySelectorAll('fieldset button[aria-pressed=true]')].some((tab) =>
        tab.textContent?.trim().startsWith('Wszystkie'),
      ),
    );
    await page.waitForSelector('[data-testid=ticket-item]');
    const [first, second] = await page.$$eval('[data-testid=ticket-item]', (rows) =>
      rows.slice(0, 2).map((row) => Number(row.getAttribute('data-ticket-id'))),
    );
    const switches = [];
    for (let i = 0; i < SWITCHES + 2; i++) {
      const ms = await switchTo(page, i % 2 === 0 ? first : second);
      // The first visit of each ticket is cold; the figure is warm.
      if (i >= 2) switches.push(ms);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await page.close();

    // Typing and scrolling in the long thread.
    const thread = await openPage(browser, `${baseUrl}/contact?ticket=${THREAD_TICKET_ID}`);
    await thread.waitForSelector('[data-testid=message]');
    // Typed before the screen has hydrated, keys would go nowhere (it is inert until then).
    await thread.waitForSelector('main:not([inert])');
    await thread.focus('textarea');
    const keys = await traced(thread, traceDir, 'typing', () => typeAndTime(thread));
    const scroll = await traced(thread, traceDir, 'scroll', () => scrollAndTime(thread, 3));
    await thread.close();

    const floorP95 = p95(floorKeys);
    const keyLimit = Math.max(
      INTERACTION_TARGETS.keyMs,
      round(floorP95 * INTERACTION_TARGETS.keyFloorRatio, 0),
    );
    const result = {
      cpuSlowdown: CPU_SLOWDOWN,
      switchTicket: {
        tickets: [first, second],
        runs: switches.map((v) => round(v, 0)),
        p95: p95(switches),
      },
      typing: {
        keys: keys.length,
        p95: p95(keys),
        floorP95,
        limitMs: keyLimit,
        thread: THREAD_TICKET_ID,
      },
      scroll: {
        fps: round(scroll.fps, 1),
        longTasks: scroll.longTasks.length,
        longestTaskMs: round(Math.max(0, ...scroll.longTasks), 0),
      },
    };
    log(
      `ticket switch p95 ${result.switchTicket.p95} ms; typing input-to-paint p95 ${result.typing.p95} ms (floor ${floorP95} ms, limit ${keyLimit} ms); scroll ${result.scroll.fps} fps, ${result.scroll.longTasks} long tasks (longest ${result.scroll.longestTaskMs} ms)`,
    );
    return result;
  } finally {
    await bare.close();
    await browser.close();
  }
}
