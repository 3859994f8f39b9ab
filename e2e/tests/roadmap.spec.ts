import { expect, shotAll, test } from '../fixtures';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('nd_cookie_notice', 'shown'));
});

test('roadmap shows the badge, headline, contact button and the four stats', async ({ page }) => {
  await page.goto('/roadmap');
  await expect(page.getByText('Roadmapa • 2025+')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Skontaktuj się z nami' })).toHaveAttribute(
    'href',
    '/contact',
  );
  await expect(page.getByTestId('roadmap-stat')).toHaveText([
    /6\+.*wdrożonych produktów/,
    /2.*aktywne partnerstwa/,
    /24\+.*technologii/,
    /2.*open source/,
  ]);
});

test('timeline has three stages with statuses, a legend and struck-through completed highlights', async ({
  page,
}) => {
  await page.goto('/roadmap');
  const stages = page.getByTestId('roadmap-stage');
  await expect(stages).toHaveCount(3);
  await expect(stages.nth(0)).toContainText('Q1 2025');
  await expect(stages.nth(0)).toContainText('Stabilizacja fundamentów');
  await expect(stages.nth(0)).toContainText('Zakończone');
  await expect(stages.nth(1)).toContainText('Q2 2025');
  await expect(stages.nth(1)).toContainText('Skalowanie usług');
  await expect(stages.nth(1)).toContainText('W realizacji');
  await expect(stages.nth(2)).toContainText('Q3 2025');
  await expect(stages.nth(2)).toContainText('Ekspansja doświadczeń');
  await expect(stages.nth(2)).toContainText('Planowane');

  const legend = page.getByRole('list', { name: 'Legenda statusów' });
  await expect(legend.getByRole('listitem')).toHaveText([
    'Zakończone',
    'W realizacji',
    'Planowane',
  ]);

  const done = page.locator('[data-completed="true"]');
  const open = page.locator('[data-completed="false"]');
  expect(await done.count()).toBeGreaterThan(0);
  for (const item of await done.all()) {
    await expect(item.locator('s')).toHaveCSS('text-decoration-line', 'line-through');
    await expect(item.locator('svg circle[fill="currentColor"]')).toHaveCount(1);
  }
  for (const item of await open.all()) await expect(item.locator('s')).toHaveCount(0);
});

test('focus areas list the four pillars', async ({ page }) => {
  await page.goto('/roadmap');
  const section = page.getByRole('region', { name: 'Obszary koncentracji' });
  await expect(section.getByRole('heading', { level: 3 })).toHaveText([
    'Modułowe produkty',
    'Mierzalne rezultaty',
    'Długoterminowe partnerstwa',
    'Laboratorium R&D',
  ]);
});

test('screenshots of the roadmap page', async ({ page }) => {
  await shotAll(page, 'roadmap', '/roadmap');
});
