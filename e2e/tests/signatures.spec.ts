import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
// Plain data with no imports: the list of fonts and the letters each one lacks.
import { SIGNATURE_FONTS } from '../../apps/web/src/features/signatures/signature-fonts';
import { acceptCookies, expect, shotAll, test } from '../fixtures';

const DEPARTMENTS = [
  ['lspd', 'Los Santos Police Department'],
  ['doj', 'Department of Justice'],
  ['aiad', 'Administrative & Internal Affairs Division'],
  ['dtu', 'Drug Trafficking Unit'],
  ['swat', 'Special Weapons and Tactics'],
  ['uwu', 'UwU Cat Café'],
  ['ems', 'Emergency Medical Services'],
  ['psychologist', 'Gabinet Psychologiczny'],
  ['attorney', 'Kancelaria Adwokacka'],
  ['Mia', 'Mia'],
  ['77customs', '77 Customs'],
  ['studio', 'Nasze Studio'],
] as const;

const FONTS = [
  ['HerrVonMuellerhoff', 'Herr Von Muellerhoff'],
  ['Ephesis', 'Ephesis'],
  ['Corinthia', 'Corinthia'],
  ['MeaCulpa', 'Mea Culpa'],
] as const;

const WIDTH = 750;
const HEIGHT = 340;
const downloadPath = fileURLToPath(
  new URL('../screenshots/signature-download.png', import.meta.url),
);

const canvas = (page: Page) => page.getByTestId('signature-canvas');
const departmentSelect = (page: Page) => page.getByRole('combobox', { name: 'Departament' });
const fontSelect = (page: Page) => page.getByRole('combobox', { name: 'Czcionka podpisu' });

/**
 * Waits until the canvas shows the current inputs (the preview marks what it
 * drew in data-rendered) and, if given, that they contain `expected`.
 */
async function pictureReady(page: Page, expected?: string): Promise<void> {
  await page.waitForFunction((part) => {
    const element = document.querySelector<HTMLCanvasElement>('[data-testid="signature-canvas"]');
    const drawn = element?.dataset.rendered ?? '';
    return drawn !== '' && drawn === element?.dataset.current && (!part || drawn.includes(part));
  }, expected);
}

function picture(page: Page): Promise<string> {
  return canvas(page).evaluate((element) => (element as HTMLCanvasElement).toDataURL('image/png'));
}

async function openGenerator(page: Page): Promise<void> {
  await acceptCookies(page);
  await page.goto('/podpisy');
  await pictureReady(page);
}

async function chooseWithMouse(page: Page, select: Locator, optionName: string | RegExp) {
  await select.click();
  await expect(select).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('option', { name: optionName }).click();
  await expect(select).toHaveAttribute('aria-expanded', 'false');
}

/** Width and height from the IHDR chunk, after checking the PNG signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the page has a Polish title, description and labelled fields', async ({ page }) => {
  await openGenerator(page);
  await expect(page).toHaveTitle(/^Generator podpisów/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /podpis.*PNG/);
  await expect(page.getByRole('heading', { level: 1, name: 'Generator podpisów' })).toBeVisible();
  await expect(page.getByLabel('Imię i nazwisko')).toBeVisible();
  await expect(page.getByLabel('Stopień')).toBeVisible();
  await expect(departmentSelect(page)).toBeVisible();
  await expect(fontSelect(page)).toBeVisible();
  await expect(canvas(page)).toHaveAttribute('role', 'img');
});

test.describe('on a high-density screen', () => {
  test.use({ deviceScaleFactor: 2 });

  test('the preview is 750×340 on the page with a backing store of twice that', async ({
    page,
  }) => {
    await openGenerator(page);
    const box = await canvas(page).boundingBox();
    expect(box?.width).toBeCloseTo(WIDTH, 0);
    expect(box?.height).toBeCloseTo(HEIGHT, 0);
    const store = await canvas(page).evaluate((element) => {
      const c = element as HTMLCanvasElement;
      return { width: c.width, height: c.height, ratio: window.devicePixelRatio };
    });
    expect(store).toEqual({ width: 2 * WIDTH, height: 2 * HEIGHT, ratio: 2 });
  });

  test('on a phone the preview keeps the 750:340 shape and stays sharp', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openGenerator(page);
    const box = await canvas(page).boundingBox();
    if (!box) throw new Error('canvas not laid out');
    expect(box.width).toBeLessThan(390);
    expect(box.width / box.height).toBeCloseTo(WIDTH / HEIGHT, 1);
    const store = await canvas(page).evaluate((element) => [
      (element as HTMLCanvasElement).width,
      (element as HTMLCanvasElement).height,
    ]);
    // At least one backing-store pixel per device pixel.
    expect(store[0]).toBeGreaterThanOrEqual(2 * box.width);
    expect(store).toEqual([2 * WIDTH, 2 * HEIGHT]);
  });

  test('the downloaded file is a 750×340 PNG named after the person', async ({ page }) => {
    await openGenerator(page);
    await page.getByLabel('Imię i nazwisko').fill('Zażółć Gęślą Jaźń');
    await page.getByLabel('Stopień').fill('Sierżant sztabowy');
    await pictureReady(page, 'Zażółć');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Pobierz PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('podpis-zazolc-gesla-jazn.png');
    await download.saveAs(downloadPath);
    const bytes = await fs.readFile(downloadPath);
    expect(pngSize(bytes)).toEqual({ width: WIDTH, height: HEIGHT });
    await expect(page.getByRole('status')).toHaveText('Pobrano plik podpis-zazolc-gesla-jazn.png.');
  });
});

test('the picture changes with every input', async ({ page }) => {
  await openGenerator(page);
  let previous = await picture(page);
  const expectChanged = async (expected: string) => {
    await pictureReady(page, expected);
    const next = await picture(page);
    expect(next).not.toBe(previous);
    previous = next;
  };

  await page.getByLabel('Imię i nazwisko').fill('Anna Nowak');
  await expectChanged('Anna Nowak');
  await page.getByLabel('Stopień').fill('Porucznik');
  await expectChanged('Porucznik');
  await chooseWithMouse(page, departmentSelect(page), /Emergency Medical Services/);
  await expectChanged('"ems"');
  await chooseWithMouse(page, fontSelect(page), /Corinthia/);
  await expectChanged('"Corinthia"');
  await page.getByLabel('Imię i nazwisko').fill('Anna Nowak-Kowalska');
  await expectChanged('Anna Nowak-Kowalska');
});

test('all twelve departments can be chosen with the keyboard', async ({ page }) => {
  await openGenerator(page);
  const select = departmentSelect(page);
  await select.focus();
  await expect(select).toHaveAttribute('data-value', 'lspd');
  const pictures = new Set([await picture(page)]);

  for (const [index, [id]] of DEPARTMENTS.entries()) {
    if (index === 0) continue;
    await page.keyboard.press('ArrowDown');
    await expect(select).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    // The active option is announced through aria-activedescendant and marked selected.
    const activeId = await select.getAttribute('aria-activedescendant');
    const active = page.locator(`[id="${activeId}"]`);
    await expect(active).toHaveAttribute('data-value', id);
    await expect(active).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(select).toHaveAttribute('aria-expanded', 'false');
    await expect(select).toHaveAttribute('data-value', id);
    await expect(select).toBeFocused();
    await pictureReady(page, `"${id}"`);
    pictures.add(await picture(page));
  }
  expect(pictures.size).toBe(12);

  // Home/End jump to the ends, Escape closes without choosing.
  await page.keyboard.press('Home');
  await expect(select).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(select).toHaveAttribute('aria-expanded', 'false');
  await expect(select).toHaveAttribute('data-value', 'studio');
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(select).toHaveAttribute('data-value', 'lspd');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(select).toHaveAttribute('data-value', 'studio');
});

test('all twelve departments can be chosen with the mouse, each with its emblem', async ({
  page,
}) => {
  await openGenerator(page);
  const select = departmentSelect(page);
  await select.click();
  const options = page.getByRole('listbox', { name: 'Departament' }).getByRole('option');
  await expect(options).toHaveCount(12);
  // Every emblem file is served and decodes.
  await expect
    .poll(() =>
      options
        .locator('img')
        .evaluateAll(
          (images) => images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length,
        ),
    )
    .toBe(12);
  await page.keyboard.press('Escape');

  for (const [id, fullName] of [...DEPARTMENTS].reverse()) {
    await chooseWithMouse(page, select, new RegExp(`^${escapeRegExp(fullName)}`));
    await expect(select).toHaveAttribute('data-value', id);
    await pictureReady(page, `"${id}"`);
  }
});

test('all four fonts can be chosen with the keyboard and the mouse', async ({ page }) => {
  await openGenerator(page);
  await page.getByLabel('Imię i nazwisko').fill('Jan Kowalski');
  const select = fontSelect(page);

  // Keyboard: arrows, then type-ahead.
  await select.focus();
  for (const [id] of FONTS.slice(1)) {
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(select).toHaveAttribute('data-value', id);
    await pictureReady(page, `"${id}"`);
  }
  await page.keyboard.press('e');
  await expect(select).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Enter');
  await expect(select).toHaveAttribute('data-value', 'Ephesis');
  // Tab takes the active option and moves on, as a native select does.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await expect(select).toHaveAttribute('data-value', 'Corinthia');
  await expect(select).not.toBeFocused();

  // Mouse.
  for (const [id, label] of FONTS) {
    await chooseWithMouse(page, select, label);
    await expect(select).toHaveAttribute('data-value', id);
    await pictureReady(page, `"${id}"`);
  }
});

test('the fonts are loaded before the first picture is drawn', async ({ page }) => {
  await acceptCookies(page);
  // Hold the script font back and check the page does not draw without it.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let fontRequested: () => void = () => {};
  const requested = new Promise<void>((resolve) => {
    fontRequested = resolve;
  });
  await page.route(/herr-von-muellerhoff-latin-400-normal.*\.woff2$/, async (route) => {
    fontRequested();
    await held;
    await route.continue().catch(() => {});
  });
  try {
    // Font downloads hold back the load event, so do not wait for it here.
    await page.goto('/podpisy', { waitUntil: 'commit' });
    await requested;
    // Once the app runs (typing reaches the preview), it still waits for the font.
    const name = page.getByLabel('Imię i nazwisko');
    await expect
      .poll(async () => {
        await name.fill('Jan Kowalski');
        return canvas(page).getAttribute('data-current');
      })
      .toContain('Jan Kowalski');
    await expect(canvas(page)).toHaveAttribute('data-rendered', '');
  } finally {
    release();
  }
  await pictureReady(page, 'Jan Kowalski');
  expect(
    await page.evaluate(() => document.fonts.check('90px "Herr Von Muellerhoff"', 'Jan Kowalski')),
  ).toBe(true);
});

test('the fonts have every Polish letter except those drawn by hand', async ({ page }) => {
  await openGenerator(page);
  const letters = 'ąćęłńóśźżĄĆĘŁŃÓŚŹŻ';
  const report = await page.evaluate(
    async ({ families, letters }) => {
      const context = document.createElement('canvas').getContext('2d');
      if (!context) throw new Error('no canvas');
      const result: Record<string, string> = {};
      for (const family of families) {
        await document.fonts.load(`40px "${family}"`, `abc${letters}`);
        // A letter the font has measures the same whatever the fallback is.
        result[family] = [...letters]
          .filter((letter) => {
            context.font = `40px "${family}", monospace`;
            const withMono = context.measureText(letter).width;
            context.font = `40px "${family}", serif`;
            return withMono !== context.measureText(letter).width;
          })
          .join('');
      }
      return result;
    },
    { families: SIGNATURE_FONTS.map((font) => font.family), letters },
  );
  expect(report).toEqual(
    Object.fromEntries(SIGNATURE_FONTS.map((font) => [font.family, font.missingLetters])),
  );
});

test('a very long name with Polish letters shrinks to fit instead of being cut', async ({
  page,
}) => {
  await openGenerator(page);
  const name = page.getByLabel('Imię i nazwisko');
  const long = 'Konstanty Ildefons Gałczyński-Żółtowski Śliwiński';
  await name.fill(long);
  // The field keeps the 48 characters the picture is designed for.
  const value = await name.inputValue();
  expect(value).toBe(long.slice(0, 48));
  await pictureReady(page, value);

  for (const [id, label] of FONTS) {
    await chooseWithMouse(page, fontSelect(page), label);
    await pictureReady(page, `"${id}"`);
    // Handwriting ink (dark blue) in the band of the name: it must reach across most of
    // the name's area and never past it, so it was shrunk, not clipped.
    const ink = await canvas(page).evaluate((element) => {
      const c = element as HTMLCanvasElement;
      const scale = c.width / 750;
      const context = c.getContext('2d');
      if (!context) throw new Error('no canvas');
      const top = Math.round(10 * scale);
      const height = Math.round(165 * scale);
      const { data, width } = context.getImageData(0, top, c.width, height);
      let left = Number.POSITIVE_INFINITY;
      let right = Number.NEGATIVE_INFINITY;
      for (let y = 0; y < height; y += 1) {
        for (let x = Math.round(205 * scale); x < width; x += 1) {
          const i = (y * width + x) * 4;
          const [r = 255, g = 255, b = 255, a = 0] = data.subarray(i, i + 4);
          if (a > 200 && r < 90 && g < 90 && b < 160) {
            left = Math.min(left, x / scale);
            right = Math.max(right, x / scale);
          }
        }
      }
      return { left, right };
    });
    expect(ink.left).toBeGreaterThanOrEqual(238);
    expect(ink.right).toBeLessThanOrEqual(722);
    expect(ink.right - ink.left).toBeGreaterThan(400);
  }
});

test('downloading without a name asks for one', async ({ page }) => {
  await openGenerator(page);
  await page.getByRole('button', { name: 'Pobierz PNG' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wpisz imię i nazwisko, aby pobrać podpis.');
  await expect(page.getByLabel('Imię i nazwisko')).toBeFocused();
  await expect(page.getByLabel('Imię i nazwisko')).toHaveAttribute('aria-invalid', 'true');
});

test('the script fonts load only on the signature page', async ({ page }) => {
  await acceptCookies(page);
  const fontFiles: string[] = [];
  page.on('request', (request) => {
    if (/herr-von-muellerhoff|ephesis|corinthia|mea-culpa/.test(request.url())) {
      fontFiles.push(request.url());
    }
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const scriptFaces = () =>
    page.evaluate(() => {
      let count = 0;
      document.fonts.forEach((face) => {
        if (/Muellerhoff|Ephesis|Corinthia|Mea Culpa/.test(face.family)) count += 1;
      });
      return count;
    });
  expect(await scriptFaces()).toBe(0);
  expect(fontFiles).toEqual([]);

  await page.goto('/podpisy');
  await pictureReady(page);
  expect(await scriptFaces()).toBeGreaterThan(0);
  expect(fontFiles.some((url) => url.includes('herr-von-muellerhoff'))).toBe(true);
});

test('screenshots of the generator', async ({ page }) => {
  test.setTimeout(90_000);
  await shotAll(page, 'signatures', '/podpisy', async (p) => {
    await p.getByLabel('Imię i nazwisko').fill('Zażółć Gęślą Jaźń');
    await p.getByLabel('Stopień').fill('Sierżant sztabowy');
    await pictureReady(p, 'Sierżant sztabowy');
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
