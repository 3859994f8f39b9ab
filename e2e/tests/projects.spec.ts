import { expect, type Page, shotAll, test } from '../fixtures';

const carousel = (page: Page) => page.getByTestId('carousel');
const slides = (page: Page) => page.locator('[aria-roledescription="slajd"]');

/** Autoplay switches on only after hydration (the prerendered HTML assumes reduced motion). */
async function hydrated(page: Page) {
  await expect(carousel(page)).toHaveAttribute('data-autoplay', 'on');
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('nd_cookie_notice', 'shown'));
});

test('projects page shows six slides with status, year, title, description and tags', async ({
  page,
}) => {
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Nasze projekty' })).toBeVisible();
  await expect(slides(page)).toHaveCount(6);
  const first = slides(page).first();
  await expect(first.getByTestId('project-status')).toHaveText('Zakończona');
  await expect(first).toContainText('2025');
  await expect(first.getByRole('heading', { name: 'Strona naszego studia' })).toBeVisible();
  await expect(first.getByRole('list', { name: 'Technologie' }).getByRole('listitem')).toHaveCount(
    5,
  );
  await expect(slides(page).nth(2).getByTestId('project-status')).toHaveText('W Trakcie');
  // Only the first slide's picture loads eagerly.
  await expect(first.locator('img')).toHaveAttribute('loading', 'eager');
  await expect(slides(page).nth(1).locator('img')).toHaveAttribute('loading', 'lazy');
  await expect(slides(page).nth(1).locator('img')).toHaveAttribute('srcset', /-640\.webp 640w/);

  await expect(page.getByRole('heading', { name: 'Masz projekt w głowie?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zacznij nowy projekt' })).toHaveAttribute(
    'href',
    '/contact',
  );
});

test('buttons are hidden when a link is empty or #', async ({ page }) => {
  await page.goto('/projects');
  const buttons = async (i: number) => ({
    site: await slides(page).nth(i).locator('a', { hasText: 'Odwiedź projekt' }).count(),
    repo: await slides(page).nth(i).locator('a', { hasText: 'Repozytorium GitHub' }).count(),
  });
  expect(await buttons(0)).toEqual({ site: 1, repo: 0 }); // github ''
  expect(await buttons(1)).toEqual({ site: 0, repo: 1 }); // link '#'
  expect(await buttons(2)).toEqual({ site: 0, repo: 1 }); // link ''
  expect(await buttons(4)).toEqual({ site: 1, repo: 0 }); // github '#'
  expect(await buttons(5)).toEqual({ site: 0, repo: 0 }); // both empty
  await expect(
    slides(page).nth(1).locator('a', { hasText: 'Repozytorium GitHub' }),
  ).toHaveAttribute('target', '_blank');
});

test('dots jump to a slide and arrow keys move and wrap', async ({ page }) => {
  await page.goto('/projects');
  await hydrated(page);
  await page.getByRole('button', { name: /Przejdź do slajdu 4:/ }).click();
  await expect(carousel(page)).toHaveAttribute('data-index', '3');
  await expect(page.getByRole('button', { name: /Przejdź do slajdu 4:/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(slides(page).nth(3)).toHaveAttribute('data-active', 'true');
  await expect(slides(page).nth(3).getByRole('heading')).toBeInViewport();

  await page.keyboard.press('ArrowRight');
  await expect(carousel(page)).toHaveAttribute('data-index', '4');
  await page.keyboard.press('End');
  await expect(carousel(page)).toHaveAttribute('data-index', '5');
  await page.keyboard.press('ArrowRight');
  await expect(carousel(page)).toHaveAttribute('data-index', '0');
  await page.keyboard.press('ArrowLeft');
  await expect(carousel(page)).toHaveAttribute('data-index', '5');
});

test('dragging left goes to the next slide, dragging right to the previous one', async ({
  page,
}) => {
  await page.goto('/projects');
  await hydrated(page);
  const box = await carousel(page).boundingBox();
  if (!box) throw new Error('no carousel');
  const y = box.y + box.height / 3;
  const drag = async (from: number, to: number) => {
    await page.mouse.move(from, y);
    await page.mouse.down();
    await page.mouse.move((from + to) / 2, y, { steps: 4 });
    await page.mouse.move(to, y, { steps: 4 });
    await page.mouse.up();
  };
  await drag(box.x + box.width * 0.7, box.x + box.width * 0.4);
  await expect(carousel(page)).toHaveAttribute('data-index', '1');
  await drag(box.x + box.width * 0.3, box.x + box.width * 0.6);
  await expect(carousel(page)).toHaveAttribute('data-index', '0');
  // From the first slide a drag to the right wraps to the last.
  await drag(box.x + box.width * 0.3, box.x + box.width * 0.6);
  await expect(carousel(page)).toHaveAttribute('data-index', '5');
});

test('autoplay advances every 4 s, pauses while hovered and wraps to the first slide', async ({
  page,
}) => {
  // A paused fake clock: timers fire only when the test moves time forward.
  await page.clock.install({ time: new Date('2025-03-01T10:00:00Z') });
  await page.clock.pauseAt(new Date('2025-03-01T10:00:01Z'));
  await page.goto('/projects');
  await hydrated(page);
  await page.mouse.move(2, 400);
  await page.clock.runFor(4000);
  await expect(carousel(page)).toHaveAttribute('data-index', '1');

  // Raw mouse moves and events only: with a paused clock there are no animation frames,
  // and Playwright's actionability checks (hover(), click()) wait for one.
  const box = await carousel(page).boundingBox();
  if (!box) throw new Error('no carousel');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(carousel(page)).toHaveAttribute('data-autoplay', 'off');
  await page.clock.runFor(6000);
  await expect(carousel(page)).toHaveAttribute('data-index', '1');

  await page.mouse.move(2, 400);
  await expect(carousel(page)).toHaveAttribute('data-autoplay', 'on');
  await page.clock.runFor(4000);
  await expect(carousel(page)).toHaveAttribute('data-index', '2');

  // Jump to the last slide (without hovering or focusing the carousel) and let autoplay wrap.
  await page.getByRole('button', { name: /Przejdź do slajdu 6:/ }).dispatchEvent('click');
  await expect(carousel(page)).toHaveAttribute('data-index', '5');
  await expect(carousel(page)).toHaveAttribute('data-autoplay', 'on');
  await page.clock.runFor(4000);
  await expect(carousel(page)).toHaveAttribute('data-index', '0');
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });
  test('autoplay stays off', async ({ page }) => {
    await page.goto('/projects');
    await page.getByRole('button', { name: /Przejdź do slajdu 2:/ }).click();
    await expect(carousel(page)).toHaveAttribute('data-index', '1');
    await expect(carousel(page)).toHaveAttribute('data-autoplay', 'off');
  });
});

test('on a phone the carousel is 320 px wide and 500 px tall', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/projects');
  const box = await carousel(page).boundingBox();
  expect(box?.width).toBe(320);
  expect(box?.height).toBe(500);
  await page.setViewportSize({ width: 1280, height: 800 });
  const wide = await carousel(page).boundingBox();
  expect(wide?.width).toBe(1200);
  expect(wide?.height).toBe(600);
});

test('screenshots of the projects page', async ({ page }) => {
  await shotAll(page, 'projects', '/projects', async (p) => {
    await expect(slides(p).first().locator('img')).toHaveJSProperty('complete', true);
  });
});
