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
  // Staff reports as a logged-out visitor sees them (the login prompt); staff's view is
  // checked in reports.spec.ts.
  {
    name: 'contact-stats-logged-out',
    path: '/contact/stats',
    ready: async (page) => {
      await expect(page.getByRole('link', { name: 'Zaloguj się' })).toBeVisible();
    },
  },
  // „Zespół” (staff rights) logged out; the admin's view is checked in staff-team.spec.ts.
  {
    name: 'contact-team-logged-out',
    path: '/contact/team',
    ready: async (page) => {
      await expect(page.getByRole('link', { name: 'Zaloguj się' })).toBeVisible();
    },
  },
  // „Stan systemu” logged out; the admin's view (with „Pierwsze kroki”) is checked in first-run.spec.ts.
  {
    name: 'contact-status-logged-out',
    path: '/contact/status',
    ready: async (page) => {
      await expect(page.getByRole('link', { name: 'Zaloguj się' })).toBeVisible();
    },
  },
  // Public pages: team (also with the profile dialog open), projects, roadmap, terms.
  {
    name: 'team',
    path: '/team',
    ready: async (page) => {
      await expect(page.getByTestId('logo-loop')).not.toHaveAttribute('data-static', 'true');
    },
  },
  {
    name: 'team-profile-dialog',
    path: '/team',
    ready: async (page) => {
      await expect(page.getByTestId('logo-loop')).not.toHaveAttribute('data-static', 'true');
      await page.getByRole('button', { name: /Zobacz pełny profil.*Jakub/ }).click();
      await expect(page.getByRole('dialog', { name: 'Jakub Nowicki' })).toBeVisible();
    },
  },
  {
    name: 'projects',
    path: '/projects',
    ready: async (page) => {
      // Hovering stops autoplay so axe does not look at a slide mid-transition.
      await expect(page.getByTestId('carousel')).toHaveAttribute('data-autoplay', 'on');
      await page.getByTestId('carousel').hover();
      await expect(page.getByTestId('carousel')).toHaveAttribute('data-autoplay', 'off');
    },
  },
  {
    name: 'roadmap',
    path: '/roadmap',
    ready: async (page) => {
      await expect(page.getByText('Roadmapa • 2025+')).toBeVisible();
    },
  },
  ...(['', '#privacy', '#dmca'] as const).map(
    (hash): A11yPage => ({
      name: `terms${hash.replace('#', '-')}`,
      path: `/terms-and-conditions${hash}`,
      ready: async (page) => {
        await expect(page.getByTestId('legal-document')).toHaveAttribute('data-hash-read', 'true');
      },
    }),
  ),
  {
    // Logged out (the logged-in screen is checked in contact.spec.ts, which registers a user).
    name: 'contact',
    path: '/contact',
    ready: async (page) => {
      await expect(page.getByRole('link', { name: 'Zaloguj się' })).toBeVisible();
    },
  },
  // Account screens, logged out (profile and 2FA pages, the filled verify-email
  // screen and the 2FA login step are checked in auth.spec.ts, which registers a user).
  ...(
    [
      ['login', '/login', 'Logowanie'],
      ['register', '/register', 'Rejestracja'],
      ['verify-email-without-state', '/verify-email', 'Weryfikacja email'],
      ['forgot-password', '/forgot-password', 'Nie pamiętasz hasła?'],
      ['forgot-password-sent', '/forgot-password/sent', 'Sprawdź skrzynkę'],
      ['forgot-password-sent-profile', '/forgot-password/sent?source=profile', 'Sprawdź skrzynkę'],
      ['reset-password', '/reset-password?token=abc', 'Zmiana hasła'],
      ['reset-password-without-token', '/reset-password', 'Zmiana hasła'],
      // „To nie ja” (DESIGN.md §7.7): the explanation before the button; the locked and
      // refused states are checked in account-takeover.spec.ts.
      ['security-lock', '/security/lock?token=abcdefghijklmnopqrstuvwxyz', 'To nie ja'],
      ['security-lock-without-token', '/security/lock', 'To nie ja'],
    ] as const
  ).map(
    ([name, path, heading]): A11yPage => ({
      name,
      path,
      ready: async (page) => {
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
          timeout: 30_000,
        });
      },
    }),
  ),
  // Signature generator, idle and with the department list open (the custom listbox).
  ...([false, true] as const).map(
    (isOpen): A11yPage => ({
      name: isOpen ? 'signatures-listbox-open' : 'signatures',
      path: '/podpisy',
      ready: async (page) => {
        await expect(page.getByTestId('signature-canvas')).not.toHaveAttribute('data-rendered', '');
        if (!isOpen) return;
        await page.getByRole('combobox', { name: 'Departament' }).click();
        await expect(page.getByRole('listbox', { name: 'Departament' })).toBeVisible();
      },
    }),
  ),
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
