import { ensureAdmin, originHeaders, registerViaApi } from '../accounts';
import { acceptCookies, expect, mailsTo, test, unique } from '../fixtures';

/*
 * A phone call turned into a ticket (DESIGN.md §7.9, issue 31): an agent opens
 * „Nowe zgłoszenie”, types the caller's new address and name, writes what was
 * agreed and sends; the ticket opens in the workspace and the caller — now a
 * guest — gets the agent's text by e-mail.
 */

test('an agent turns a phone call into a ticket for a new address; it opens and the caller is mailed', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await acceptCookies(page);
  await ensureAdmin(page.request);
  // Another customer waits, so „Czeka na nas” opens on their ticket: the caller's ticket, which
  // awaits the customer, is outside that view and must still open (it once fell back to the first).
  const waiting = await browser.newContext();
  const id = unique('cw');
  const registered = await registerViaApi(waiting.request, {
    username: id,
    email: `${id}@example.test`,
    password: 'Zielony-Kot-42',
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const asked = await waiting.request.post('/api/tickets', {
    headers: originHeaders(),
    data: { body: 'Czekam na odpowiedź w innej sprawie.' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  await waiting.close();
  const address = `${unique('tel')}@example.test`;
  const subject = `Rozmowa telefoniczna ${unique('s')}: wycena sklepu`;
  const text = `${subject}\nUstaliliśmy termin spotkania na wtorek.`;

  await page.goto('/contact');
  await page.getByRole('button', { name: 'Nowe zgłoszenie', exact: true }).click();
  await page
    .getByRole('searchbox', { name: 'Klient: szukaj po nazwie lub adresie e-mail' })
    .fill(address);
  await page
    .getByRole('textbox', { name: 'Imię i nazwisko nowego klienta (opcjonalnie)' })
    .fill('Jan Dzwoniący');
  await page.getByRole('button', { name: `Nowy klient: ${address}` }).click();
  await expect(page.getByText('Zgłoszenie dla:')).toContainText('Jan Dzwoniący');

  await page.getByRole('textbox', { name: 'Opisz swoją sprawę' }).fill(text);
  await page.getByRole('button', { name: 'Utwórz zgłoszenie' }).click();

  // The new ticket is open in the workspace, with the agent's message.
  await expect(
    page.getByTestId('message').filter({ hasText: 'Ustaliliśmy termin spotkania na wtorek.' }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Treść wiadomości' })).toBeVisible();
  await expect(page.locator('[data-testid="ticket-item"][aria-current="true"]')).toContainText(
    subject,
  );

  // The caller's e-mail carries what the agent wrote.
  await expect
    .poll(async () => (await mailsTo(address)).some((m) => m.text.includes('Ustaliliśmy termin')), {
      timeout: 30_000,
    })
    .toBe(true);
});
