import { expect, type Page, shotAll, test } from '../fixtures';

const doc = (page: Page) => page.getByTestId('legal-document');

async function open(page: Page, hash = '') {
  await page.goto(`/terms-and-conditions${hash}`);
  await expect(doc(page)).toHaveAttribute('data-hash-read', 'true');
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('nd_cookie_notice', 'shown'));
});

test('without a hash the creator agreement is shown and marked in the menu', async ({ page }) => {
  await open(page);
  await expect(doc(page)).toHaveAttribute('data-document', 'creator');
  await expect(doc(page).getByRole('heading', { level: 2 })).toHaveText(
    'Umowa o współpracy z twórcą',
  );
  await expect(doc(page)).toContainText('7 dni roboczych');
  await expect(doc(page)).toContainText('Przez 30 dni od odbioru');
  const menu = page.getByRole('navigation', { name: 'Dokumenty' });
  await expect(menu.getByRole('link')).toHaveCount(6);
  await expect(menu.getByRole('link', { name: 'Umowa z twórcą' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(menu.getByRole('link', { name: 'RODO' })).toHaveCount(0);
});

test('the hash selects the document, including gdpr which is not in the menu', async ({ page }) => {
  await open(page, '#privacy');
  await expect(doc(page)).toHaveAttribute('data-document', 'privacy');
  await expect(doc(page)).toContainText('Link do resetu hasła jest ważny 1 godzinę');
  await expect(doc(page)).toContainText('do 12 miesięcy');
  await expect(doc(page)).toContainText('do 24 miesięcy');

  await open(page, '#gdpr');
  await expect(doc(page).getByRole('heading', { level: 2 })).toHaveText(
    'Klauzula informacyjna RODO',
  );

  await open(page, '#law');
  await expect(doc(page)).toContainText('do 90 dni i może zostać jednokrotnie przedłużone');

  await open(page, '#cookies');
  for (const name of ['sid', 'mfa_pending', 'theme', 'nd_cookie_notice', 'nd_last_ticket_']) {
    await expect(doc(page)).toContainText(`„${name}`);
  }
});

test('the unwritten document shows the work-in-progress placeholder', async ({ page }) => {
  await open(page, '#dmca');
  await expect(doc(page)).toHaveAttribute('data-document', 'dmca');
  await expect(page.getByTestId('legal-placeholder')).toContainText('Dokument w przygotowaniu');
});

test('menu links and hash changes switch the document, also from the keyboard', async ({
  page,
}) => {
  await open(page);
  const menu = page.getByRole('navigation', { name: 'Dokumenty' });
  await menu.getByRole('link', { name: 'Cookies' }).click();
  await expect(page).toHaveURL(/#cookies$/);
  await expect(doc(page)).toHaveAttribute('data-document', 'cookies');
  await expect(menu.getByRole('link', { name: 'Cookies' })).toHaveAttribute('aria-current', 'page');
  await expect(doc(page).getByRole('heading', { level: 2 })).toBeFocused();

  await menu.getByRole('link', { name: 'Dopuszczalne użytkowanie' }).focus();
  await page.keyboard.press('Enter');
  await expect(doc(page)).toHaveAttribute('data-document', 'aup');

  await page.evaluate(() => {
    window.location.hash = 'law';
  });
  await expect(doc(page)).toHaveAttribute('data-document', 'law');
  await page.goBack();
  await expect(doc(page)).toHaveAttribute('data-document', 'aup');
});

test('the header link Regulamin brings back the creator agreement from another document', async ({
  page,
}) => {
  await open(page, '#privacy');
  await expect(doc(page)).toHaveAttribute('data-document', 'privacy');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('banner').getByRole('link', { name: 'Regulamin' }).click();
  await expect(page).toHaveURL(/#creator$/);
  await expect(doc(page)).toHaveAttribute('data-document', 'creator');
});

test('screenshots of the terms page', async ({ page }) => {
  await shotAll(page, 'terms', '/terms-and-conditions#privacy', async (p) => {
    await expect(doc(p)).toHaveAttribute('data-document', 'privacy');
  });
});
