import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { LINKED_TICKET_MISSING } from '../../apps/web/src/features/tickets/lib/messages';
import { type Account, ensureAdmin, originHeaders, registerViaApi } from '../accounts';
import { acceptCookies, expect, shot, THEMES, test, unique } from '../fixtures';
import { makePng } from '../png';
import { setTheme, shotsOf } from '../themed-shots';

/*
 * The Kontakt screen (/contact) against the real server: accounts are
 * registered with codes from the dev outbox, files are real PNGs, and the
 * customer and the admin use separate browser contexts so live updates travel
 * through the server's event streams. The runner makes admin@studio.test an
 * admin (ADMIN_EMAILS).
 */

const PASSWORD = 'Zielony-Kot-42';

const CLOSED_TEXT = 'Ten ticket jest zamknięty. Nie możesz pisać wiadomości.';

// One admin account serves every test, so the tests of this file run one after another.
// The machine running the suite is shared and slow, hence the longer timeout.
test.describe.configure({ mode: 'default', timeout: 120_000 });

// ---------------------------------------------------------------- helpers

const pngFile = (name: string, color: [number, number, number] = [37, 99, 235]) => ({
  name,
  mimeType: 'image/png',
  buffer: makePng(160, 100, color),
});

function newAccount(prefix = 'kt'): Account {
  const id = unique(prefix);
  return { username: id, email: `${id}@example.test`, password: PASSWORD };
}

async function newCustomer(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; account: Account }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await acceptCookies(page);
  const account = newAccount();
  const verified = await registerViaApi(context.request, account);
  expect(verified.ok(), await verified.text()).toBe(true);
  return { context, page, account };
}

async function newAdmin(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await acceptCookies(page);
  await ensureAdmin(context.request);
  return { context, page };
}

// The message field by its label: a closed ticket shows the rating's comment field instead.
const composer = (page: Page) => page.getByLabel('Treść wiadomości');
const messages = (page: Page) => page.getByTestId('message');
/** A list row by its subject (the first words of its first message); numbers are studio-wide. */
const ticketItem = (page: Page, subject: string, owner?: string): Locator => {
  let items = page.getByTestId('ticket-item').filter({ hasText: subject });
  if (owner) items = items.filter({ hasText: owner });
  return items;
};

/** Opens the draft, writes, optionally attaches files, and sends. */
async function createTicket(
  page: Page,
  text: string,
  files: { name: string; mimeType: string; buffer: Buffer }[] = [],
) {
  await page.getByRole('button', { name: 'Nowe zgłoszenie' }).click();
  await page.getByLabel('Opisz swoją sprawę').fill(text);
  if (files.length > 0) {
    await page.getByTestId('file-input').setInputFiles(files);
    await expect(page.getByTestId('file-preview')).toHaveCount(files.length);
  }
  await page.getByRole('button', { name: 'Utwórz zgłoszenie' }).click();
  await expect(messages(page).filter({ hasText: text })).toBeVisible();
  await expect(page).toHaveURL(/[?&]ticket=\d+/);
}

async function imageLoaded(image: Locator): Promise<boolean> {
  return image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
}

async function dropFiles(
  page: Page,
  files: { name: string; type: string; size: number }[],
  finish = true,
) {
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const file of list) {
      dt.items.add(new File([new Uint8Array(file.size)], file.name, { type: file.type }));
    }
    return dt;
  }, files);
  await page.dispatchEvent('body', 'dragenter', { dataTransfer });
  await page.dispatchEvent('body', 'dragover', { dataTransfer });
  if (finish) await page.dispatchEvent('body', 'drop', { dataTransfer });
}

// ---------------------------------------------------------------- tests

test('a logged-out visitor is asked to log in and comes back to the same ticket', async ({
  page,
}) => {
  await acceptCookies(page);
  await page.goto('/contact?ticket=12');
  await expect(
    page.getByRole('heading', { name: 'Zaloguj się, aby napisać do nas' }),
  ).toBeVisible();
  const login = page.getByRole('link', { name: 'Zaloguj się' });
  await expect(login).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Załóż konto' })).toHaveAttribute(
    'href',
    '/register',
  );
  await login.click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('studio.returnPath'))).toBe(
    '/contact?ticket=12',
  );
  expect(await page.evaluate(() => sessionStorage.getItem('studio.returnTicketId'))).toBe('12');
});

test('customer and admin talk live: image ticket, reply, unread badge, close, reopen, delete', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const customer = await newCustomer(browser);
  const admin = await newAdmin(browser);
  const c = customer.page;
  const a = admin.page;
  const [firstSubject, secondSubject] = ['Strona nie ładuje się', 'Drugie pytanie o fakturę'];

  // The customer starts with an empty list and opens a ticket with a screenshot.
  await c.goto('/contact');
  await expect(c.getByText('Brak otwartych zgłoszeń.')).toBeVisible();
  await createTicket(c, 'Strona nie ładuje się po zalogowaniu.', [pngFile('zrzut.png')]);
  const customerImage = c.getByRole('button', { name: /Załącznik: zrzut\.png/ }).locator('img');
  await expect(customerImage).toBeVisible();
  await expect.poll(() => imageLoaded(customerImage)).toBe(true);
  await expect(ticketItem(c, firstSubject)).toBeVisible();

  // The admin sees it with its owner, opens it and sees the image too.
  await a.goto('/contact');
  const adminItem = ticketItem(a, firstSubject, customer.account.username);
  await expect(adminItem).toBeVisible();
  await adminItem.click();
  await expect(
    messages(a).filter({ hasText: 'Strona nie ładuje się po zalogowaniu.' }),
  ).toBeVisible();
  const adminImage = a.getByRole('button', { name: /Załącznik: zrzut\.png/ }).locator('img');
  await expect.poll(() => imageLoaded(adminImage)).toBe(true);
  // Full size opens in a dialog.
  await a.getByRole('button', { name: /Załącznik: zrzut\.png/ }).click();
  const viewer = a.getByRole('dialog', { name: 'zrzut.png' });
  await expect(viewer).toBeVisible();
  await a.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // The admin replies; the customer sees it without reloading, with the crown marker.
  await a.getByLabel('Treść wiadomości').fill('Dzień dobry, już sprawdzamy.');
  await a.getByRole('button', { name: 'Wyślij', exact: true }).click();
  const reply = messages(c).filter({ hasText: 'Dzień dobry, już sprawdzamy.' });
  await expect(reply).toBeVisible();
  await expect(reply.getByTestId('admin-crown')).toBeVisible();

  // A second ticket is now open on the customer's side; a reply to the first shows as unread.
  await createTicket(c, 'Drugie pytanie o fakturę.');
  await expect(ticketItem(c, secondSubject)).toHaveAttribute('aria-current', 'true');
  await a.getByLabel('Treść wiadomości').fill('Czy problem nadal występuje?');
  await a.getByRole('button', { name: 'Wyślij', exact: true }).click();
  await expect(ticketItem(c, firstSubject).getByTestId('unread-badge')).toHaveText(/1/);
  await expect(c).toHaveTitle(/^\(1\) /);
  await expect
    .poll(() =>
      c.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href ?? ''),
    )
    .toMatch(/^data:image\/png/);
  await ticketItem(c, firstSubject).click();
  await expect(messages(c).filter({ hasText: 'Czy problem nadal występuje?' })).toBeVisible();
  await expect(ticketItem(c, firstSubject).getByTestId('unread-badge')).toHaveCount(0);
  await expect(c).not.toHaveTitle(/^\(\d+\) /);
  await expect
    .poll(() => c.evaluate(() => document.querySelector('link[rel~="icon"]')?.getAttribute('href')))
    .toBe('/favicon.svg');

  // The admin closes it: the customer cannot write any more, the admin still can.
  await a.getByRole('button', { name: 'Zamknij', exact: true }).click();
  await expect(a.getByRole('button', { name: 'Otwórz' })).toBeVisible();
  await expect(c.getByText(CLOSED_TEXT)).toBeVisible();
  await expect(composer(c)).toHaveCount(0);
  await expect(a.getByLabel('Treść wiadomości')).toBeEditable();

  // Reopened: the customer can write again.
  await a.getByRole('button', { name: 'Otwórz' }).click();
  await expect(c.getByText(CLOSED_TEXT)).toBeHidden();
  await expect(c.getByLabel('Treść wiadomości')).toBeEditable();

  // Deleted with the confirmation dialog; the customer's screen falls back to the other ticket.
  await a.getByRole('button', { name: /^Usuń zgłoszenie #\d+$/ }).click();
  const confirm = a.getByRole('alertdialog', { name: 'Potwierdź usunięcie' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(
    'Czy na pewno chcesz usunąć ten ticket? Ta operacja jest nieodwracalna.',
  );
  await expect(confirm.getByRole('button', { name: 'Anuluj' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Usuń' }).click();
  await expect(confirm).toBeHidden();
  await expect(ticketItem(a, firstSubject, customer.account.username)).toHaveCount(0);
  await expect(ticketItem(c, firstSubject)).toHaveCount(0);
  await expect(ticketItem(c, secondSubject)).toHaveAttribute('aria-current', 'true');
  await expect(messages(c).filter({ hasText: 'Drugie pytanie o fakturę.' })).toBeVisible();

  // The list can be narrowed by status.
  const show = c.getByLabel('Pokaż zgłoszenia');
  await show.selectOption('closed');
  await expect(c.getByText('Brak zamkniętych zgłoszeń.')).toBeVisible();
  await show.selectOption('open');
  await expect(ticketItem(c, secondSubject)).toBeVisible();

  await customer.context.close();
  await admin.context.close();
});

test('after the network comes back the thread catches up without a reload', async ({ browser }) => {
  const customer = await newCustomer(browser);
  const admin = await newAdmin(browser);
  const c = customer.page;
  await c.goto('/contact');
  await createTicket(c, 'Sprawdzam połączenie.');
  const ticketId = new URL(c.url()).searchParams.get('ticket');

  await customer.context.setOffline(true);
  await admin.page.goto(`/contact?ticket=${ticketId}`);
  await admin.page.getByLabel('Treść wiadomości').fill('Odpowiedź wysłana w czasie przerwy.');
  await admin.page.getByRole('button', { name: 'Wyślij', exact: true }).click();
  await expect(messages(admin.page).filter({ hasText: 'w czasie przerwy' })).toBeVisible();

  await customer.context.setOffline(false);
  await expect(
    messages(c).filter({ hasText: 'Odpowiedź wysłana w czasie przerwy.' }),
  ).toBeVisible();
  await customer.context.close();
  await admin.context.close();
});

test('at most 5 files per message, and a picked file over 8 MB is listed as refused', async ({
  browser,
}) => {
  const { context, page } = await newCustomer(browser);
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Nowe zgłoszenie' }).click();
  const input = page.getByTestId('file-input');
  await input.setInputFiles(Array.from({ length: 6 }, (_, i) => pngFile(`plik-${i + 1}.png`)));
  await expect(page.getByTestId('file-preview')).toHaveCount(5);
  // Issue 18: the sixth is listed with its reason (no fading toast) until taken off the list.
  const refused = page.getByTestId('refused-files');
  await expect(refused).toContainText('plik-6.png — ponad limit — najwyżej 5 plików w wiadomości');
  await page.getByRole('button', { name: 'Usuń plik-6.png z listy' }).click();
  await expect(refused).toBeHidden();

  await page.getByRole('button', { name: 'Usuń plik plik-5.png' }).click();
  await expect(page.getByTestId('file-preview')).toHaveCount(4);

  await input.setInputFiles({
    name: 'ogromny.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(8 * 1024 * 1024 + 1),
  });
  await expect(refused).toContainText('ogromny.png — Plik nie może być większy niż 8MB');
  await page.getByRole('button', { name: 'Usuń ogromny.png z listy' }).click();
  await expect(page.getByTestId('file-preview')).toHaveCount(4);

  // A pasted screenshot is attached like a picked one.
  await page.getByLabel('Opisz swoją sprawę').focus();
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(
      new File([new Uint8Array(8 * 1024 * 1024 + 1)], 'wklejony.png', { type: 'image/png' }),
    );
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }),
    );
  });
  await expect(refused).toContainText('wklejony.png — Plik nie może być większy niż 8MB');
  await page.getByRole('button', { name: 'Usuń wklejony.png z listy' }).click();
  await expect(page.getByTestId('file-preview')).toHaveCount(4);

  // The four remaining files go out with the first message.
  await page.getByLabel('Opisz swoją sprawę').fill('Cztery zrzuty ekranu.');
  await page.getByRole('button', { name: 'Utwórz zgłoszenie' }).click();
  const sent = messages(page).filter({ hasText: 'Cztery zrzuty ekranu.' });
  await expect(sent.getByRole('button', { name: /Załącznik:/ })).toHaveCount(4);

  // A GIF that claims to be a PNG is refused by the server (it checks the bytes), in Polish.
  await page.getByTestId('file-input').setInputFiles({
    name: 'nie-obraz.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.alloc(64)]),
  });
  await page.getByRole('button', { name: 'Wyślij', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Nieobsługiwany typ pliku.');
  // A small pasted image goes in as an attachment.
  await page.getByRole('button', { name: 'Usuń plik nie-obraz.png' }).click();
  await page.getByLabel('Treść wiadomości').focus();
  const png = makePng(40, 40, [250, 204, 21]).toString('base64');
  await page.evaluate((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'wklejony.png', { type: 'image/png' }));
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }),
    );
  }, png);
  await expect(page.getByTestId('file-preview')).toHaveCount(1);
  await page.getByRole('button', { name: 'Wyślij', exact: true }).click();
  await expect(page.getByRole('button', { name: /Załącznik: wklejony\.png/ })).toBeVisible();
  await context.close();
});

test('dropping files anywhere shows the overlay; an oversize dropped file is listed as refused', async ({
  browser,
}) => {
  const { context, page } = await newCustomer(browser);
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Nowe zgłoszenie' }).click();

  await dropFiles(page, [{ name: 'upuszczony.png', type: 'image/png', size: 2048 }], false);
  const overlay = page.getByTestId('drop-overlay');
  await expect(overlay).toContainText('Upuść zdjęcia tutaj');
  await expect(overlay).toContainText('(PNG, JPG, JPEG, WEBP)');
  await shot(page, 'contact-drop-overlay-1280-dark');
  await page.dispatchEvent('body', 'dragleave', {
    dataTransfer: await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['x'], 'x.png', { type: 'image/png' }));
      return dt;
    }),
  });

  // Issue 18: size-checked on drop too, listed with its reason; nothing is sent until removed.
  await dropFiles(page, [{ name: 'za-duzy.png', type: 'image/png', size: 8 * 1024 * 1024 + 10 }]);
  await expect(overlay).toBeHidden();
  await expect(page.getByTestId('file-preview')).toHaveCount(0);
  await expect(page.getByTestId('refused-files')).toContainText(
    'za-duzy.png — Plik nie może być większy niż 8MB',
  );
  await page.getByLabel('Opisz swoją sprawę').fill('Plik był za duży.');
  await expect(page.getByRole('button', { name: 'Utwórz zgłoszenie' })).toBeDisabled();
  await page.getByRole('button', { name: 'Usuń za-duzy.png z listy' }).click();
  await page.getByRole('button', { name: 'Utwórz zgłoszenie' }).click();
  const sent = messages(page).filter({ hasText: 'Plik był za duży.' });
  await expect(sent).toBeVisible();
  await expect(sent.getByRole('list', { name: 'Załączniki' })).toHaveCount(0);
  await context.close();
});

test('keyboard only: new ticket, newline with Enter, message with Ctrl+Enter', async ({
  browser,
}) => {
  const { context, page } = await newCustomer(browser);
  await page.goto('/contact');
  await expect(page.getByText('Brak otwartych zgłoszeń.')).toBeVisible();

  // Tab from the top of the page to 'Nowe zgłoszenie'.
  const newTicket = page.getByRole('button', { name: 'Nowe zgłoszenie' });
  for (
    let i = 0;
    i < 40 && !(await newTicket.evaluate((el) => el === document.activeElement));
    i++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(newTicket).toBeFocused();
  await page.keyboard.press('Enter');

  const textarea = page.getByLabel('Opisz swoją sprawę');
  for (
    let i = 0;
    i < 10 && !(await textarea.evaluate((el) => el === document.activeElement));
    i++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(textarea).toBeFocused();
  await page.keyboard.type('Pierwsza linia');
  // Issue 18: Enter adds a line, Ctrl+Enter sends.
  await page.keyboard.press('Enter');
  await page.keyboard.type('druga linia');
  await page.keyboard.press('Control+Enter');
  await expect(messages(page).filter({ hasText: 'Pierwsza linia' })).toContainText('druga linia');

  // The focus stays in the composer for the next message.
  const reply = page.getByLabel('Treść wiadomości');
  await expect(reply).toBeFocused();
  await page.keyboard.type('Kolejna wiadomość');
  // A second Ctrl+Enter while the first send is still under way must not send it again.
  await page.keyboard.press('Control+Enter');
  await page.keyboard.press('Control+Enter');
  await expect(messages(page).filter({ hasText: 'Kolejna wiadomość' })).toHaveCount(1);
  await page.reload();
  await expect(messages(page).filter({ hasText: 'Pierwsza linia' })).toBeVisible();
  await expect(messages(page)).toHaveCount(2);
  await context.close();
});

test('a send whose answer is lost is retried without doubling the message', async ({ browser }) => {
  const { context, page } = await newCustomer(browser);
  await page.goto('/contact');
  await createTicket(page, 'Pierwsza wiadomość.');

  // The server stores the message, but the browser never sees the answer.
  let dropped = 0;
  await page.route('**/api/tickets/*/messages', async (route) => {
    if (route.request().method() !== 'POST' || dropped > 0) return route.fallback();
    dropped += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByLabel('Treść wiadomości').fill('Ważna wiadomość.');
  await page.getByRole('button', { name: 'Wyślij', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Brak połączenia z serwerem');
  await page.getByRole('button', { name: 'Wyślij', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.reload();
  await expect(messages(page).filter({ hasText: 'Pierwsza wiadomość.' })).toBeVisible();
  await expect(messages(page).filter({ hasText: 'Ważna wiadomość.' })).toHaveCount(1);
  await context.close();
});

test('while a message uploads a progress bar shows and a second send cannot start', async ({
  browser,
}) => {
  const { context, page } = await newCustomer(browser);
  await page.goto('/contact');
  await createTicket(page, 'Zgłoszenie z plikiem.');

  // The upload is held until the assertions below have seen the sending state.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let posts = 0;
  await page.route('**/api/tickets/*/messages', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    posts += 1;
    await held;
    await route.fallback();
  });
  await page.getByLabel('Treść wiadomości').fill('Zrzut ekranu w wysokiej rozdzielczości.');
  await page.getByTestId('file-input').setInputFiles(pngFile('wysoka.png'));
  await page.getByRole('button', { name: 'Wyślij', exact: true }).click();
  await expect(page.getByRole('progressbar', { name: 'Wysyłanie plików' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Wysyłanie…' })).toBeDisabled();
  await page.getByLabel('Treść wiadomości').press('Control+Enter');
  release();
  const sent = messages(page).filter({ hasText: 'Zrzut ekranu w wysokiej rozdzielczości.' });
  await expect(sent).toHaveCount(1);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByLabel('Treść wiadomości')).toHaveValue('');
  expect(posts).toBe(1);
  await context.close();
});

test('failed loads show a Polish error with a retry instead of a blank screen', async ({
  browser,
}) => {
  const { context, page } = await newCustomer(browser);
  await page.goto('/contact');
  await createTicket(page, 'Wiadomość do sprawdzenia błędów.');

  await page.route('**/api/tickets', (route) =>
    route.fulfill({ status: 500, body: '{"error":"internal"}' }),
  );
  // With or without a query: threads are read with ?mark_read=false (issue 18).
  const thread = /\/api\/tickets\/\d+\/messages(\?|$)/;
  await page.route(thread, (route) => route.fulfill({ status: 500, body: '{"error":"internal"}' }));
  // A visit the browser renders itself (a fresh load of /contact comes rendered by the
  // server, its list and thread in the HTML): from another page through the header's link.
  await page.goto('/');
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Kontakt/ })
    .click();
  await expect(page.getByText('Nie udało się wczytać zgłoszeń.')).toBeVisible();
  await expect(page.getByTestId('ticket-item')).toHaveCount(0);

  await page.unroute('**/api/tickets');
  await page.getByRole('button', { name: 'Spróbuj ponownie' }).click();
  await expect(ticketItem(page, 'Wiadomość do sprawdzenia')).toBeVisible();
  await expect(page.getByText('Nie udało się wczytać wiadomości.')).toBeVisible();
  await expect(messages(page)).toHaveCount(0);

  await page.unroute(thread);
  await page.getByRole('button', { name: 'Spróbuj ponownie' }).click();
  await expect(
    messages(page).filter({ hasText: 'Wiadomość do sprawdzenia błędów.' }),
  ).toBeVisible();
  await context.close();
});

/** A ticket with a text message through the API; its id. */
async function createTicketViaApi(request: APIRequestContext, body: string): Promise<number> {
  const created = await request.post('/api/tickets', { headers: originHeaders(), data: { body } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** A text message through the API, waiting out the per-minute limit if a 429 says so. */
async function postMessage(request: APIRequestContext, url: string, body: string) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const response = await request.post(url, { headers: originHeaders(), data: { body } });
    if (response.status() !== 429) {
      expect(response.status(), await response.text()).toBeLessThan(300);
      return response;
    }
    const seconds = Number(response.headers()['retry-after'] ?? '60');
    await new Promise((resolve) => setTimeout(resolve, (seconds + 1) * 1000));
  }
  throw new Error(`${url}: still rate limited`);
}

/** Where a message sits in the thread's scroll area, in px from its top edge. */
const offsetInThread = (message: Locator) =>
  message.evaluate((el) => {
    const scroller = el.closest('[data-testid="message-scroll"]');
    return el.getBoundingClientRect().top - (scroller?.getBoundingClientRect().top ?? 0);
  });

test('a thread of 120 messages shows the newest; scrolling up loads older ones in place', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const admin = await newAdmin(browser);
  const customer = await newCustomer(browser);
  // Bodies end with a dot so „nr 1.” is not also found in „nr 71.”.
  const id = await createTicketViaApi(customer.context.request, 'Wiadomość nr 1.');
  const url = `/api/tickets/${id}/messages`;
  // Both sides write, each within its per-minute limit.
  for (let n = 2; n <= 120; n += 1) {
    const side = n % 2 === 0 ? admin.context.request : customer.context.request;
    await postMessage(side, url, `Wiadomość nr ${n}.`);
  }

  const c = customer.page;
  await c.goto(`/contact?ticket=${id}`);
  const byNumber = (n: number) => messages(c).filter({ hasText: `Wiadomość nr ${n}.` });
  await expect(byNumber(120)).toBeInViewport();
  await expect(messages(c)).toHaveCount(50);
  await expect(byNumber(70)).toHaveCount(0);

  // Scrolling up to the top loads the page before, above, without moving what was read.
  const scroller = c.getByTestId('message-scroll');
  await scroller.evaluate((el) => {
    el.scrollTop = 0;
  });
  const before = await offsetInThread(byNumber(71));
  await expect(messages(c)).toHaveCount(100);
  await expect(byNumber(21)).toHaveCount(1);
  expect(Math.abs((await offsetInThread(byNumber(71))) - before)).toBeLessThan(2);
  await expect(byNumber(71)).toBeInViewport();

  // Once more to the very first message; then nothing is left to load.
  await scroller.evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(messages(c)).toHaveCount(120);
  await expect(messages(c).first()).toContainText('Wiadomość nr 1.');
  await expect(c.getByTestId('older-messages')).toHaveCount(0);

  // A live message still lands at the bottom of the long thread.
  await scroller.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await postMessage(admin.context.request, url, 'Wiadomość nr 121.');
  await expect(byNumber(121)).toBeInViewport();
  await expect(messages(c)).toHaveCount(121);
  await customer.context.close();
  await admin.context.close();
});

test('/contact?ticket= opens a ticket beyond the first page of the list', async ({ browser }) => {
  test.setTimeout(300_000);
  const owner = await newCustomer(browser);
  const id = await createTicketViaApi(owner.context.request, 'Najstarsza sprawa na liście.');
  // 60 newer tickets (10 per customer, the hourly limit) push it off the admin's first page of 50.
  for (let customer = 0; customer < 6; customer += 1) {
    const other = await newCustomer(browser);
    for (let n = 1; n <= 10; n += 1) {
      await createTicketViaApi(other.context.request, `Nowsza sprawa ${customer}-${n}.`);
    }
    await other.context.close();
  }

  const admin = await newAdmin(browser);
  const a = admin.page;
  const listed = a.locator(`[data-testid="ticket-item"][data-ticket-id="${id}"]`);
  await a.goto('/contact');
  // Staff start on „Czeka na nas”, oldest first; „Wszystkie” is ordered by activity.
  await a.getByRole('button', { name: /^Wszystkie/ }).click();
  await expect(a.getByRole('button', { name: /^Wszystkie/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(a.getByTestId('ticket-item').first()).toBeVisible();
  await expect(listed).toHaveCount(0);

  await a.goto(`/contact?ticket=${id}`);
  await expect(messages(a).filter({ hasText: 'Najstarsza sprawa na liście.' })).toBeVisible();
  await expect(a).toHaveURL(new RegExp(`[?&]ticket=${id}(&|$)`));
  // Shown in the list too, selected.
  await expect(listed).toHaveAttribute('aria-current', 'true');

  // A ticket that does not exist opens nothing: staff open tickets themselves (issue 31).
  await a.goto('/contact?ticket=999999');
  await expect(a.getByText('Wybierz zgłoszenie z listy, aby je otworzyć.')).toBeVisible();
  // The screen says so, and the address no longer names it (a reload opens nothing stale).
  await expect(a.getByText(LINKED_TICKET_MISSING)).toBeVisible();
  await expect(a).toHaveURL(/\/contact$/);
  await expect(a.locator('[data-testid="ticket-item"][aria-current="true"]')).toHaveCount(0);
  await expect(messages(a)).toHaveCount(0);
  await owner.context.close();
  await admin.context.close();
});

test("a link to a ticket that is not the customer's is said so and leaves the address", async ({
  browser,
}) => {
  const other = await newCustomer(browser);
  const foreign = await createTicketViaApi(other.context.request, 'Cudza sprawa.');
  await other.context.close();
  const { context, page } = await newCustomer(browser);
  const own = await createTicketViaApi(context.request, 'Moja sprawa.');

  await page.goto(`/contact?ticket=${foreign}`);
  await expect(page.getByText(LINKED_TICKET_MISSING)).toBeVisible();
  // The customer's own ticket opens instead, and the address names it, not the other one.
  await expect(messages(page).filter({ hasText: 'Moja sprawa.' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/contact\\?ticket=${own}$`));
  await expect(page.getByText('Cudza sprawa.')).toHaveCount(0);
  await page.reload();
  await expect(messages(page).filter({ hasText: 'Moja sprawa.' })).toBeVisible();
  await context.close();
});

test('the ticket list collapses on a 390 px screen', async ({ browser }) => {
  const { context, page } = await newCustomer(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/contact');
  const toggle = page.getByRole('button', { name: /^Zgłoszenia/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Nowe zgłoszenie' }).click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.getByLabel('Opisz swoją sprawę').fill('Wiadomość z telefonu.');
  await page.getByRole('button', { name: 'Utwórz zgłoszenie' }).click();
  await expect(messages(page).filter({ hasText: 'Wiadomość z telefonu.' })).toBeVisible();
  // Nothing sticks out sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

test('the screen has no axe violations, logged out and logged in, in both themes', async ({
  browser,
}) => {
  const { context, page } = await newCustomer(browser);
  const anonymousContext = await browser.newContext();
  const anonymous = await anonymousContext.newPage();
  await acceptCookies(anonymous);
  await page.goto('/contact');
  await createTicket(page, 'Sprawdzenie dostępności.', [pngFile('a11y.png')]);
  for (const theme of THEMES) {
    for (const target of [anonymous, page]) {
      await target.goto(target === page ? page.url() : '/contact');
      await setTheme(target, theme);
      await expect(target.locator('main')).toBeVisible();
      if (target === page) await expect(messages(page).first()).toBeVisible();
      else await expect(target.getByRole('link', { name: 'Zaloguj się' })).toBeVisible();
      const results = await new AxeBuilder({ page: target }).include('main').analyze();
      expect(results.violations.map((v) => `${theme}: ${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
    }
  }
  await anonymousContext.close();
  await context.close();
});

// ---------------------------------------------------------------- screenshots

test('screenshots: logged out, list and thread, admin view, closed ticket', async ({ browser }) => {
  test.setTimeout(400_000);
  const anonymousContext = await browser.newContext();
  const anonymous = await anonymousContext.newPage();
  await acceptCookies(anonymous);
  await shotsOf(anonymous, 'contact-logged-out', '/contact', async (p) => {
    await expect(p.getByRole('link', { name: 'Zaloguj się' })).toBeVisible();
  });
  await anonymousContext.close();

  const customer = await newCustomer(browser);
  const admin = await newAdmin(browser);
  const c = customer.page;
  await c.goto('/contact');
  await createTicket(c, 'Dzień dobry, formularz zamówienia zwraca błąd przy płatności.', [
    pngFile('blad-platnosci.png', [220, 38, 38]),
  ]);
  await createTicket(c, 'Chciałbym zapytać o wycenę nowej strony.');
  const ticketId = Number(new URL(c.url()).searchParams.get('ticket'));
  await admin.page.goto(`/contact?ticket=${ticketId}`);
  await admin.page
    .getByLabel('Treść wiadomości')
    .fill('Dzień dobry! Chętnie przygotujemy wycenę — proszę o kilka szczegółów.');
  await admin.page.getByRole('button', { name: 'Wyślij', exact: true }).click();
  await expect(messages(c).filter({ hasText: 'Chętnie przygotujemy wycenę' })).toBeVisible();
  await c
    .getByLabel('Treść wiadomości')
    .fill('Sklep internetowy, około 200 produktów, płatności online.');
  await c.getByTestId('file-input').setInputFiles([
    pngFile('makieta.png', [16, 185, 129]),
    {
      name: 'wymagania.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Lista produktów, płatności BLIK i karta, integracja z magazynem.\n'),
    },
  ]);
  await c.getByRole('button', { name: 'Wyślij', exact: true }).click();
  await expect(messages(admin.page).filter({ hasText: 'około 200 produktów' })).toBeVisible();

  const threadReady = async (p: Page) => {
    const last = messages(p).filter({ hasText: 'około 200 produktów' });
    await expect(last.getByRole('link', { name: /wymagania\.txt/ })).toBeVisible();
    await expect.poll(() => imageLoaded(last.locator('img'))).toBe(true);
  };
  await shotsOf(c, 'contact-thread', `/contact?ticket=${ticketId}`, threadReady);
  await shotsOf(admin.page, 'contact-admin', `/contact?ticket=${ticketId}`, async (p) => {
    await threadReady(p);
    // On a phone the thread's actions wait behind „Więcej” (issue 31).
    if ((p.viewportSize()?.width ?? 1280) < 1024) {
      await p.getByRole('button', { name: 'Więcej' }).click();
    }
    await expect(p.getByRole('button', { name: 'Zamknij', exact: true })).toBeVisible();
  });

  await admin.page.setViewportSize({ width: 1280, height: 800 });
  await admin.page.getByRole('button', { name: 'Zamknij', exact: true }).click();
  await expect(admin.page.getByRole('button', { name: 'Otwórz' })).toBeVisible();
  await shotsOf(c, 'contact-closed', `/contact?ticket=${ticketId}`, async (p) => {
    await expect(p.getByText(CLOSED_TEXT)).toBeVisible();
  });

  await customer.context.close();
  await admin.context.close();
});
