import type { Page } from '@playwright/test';
import { acceptCookies, expect, shotAll, test } from '../fixtures';

/** Transforms of the three strip tracks, read twice with `frames` animation frames between. */
async function trackTransformsAcrossFrames(page: Page, frames: number) {
  return page.evaluate(async (count) => {
    const read = () =>
      // The computed transform: the tracks move by animations the compositor runs (issue 34).
      [...document.querySelectorAll<HTMLElement>('[data-strip] > div')].map(
        (track) => getComputedStyle(track).transform,
      );
    const before = read();
    for (let i = 0; i < count; i++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    return { before, after: read() };
  }, frames);
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('the prerendered HTML carries the hero before any script runs', async ({ request }) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<html lang="pl"');
  expect(html).toContain('Tworzymy oprogramowanie');
  expect(html).toContain('Zobacz naszą pracę');
  expect(html).toContain('Poznaj zespół');
  expect(html).toContain('Czysty kod');
  expect(html).toMatch(/<title>[^<]*Nasze Studio[^<]*<\/title>/);
  expect(html).toContain('<meta name="description"');
  expect(html).toContain('<meta property="og:locale" content="pl_PL"');
  expect(html).toMatch(/<link rel="canonical" href="[^"]+\/"/);
  expect(html).toContain('rel="icon"');
});

test('robots.txt and sitemap.xml list the public pages', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  for (const path of ['/team', '/projects', '/roadmap', '/terms-and-conditions']) {
    expect(xml).toContain(`${path}</loc>`);
  }
});

test('shows the hero, its buttons and the three feature cards', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Nasze Studio/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tworzymy oprogramowanie');
  for (const title of ['Czysty kod', 'Szybka realizacja', 'Duch zespołu']) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Zobacz naszą pracę' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await page.goBack();
  await page.getByRole('link', { name: 'Poznaj zespół' }).click();
  await expect(page).toHaveURL(/\/team$/);
});

test('the image strips fade in after preloading and scroll in their directions', async ({
  page,
}) => {
  await page.goto('/');
  const strips = page.locator('[data-strips]');
  await expect(strips).toHaveAttribute('data-state', 'ready');
  await expect(strips).toHaveCSS('opacity', '1');
  const directions = await page
    .locator('[data-strip]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-direction')));
  expect(directions).toEqual(['left', 'right', 'left']);
  // Every image comes from the pool of 18 and a strip never shows the same image twice in a row.
  const sources = await page
    .locator('[data-strip]')
    .evaluateAll((nodes) =>
      nodes.map((n) => [...n.querySelectorAll('img')].map((img) => img.getAttribute('src'))),
    );
  for (const strip of sources) {
    for (const src of strip) expect(src).toMatch(/^\/images\/strips\/(0[1-9]|1[0-8])\.webp$/);
    for (let i = 1; i < strip.length; i++) expect(strip[i]).not.toBe(strip[i - 1]);
  }
  await expect(strips).toHaveAttribute('data-animating', 'true');
  const { before, after } = await trackTransformsAcrossFrames(page, 10);
  expect(after).toHaveLength(3);
  for (let i = 0; i < 3; i++) expect(after[i]).not.toBe(before[i]);
});

test('the feature cards tilt on hover and settle on leave', async ({ page }) => {
  await page.goto('/');
  const card = page.locator('[data-hover-tilt="on"]').first();
  await expect(card).toBeVisible();
  const box = await card.boundingBox();
  if (!box) throw new Error('card has no box');
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.2);
  await page.mouse.move(box.x + box.width * 0.85, box.y + box.height * 0.25);
  await expect(card).toHaveAttribute('data-tilting', 'true');
  expect(await card.evaluate((el) => el.style.transform)).toContain('scale3d(1.07');
  await page.mouse.move(0, 400);
  await expect(card).not.toHaveAttribute('data-tilting', 'true');
});

test('the animated backdrop stays the static gradient on a software-only WebGL', async ({
  page,
}) => {
  // The test browser has no GPU: WebGL runs on SwiftShader, which counts as too weak.
  await page.goto('/');
  await expect(page.locator('[data-backdrop="static"]')).toBeVisible();
  const layer = page.locator('[data-backdrop="webgl"]');
  await expect(layer).toBeAttached();
  await expect(layer).not.toHaveAttribute('data-webgl', 'unknown');
  const webgl = await layer.getAttribute('data-webgl');
  if (webgl !== 'ok') await expect(layer.locator('canvas')).toHaveCount(0);
});

test('the WebGL backdrop runs in the lite tier on this machine once allowed', async ({ page }) => {
  await page.addInitScript(() => {
    (window as { __backdropAllowSoftwareGl?: boolean }).__backdropAllowSoftwareGl = true;
  });
  await page.goto('/');
  const layer = page.locator('[data-backdrop="webgl"]');
  await expect(layer).not.toHaveAttribute('data-webgl', 'unknown');
  test.skip((await layer.getAttribute('data-webgl')) !== 'ok', 'no WebGL in this browser');
  // Two cores and no touch: the lite tier (SPEC §9).
  await expect(layer).toHaveAttribute('data-tier', 'lite');
  await expect(layer.locator('canvas')).toHaveCount(1);
  await expect(layer).toHaveAttribute('data-state', 'running');
  await expect(layer).toHaveCSS('opacity', '1');
  // Lite renders at a reduced resolution: pixel ratio min(dpr × 0.55, 1.1) × 0.6.
  const size = await layer.locator('canvas').evaluate((canvas: HTMLCanvasElement) => ({
    width: canvas.width,
    cssWidth: canvas.clientWidth,
  }));
  expect(size.width).toBeLessThan(size.cssWidth * 0.6);

  // A hidden tab stops the animation; showing it again resumes.
  const setHidden = (hidden: boolean) =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'hidden', { value, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  await setHidden(true);
  await expect(layer).toHaveAttribute('data-state', 'paused');
  await setHidden(false);
  await expect(layer).toHaveAttribute('data-state', 'running');
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the backdrop is the static gradient and the strips stand still', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-backdrop="static"]')).toBeVisible();
    const layer = page.locator('[data-backdrop="webgl"]');
    await expect(layer).toBeAttached();
    await expect(layer).toHaveAttribute('data-tier', 'static');
    await expect(layer.locator('canvas')).toHaveCount(0);

    const strips = page.locator('[data-strips]');
    await expect(strips).toHaveAttribute('data-state', 'ready');
    await expect(strips).toHaveAttribute('data-animating', 'false');
    const { before, after } = await trackTransformsAcrossFrames(page, 10);
    expect(after).toEqual(before);
    await expect(page.locator('[data-hover-tilt="off"]')).toHaveCount(3);
    await expect(page.locator('[data-target-cursor]')).toHaveCount(0);
  });
});

test('screenshots of the home page', async ({ page }) => {
  await shotAll(page, 'home', '/', async (p) => {
    await expect(p.locator('[data-strips]')).toHaveAttribute('data-state', 'ready');
    await expect(p.locator('[data-strips]')).toHaveCSS('opacity', '1');
  });
});
