import { ensureAdmin } from '../accounts';
import { acceptCookies, expect, type Page, test } from '../fixtures';

/*
 * Link purpose (WCAG 2.4.4, 3.2.4): a link's name says where it goes, so two
 * links that share a name lead to the same place — on one page and across the
 * site. The staff workspace's „Zespół” once went to /contact/team while the
 * site menu's „Zespół” (SPEC §2) goes to the studio's people at /team.
 */

test.describe.configure({ timeout: 120_000 });

const PUBLIC_PAGES = ['/', '/team', '/projects', '/roadmap', '/terms-and-conditions', '/podpisy'];
const SIGNED_OUT_PAGES = ['/contact', '/login', '/register'];
/** Staff pages; their lists (tickets, mails, people) are other tests' data, so only the site's and the workspace's navigation is read. */
const STAFF_PAGES = [
  '/contact',
  '/contact/stats',
  '/contact/team',
  '/contact/mailbox',
  '/contact/status',
  '/profile',
];
const NAVIGATION = 'header, nav, footer, #workspace-links';

type Links = Map<string, Set<string>>;

/**
 * The links as assistive technology has them (name and address, hidden ones
 * left out), from the accessibility tree of `scope`. An address is the page
 * (path and query) on this site: a fragment is a place on that page (the menu's
 * „Regulamin” opens the terms at #creator, the forms' at the top); an in-page
 * jump (`#content`, or the menu's „Regulamin” on the terms page) is its fragment.
 */
async function linksOf(page: Page, scope: string): Promise<Array<[string, string]>> {
  const found: Array<[string, string]> = [];
  for (const part of await page.locator(scope).all()) {
    const lines = (await part.ariaSnapshot()).split('\n');
    lines.forEach((line, index) => {
      const link = /^(\s*)- link "((?:[^"\\]|\\.)*)"/.exec(line);
      if (!link) return;
      const indent = link[1]?.length ?? 0;
      for (const next of lines.slice(index + 1)) {
        const depth = /^(\s*)/.exec(next)?.[1]?.length ?? 0;
        if (depth <= indent) break;
        const url = /^\s*- \/url: (.+)$/.exec(next)?.[1];
        if (!url) continue;
        const address = url.startsWith('#') ? url : addressOf(url, page.url());
        found.push([JSON.parse(`"${link[2]}"`), address]);
        break;
      }
    });
  }
  return found;
}

function addressOf(href: string, base: string): string {
  const url = new URL(href.replace(/^"|"$/g, ''), base);
  const page = new URL(base);
  if (url.origin !== page.origin) return url.href;
  const onThisPage = url.pathname === page.pathname && url.search === page.search;
  return onThisPage && url.hash ? url.hash : `${url.pathname}${url.search}`;
}

async function collect(page: Page, links: Links, paths: string[], scope: string) {
  for (const path of paths) {
    await page.goto(path);
    // Hydrated (app/early-input.ts), and on the staff desk its lazily loaded bar is there.
    await page.waitForFunction(
      () => (window as { __earlyInput?: { done: boolean } }).__earlyInput?.done,
    );
    if (scope === NAVIGATION && path === '/contact') {
      await expect(page.locator('#workspace-links')).toBeAttached();
    }
    const onPage: Links = new Map();
    for (const [name, address] of await linksOf(page, scope)) {
      // A jump within the page (the skip link) is checked on its page only.
      const maps = address.startsWith('#') ? [onPage] : [links, onPage];
      for (const map of maps) {
        if (!map.has(name)) map.set(name, new Set());
        map.get(name)?.add(address);
      }
    }
    expect(ambiguous(onPage), `links on ${path}`).toEqual([]);
  }
}

/** Names that lead to more than one address, with them. */
function ambiguous(links: Links): string[] {
  return [...links]
    .filter(([, addresses]) => addresses.size > 1)
    .map(([name, addresses]) => `${name} → ${[...addresses].join(', ')}`);
}

test('no two links of one name lead to different places, on a page or across the site', async ({
  page,
}) => {
  await acceptCookies(page);
  const links: Links = new Map();
  await collect(page, links, [...PUBLIC_PAGES, ...SIGNED_OUT_PAGES], 'body');
  await ensureAdmin(page.request);
  await collect(page, links, STAFF_PAGES, NAVIGATION);
  // The staff workspace's bar was read (its team page is there).
  expect([...links.keys()]).toContain('Raporty');
  expect(ambiguous(links)).toEqual([]);
});
