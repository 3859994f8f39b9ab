import { type Page, SHOT_WIDTHS, settle, shot, THEMES, type Theme } from './fixtures';

/*
 * Screenshots of a logged-in screen at 1280 and 390 px in both themes, for
 * specs that cannot use `shotAll` (its reload would lose state the `ready`
 * step builds, e.g. an open dialog). Shared by contact.spec.ts and
 * staff-workspace.spec.ts.
 */

/**
 * Sets the theme on the page as it is, without reloading, and lets the colour
 * transitions it starts finish: axe measuring a button half-way between the
 * themes reported a contrast failure no one ever sees (CI, 2026-11-28).
 */
export async function setTheme(page: Page, theme: Theme) {
  await page.evaluate((value) => {
    localStorage.setItem('theme', value);
    document.documentElement.classList.toggle('dark', value === 'dark');
  }, theme);
  await settle(page);
}

/** `after` runs once the shot is taken (e.g. an axe check of the same state). */
export async function shotsOf(
  page: Page,
  name: string,
  url: string,
  ready: (page: Page) => Promise<void>,
  after?: (page: Page, width: number) => Promise<void>,
) {
  for (const theme of THEMES) {
    for (const width of SHOT_WIDTHS) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      await page.goto(url);
      await setTheme(page, theme);
      await ready(page);
      await shot(page, `${name}-${width}-${theme}`);
      if (after) await after(page, width);
    }
  }
}
