import { acceptCookies, expect, shotAll, test } from '../fixtures';

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('the server answers an unknown path with status 404 and the not-found page', async ({
  request,
}) => {
  for (const path of ['/to-nie-istnieje', '/team/nieznany', '/404']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    const html = await response.text();
    expect(html).toContain('Wróć na stronę główną');
    expect(html).toContain('<meta name="robots" content="noindex"');
  }
});

test('shows the glitchy 404, the missing path and both buttons', async ({ page }) => {
  const response = await page.goto('/jakas/zla-sciezka');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('404');
  await expect(page.getByText('Nie znaleziono strony', { exact: true })).toBeVisible();
  await expect(page.locator('[data-not-found-path]')).toContainText('/jakas/zla-sciezka');
  await expect(page.locator('[data-not-found-path]')).toContainText('nie istnieje');
  await expect(page.locator('.glitch')).toHaveAttribute('data-text', '404');

  await page.getByRole('link', { name: 'Wróć na stronę główną' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tworzymy oprogramowanie');

  await page.goto('/nic-tu-nie-ma');
  await page.locator('main').getByRole('link', { name: 'Kontakt', exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test('the glitch grows stronger on hover', async ({ page }) => {
  await page.goto('/nic-tu-nie-ma');
  const glitch = page.locator('.glitch');
  const intensity = () =>
    glitch.evaluate((el) => getComputedStyle(el).getPropertyValue('--glitch').trim());
  expect(await intensity()).toBe('0.12');
  await glitch.hover();
  await expect.poll(intensity).toBe('0.35');
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });
  test('the 404 stands still', async ({ page }) => {
    await page.goto('/nic-tu-nie-ma');
    const layer = await page
      .locator('.glitch')
      .evaluate((el) => getComputedStyle(el, '::before').content);
    expect(layer).toBe('none');
  });
});

test('screenshots of the not-found page', async ({ page }) => {
  await shotAll(page, 'not-found', '/nie-ma-takiej-strony', async (p) => {
    await expect(p.locator('[data-not-found-path]')).toContainText('/nie-ma-takiej-strony');
  });
});
