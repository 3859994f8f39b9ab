import type { Page } from '@playwright/test';
import { type Account, originHeaders, registerViaApi } from '../accounts';
import { acceptCookies, expect, test, unique } from '../fixtures';

/*
 * The signed-in Kontakt screen comes rendered from the server (issue 34): its
 * list and open thread are in the page's HTML before any script runs, and the
 * page then works as it always did once the scripts have hydrated it.
 */

test.describe.configure({ mode: 'default', timeout: 120_000 });

const HOSTILE = '</script><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';

/** React's hydration complaints (development text or the production error number). */
function watchHydration(page: Page): string[] {
  const complaints: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/hydrat|#418|#423|#425/i.test(text)) complaints.push(text);
  });
  return complaints;
}

test('the signed-in /contact arrives rendered and then works as before', async ({ browser }) => {
  const context = await browser.newContext();
  const id = unique('ssr');
  const account: Account = {
    username: id,
    email: `${id}@example.test`,
    password: 'Zielony-Kot-42',
  };
  const verified = await registerViaApi(context.request, account);
  expect(verified.ok(), await verified.text()).toBe(true);
  const created = await context.request.post('/api/tickets', {
    headers: originHeaders(),
    data: { body: `Pierwsza sprawa ${HOSTILE}` },
  });
  expect(created.ok(), await created.text()).toBe(true);

  // The HTML itself holds the thread, its user text escaped, and is never cached.
  const answer = await context.request.get('/contact');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['cache-control']).toBe('private, no-store');
  const html = await answer.text();
  expect(html).toContain('data-testid="ticket-thread"');
  expect(html).toContain('Pierwsza sprawa &lt;/script&gt;&lt;script&gt;window.__pwned=1');
  expect(html).not.toContain('<script>window.__pwned');
  expect(html).not.toContain('<img src=x');

  // With scripts off, the browser shows the thread from the HTML alone.
  const noScripts = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await context.storageState(),
  });
  const still = await noScripts.newPage();
  await still.goto('/contact');
  await expect(still.getByTestId('message')).toHaveCount(1);
  await expect(still.getByTestId('message').first()).toContainText('Pierwsza sprawa </script>');
  await noScripts.close();

  // With scripts, the same page hydrates without complaint and a reply goes through.
  const page = await context.newPage();
  await acceptCookies(page);
  const complaints = watchHydration(page);
  await page.goto('/contact');
  await expect(page.getByTestId('message')).toHaveCount(1);
  const composer = page.getByLabel('Treść wiadomości');
  await expect(async () => {
    await composer.fill('Odpowiedź po wyrenderowaniu');
    await expect(page.getByRole('button', { name: 'Wyślij' })).toBeEnabled({ timeout: 1000 });
  }).toPass();
  await page.getByRole('button', { name: 'Wyślij' }).click();
  await expect(page.getByTestId('message')).toHaveCount(2);
  await expect(page.getByTestId('message').last()).toContainText('Odpowiedź po wyrenderowaniu');
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(complaints).toEqual([]);
  await context.close();
});

test('a signed-out visitor of /contact still gets the prerendered page', async ({ browser }) => {
  const context = await browser.newContext();
  const answer = await context.request.get('/contact');
  expect(answer.headers()['cache-control']).toBe('no-cache');
  expect(await answer.text()).toContain('Zaloguj się, aby napisać do nas');
  await context.close();
});
