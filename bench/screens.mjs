// The signed-in screens on a phone (issue 34): Lighthouse's mobile profile, as
// for the public pages (pages.mjs), on the Kontakt screen of a customer with 20
// tickets and a 200-message thread and on the staff workspace over 10,000
// tickets, each signed in with a real session. Compared with the limit page of
// the same run, like the public pages.
import puppeteer from 'puppeteer-core';
import { signInBrowser } from './lib/browser.mjs';
import { login } from './lib/login.mjs';
import { THREAD_OWNER_EMAIL, THREAD_TICKET_ID } from './lib/seed.mjs';
import { log } from './lib/util.mjs';
import { measureLimitPage, routeFigures, runRoute } from './pages.mjs';

const CUSTOMER_TICKETS = 20;

/** Signed-in targets, as issue 34 states them. */
export const SCREEN_TARGETS = {
  lcpRatio: 1.6,
  performance: 95,
  tbtMs: 150,
  cls: 0.02,
};

export const SCREENS = [
  { id: 'customer-list', who: 'customer', path: '/contact', label: 'Kontakt, customer: the list' },
  {
    id: 'customer-thread',
    who: 'customer',
    path: `/contact?ticket=${THREAD_TICKET_ID}`,
    label: 'Kontakt, customer: the 200-message thread',
  },
  { id: 'staff-desk', who: 'staff', path: '/contact', label: 'Staff workspace: the desk' },
  {
    id: 'staff-thread',
    who: 'staff',
    path: `/contact?ticket=${THREAD_TICKET_ID}`,
    label: 'Staff workspace: the 200-message thread',
  },
];

/**
 * The seed gives each customer 10 tickets; the measured customer gets 10 more
 * through the API, as a person writes them (10 an hour is the product's limit).
 */
async function topUpCustomerTickets(baseUrl, cookie) {
  const mine = await fetch(`${baseUrl}/api/tickets?limit=100`, { headers: { cookie } });
  const { tickets } = await mine.json();
  for (let n = tickets.length; n < CUSTOMER_TICKETS; n++) {
    const response = await fetch(`${baseUrl}/api/tickets`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({
        body: `Zgłoszenie numer ${n + 1}: strona sklepu ładuje się wolno na telefonie, proszę o sprawdzenie.`,
      }),
    });
    if (!response.ok) throw new Error(`new ticket: ${response.status} ${await response.text()}`);
  }
}

/** Puts the session in the browser Lighthouse drives (Lighthouse never clears cookies). */
function signIn(baseUrl, cookie) {
  return async (port) => {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
    try {
      await signInBrowser(browser, baseUrl, cookie);
    } finally {
      await browser.disconnect();
    }
  };
}

/**
 * BENCH_ONLY=interactions: the interaction runs alone, printed (run.mjs writes nothing),
 * traced into `traceDir` when BENCH_TRACE names one.
 */
export async function interactionTrial({ baseUrl, traceDir }) {
  const { interactions } = await import('./interactions.mjs');
  return interactions({ baseUrl, staffCookie: await login(baseUrl), traceDir });
}

export async function signedInScreens({ baseUrl, webDir, runs = 3 }) {
  const cookies = {
    customer: await login(baseUrl, THREAD_OWNER_EMAIL),
    staff: await login(baseUrl),
  };
  await topUpCustomerTickets(baseUrl, cookies.customer);
  const { limit, browser } = await measureLimitPage(runs);
  const screens = {};
  for (const screen of SCREENS) {
    const results = await runRoute(`${baseUrl}${screen.path}`, screen.id, baseUrl, runs, {
      prepare: signIn(baseUrl, cookies[screen.who]),
    });
    const figures = routeFigures(results, { route: screen.path, baseUrl, webDir, limit });
    screens[screen.id] = { label: screen.label, path: screen.path, who: screen.who, ...figures };
    log(
      `${screen.id}: perf ${figures.performance} (${figures.performanceRuns.join('/')}), LCP ${figures.lcpMs} ms (${figures.lcpRatio} × limit), TBT ${figures.tbtMs} ms, CLS ${figures.cls}, JS ${figures.jsGzipKB} KB gzip; LCP element ${figures.lcpElement}`,
    );
  }
  const { interactions } = await import('./interactions.mjs');
  const interaction = await interactions({ baseUrl, staffCookie: cookies.staff });
  return {
    runsPerScreen: runs,
    targets: SCREEN_TARGETS,
    browser,
    limit,
    screens,
    interaction,
  };
}
