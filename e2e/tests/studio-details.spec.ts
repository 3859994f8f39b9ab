import { expect, type Page, test } from '../fixtures';
import { type LocalhostServer, startLocalhostServer } from '../localhost-server';

/*
 * The studio's details come from STUDIO_* (DESIGN §7.10): one build serves any
 * studio, so this file starts a server of its own from the suite's build with
 * its own details, and checks the pages a browser gets, with and without
 * scripts, and that hydration keeps the values the server wrote in.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const STUDIO = {
  STUDIO_NAME: 'Pracownia „Kod & Kawa” sp. z o.o.',
  STUDIO_ADDRESS: 'ul. Długa 5, 31-147 Kraków',
  STUDIO_NIP: '526-025-09-95',
  STUDIO_REGON: '123456785',
  STUDIO_EMAIL: 'biuro@kodikawa.pl',
  STUDIO_PHONE: '+48 12 345 67 89',
};
const SHOWN = [
  'Pracownia „Kod & Kawa” sp. z o.o.',
  'ul. Długa 5, 31-147 Kraków',
  '5260250995',
  '123456785',
  'biuro@kodikawa.pl',
  '+48 12 345 67 89',
];
const PLACEHOLDERS = ['[uzupełnij', 'kontakt@example.com', '+48 000 000 000'];

let server: LocalhostServer | undefined;

test.beforeAll(async () => {
  server = await startLocalhostServer('studio-details', STUDIO);
});

test.afterAll(() => server?.stop());

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('nd_cookie_notice', 'shown'));
});

async function expectDetails(page: Page, where: string) {
  const footer = page.getByRole('contentinfo');
  for (const value of SHOWN) await expect(footer, where).toContainText(value);
  await expect(footer.getByRole('link', { name: 'biuro@kodikawa.pl' })).toHaveAttribute(
    'href',
    'mailto:biuro@kodikawa.pl',
  );
  await expect(footer.getByRole('link', { name: '+48 12 345 67 89' })).toHaveAttribute(
    'href',
    'tel:+48123456789',
  );
  const text = (await page.locator('body').textContent()) ?? '';
  for (const placeholder of PLACEHOLDERS) expect(text, where).not.toContain(placeholder);
}

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the prerendered pages carry the configured details', async ({ page }) => {
    for (const path of ['/', '/contact', '/terms-and-conditions', '/team']) {
      await page.goto(`${server?.origin}${path}`);
      await expectDetails(page, path);
    }
    await page.goto(`${server?.origin}/terms-and-conditions`);
    await expect(page.getByTestId('legal-document')).toContainText(
      'Pracownia „Kod & Kawa” sp. z o.o., ul. Długa 5, 31-147 Kraków, NIP 5260250995, REGON 123456785 (dalej: „Studio”)',
    );
    await page.goto(`${server?.origin}/contact`);
    await expect(page.getByRole('region', { name: 'Dane studia' })).toContainText('5260250995');
  });
});

test('after hydration every page and legal document keeps them, with no mismatch', async ({
  page,
}) => {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') complaints.push(message.text());
  });
  await page.goto(`${server?.origin}/terms-and-conditions`);
  await expect(page.getByTestId('legal-document')).toHaveAttribute('data-hash-read', 'true');
  await expectDetails(page, 'terms');
  // Documents other than the first are rendered in the browser only.
  for (const [hash, sentence] of [
    ['#privacy', 'e-mailem (biuro@kodikawa.pl) lub telefonicznie (+48 12 345 67 89)'],
    ['#gdpr', 'Administratorem Twoich danych jest Pracownia „Kod & Kawa” sp. z o.o., ul. Długa 5'],
  ] as const) {
    await page.goto(`${server?.origin}/terms-and-conditions${hash}`);
    await expect(page.getByTestId('legal-document')).toContainText(sentence);
    await expectDetails(page, hash);
  }
  // A route rendered in the browser from the SPA fallback shows them as well.
  await page.goto(`${server?.origin}/register`);
  await expectDetails(page, '/register');
  expect(complaints.filter((text) => /hydrat/i.test(text))).toEqual([]);
});
