import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { acceptCookies, expect, THEMES, test } from '../fixtures';

/**
 * Pages checked with axe in both themes. Add your pages here: a name, the path,
 * and optionally `ready` (wait until the content is there) and `exclude`
 * (selectors axe should skip, with a comment saying why).
 */
interface A11yPage {
  name: string;
  path: string;
  ready?: (page: Page) => Promise<void>;
  exclude?: string[];
}

const A11Y_PAGES: A11yPage[] = [
  {
    name: 'home',
    path: '/',
    ready: async (page) => {
      await expect(page.locator('[data-strips]')).toHaveAttribute('data-state', 'ready');
    },
  },
  {
    name: 'not-found',
    path: '/ta-strona-nie-istnieje',
    ready: async (page) => {
      await expect(page.locator('[data-not-found-path]')).toContainText('/ta-strona');
    },
  },
  {
    // Logged out (the logged-in screen is checked in contact.spec.ts, which registers a user).
    name: 'contact',
    path: '/contact',
    ready: async (page) => {
      await expect(page.getByRole('link', { name: 'Zaloguj się' })).toBeVisible();
    },
  },
];

for (const target of A11Y_PAGES) {
  for (const theme of THEMES) {
    test(`${target.name} has no axe violations in the ${theme} theme`, async ({ page }) => {
      await acceptCookies(page);
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto(target.path);
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
      if (target.ready) await target.ready(page);
      let builder = new AxeBuilder({ page });
      for (const selector of target.exclude ?? []) builder = builder.exclude(selector);
      const results = await builder.analyze();
      const summary = results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      }));
      expect(summary).toEqual([]);
    });
  }
}

test('the cookie notice has no axe violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Informacja o plikach cookie' })).toBeVisible();
  const results = await new AxeBuilder({ page }).include('[data-cookie-notice]').analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
