import { fileURLToPath } from 'node:url';
import { expect, type Page, SHOT_WIDTHS, shotAll, THEMES, test } from '../fixtures';

/** The logo strip swaps its static first render for the moving one once React has hydrated. */
async function hydrated(page: Page) {
  await expect(page.getByTestId('logo-loop')).not.toHaveAttribute('data-static', 'true');
}

/** The browser normalises 0.000deg to 0deg in the style it reports. */
const NEUTRAL = /rotateX\(0(\.0+)?deg\) rotateY\(0(\.0+)?deg\)/;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('nd_cookie_notice', 'shown'));
});

test('team page shows both members with avatar, name, role and bio', async ({ page }) => {
  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Nasz Zespół' })).toBeVisible();
  const cards = page.getByTestId('member-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('Jakub Nowicki');
  await expect(cards.nth(0)).toContainText('Lead Full-Stack Developer');
  await expect(cards.nth(1)).toContainText('Zofia Markiewicz');
  await expect(cards.nth(1)).toContainText('UI/UX Designer');
  await expect(cards.nth(0).locator('img')).toHaveJSProperty('complete', true);
  // Two columns on a wide screen: the cards sit side by side, once their
  // staggered entrance has ended (measured mid-way they are a few px apart).
  await expect
    .poll(async () => {
      const [a, b] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
      return Math.abs((a?.y ?? 0) - (b?.y ?? 1));
    })
    .toBeLessThan(2);
});

test('profile dialog lists the skills and only the non-empty links, Escape closes it', async ({
  page,
}) => {
  await page.goto('/team');
  await hydrated(page);
  const open = page.getByRole('button', { name: /Zobacz pełny profil.*Jakub Nowicki/ });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Jakub Nowicki' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Technologie' })).toBeVisible();
  await expect(
    dialog.getByRole('list', { name: /^Technologie/ }).getByRole('listitem'),
  ).toHaveCount(26);
  await expect(dialog.getByRole('link', { name: /GitHub/ })).toHaveAttribute('target', '_blank');
  await expect(dialog.getByRole('link', { name: /LinkedIn/ })).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Twitter/ })).toHaveCount(0);

  // Tab stays inside the dialog.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  await page.getByRole('button', { name: /Zobacz pełny profil.*Zofia Markiewicz/ }).click();
  const second = page.getByRole('dialog', { name: 'Zofia Markiewicz' });
  await expect(
    second.getByRole('list', { name: /^Technologie/ }).getByRole('listitem'),
  ).toHaveCount(4);
  await expect(second.getByRole('link', { name: /GitHub/ })).toHaveCount(0);
  await expect(second.getByRole('link', { name: /LinkedIn/ })).toBeVisible();
  await expect(second.getByRole('link', { name: /Twitter/ })).toBeVisible();
  // The close button works too.
  await second.getByRole('button', { name: 'Zamknij', exact: true }).click();
  await expect(second).toBeHidden();
});

test('a failed avatar image is hidden instead of shown broken', async ({ page }) => {
  await page.route('**/images/team/zofia-markiewicz*', (route) => route.abort());
  await page.goto('/team');
  await hydrated(page);
  const cards = page.getByTestId('member-card');
  await expect(cards.nth(1).locator('img')).toHaveCount(0);
  await expect(cards.nth(1)).toContainText('Zofia Markiewicz');
  await expect(cards.nth(0).locator('img')).toHaveCount(1);
});

test('technology logos open in a new tab and the strip pauses on hover', async ({ page }) => {
  await page.goto('/team');
  await hydrated(page);
  const logos = page
    .getByRole('list', { name: 'Technologie, z których korzystamy' })
    .getByRole('link');
  await expect(logos).toHaveCount(24);
  for (const logo of await logos.all()) {
    await expect(logo).toHaveAttribute('target', '_blank');
    await expect(logo).toHaveAttribute('rel', /noopener/);
    await expect(logo).toHaveAttribute('href', /^https:\/\//);
  }
  const strip = page.getByTestId('logo-loop');
  await expect(strip).toHaveAttribute('data-paused', 'false');
  await strip.hover();
  await expect(strip).toHaveAttribute('data-paused', 'true');
  await page.mouse.move(5, 5);
  await expect(strip).toHaveAttribute('data-paused', 'false');
});

test('cards tilt with the pointer and return to neutral when it leaves', async ({ page }) => {
  await page.goto('/team');
  await hydrated(page);
  const card = page.getByTestId('member-card').first();
  const tilt = card.locator('xpath=..');
  const box = await card.boundingBox();
  if (!box) throw new Error('no card');
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.1, { steps: 5 });
  await expect(tilt).toHaveAttribute('data-tilting', 'true');
  await expect
    .poll(() => tilt.evaluate((el) => (el as HTMLElement).style.transform))
    .not.toMatch(NEUTRAL);
  await page.mouse.move(5, 5, { steps: 3 });
  await expect(tilt).toHaveAttribute('data-tilting', 'false');
  expect(await tilt.evaluate((el) => (el as HTMLElement).style.transform)).toMatch(NEUTRAL);
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the logos stand still and the cards do not tilt', async ({ page }) => {
    await page.goto('/team');
    const strip = page.getByTestId('logo-loop');
    await expect(strip).toHaveAttribute('data-static', 'true');
    await expect(strip.getByRole('link')).toHaveCount(24);
    const card = page.getByTestId('member-card').first();
    await card.hover();
    expect(
      await card.locator('xpath=..').evaluate((el) => (el as HTMLElement).style.transform),
    ).toBe('');
  });
});

test('screenshots of the team page', async ({ page }) => {
  await shotAll(page, 'team', '/team', async (p) => {
    await expect(p.getByTestId('member-card').first().locator('img')).toHaveJSProperty(
      'complete',
      true,
    );
  });
});

test('screenshots of the profile dialog', async ({ page }) => {
  for (const theme of THEMES) {
    for (const width of SHOT_WIDTHS) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto('/team');
      await hydrated(page);
      await page.getByRole('button', { name: /Zobacz pełny profil.*Jakub/ }).click();
      await expect(
        page.getByRole('dialog', { name: 'Jakub Nowicki' }).locator('img'),
      ).toHaveJSProperty('complete', true);
      // Viewport only: a full-page capture stretches the window and misplaces the fixed overlay.
      await page.screenshot({
        path: fileURLToPath(
          new URL(`../screenshots/team-dialog-${width}-${theme}.png`, import.meta.url),
        ),
      });
    }
  }
});
