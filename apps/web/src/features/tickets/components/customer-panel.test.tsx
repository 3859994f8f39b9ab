import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  renderScreen,
  resetScreenTest,
  type StubbedCall,
  stubFetch,
} from '~/test/account-screens';
import { CustomerPanel } from './customer-panel';

/* The staff customer panel tells the truth about second factors and resets them (issue 28). */

afterEach(() => resetScreenTest());
vi.setConfig({ testTimeout: 20_000 });

type Factors = { email_codes: boolean; totp: boolean; passkeys: number };

function customer(second_factors: Factors) {
  return {
    id: 7,
    username: 'Ala',
    email: 'ala@example.com',
    created_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    mfa_enabled: second_factors.email_codes,
    email_bouncing: false,
    guest: false,
    name: null,
    second_factors,
    tickets: [],
  };
}

function stubPanel(
  factors: Factors,
  reset: (call: StubbedCall) => Response = () =>
    json(200, { second_factors: { email_codes: false, totp: false, passkeys: 0 } }),
) {
  let current = factors;
  return stubFetch((call) => {
    if (call.url === '/api/admin/customers/7' && call.method === 'GET') {
      return json(200, { customer: customer(current) });
    }
    if (call.url === '/api/admin/customers/7/reset-2fa') {
      const answer = reset(call);
      if (answer.ok) current = { email_codes: false, totp: false, passkeys: 0 };
      return answer;
    }
    return json(404, { error: 'not_found' });
  });
}

function renderPanel() {
  return renderScreen(
    <>
      <CustomerPanel customerId={7} currentTicketId={5} />
      <Toaster />
    </>,
    { path: '/contact' },
  );
}

describe('second factors in the customer panel', () => {
  it('names an active app and passkeys instead of „wyłączone” when e-mail codes are off', async () => {
    stubPanel({ email_codes: false, totp: true, passkeys: 2 });
    renderPanel();
    const mfa = await screen.findByTestId('customer-mfa');
    expect(mfa.textContent).toBe('włączone: aplikacja uwierzytelniająca i 2 klucze dostępu');
    expect(screen.getByRole('button', { name: 'Resetuj drugi składnik' })).toBeTruthy();
  });

  it('says „wyłączone” and offers no reset when nothing is on', async () => {
    stubPanel({ email_codes: false, totp: false, passkeys: 0 });
    renderPanel();
    expect((await screen.findByTestId('customer-mfa')).textContent).toBe('wyłączone');
    expect(screen.queryByRole('button', { name: 'Resetuj drugi składnik' })).toBeNull();
  });

  it('resets only after the username or e-mail is typed, then says so and shows the new state', async () => {
    const calls = stubPanel({ email_codes: true, totp: true, passkeys: 1 });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Resetuj drugi składnik' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Resetuj drugi składnik' });
    expect(dialog.textContent).toContain('wylogujemy go ze wszystkich urządzeń');
    const field = within(dialog).getByLabelText('Nazwa użytkownika lub e-mail klienta');
    // Focus moves into the dialog, on the field to type in.
    expect(document.activeElement).toBe(field);
    const confirm = within(dialog).getByRole('button', { name: 'Resetuj drugi składnik' });
    expect(confirm).toHaveProperty('disabled', true);
    await userEvent.type(field, 'Ola');
    expect(confirm).toHaveProperty('disabled', true);
    // Enter on a name that does not match sends nothing.
    await userEvent.keyboard('{Enter}');
    expect(calls.some((c) => c.url.endsWith('/reset-2fa'))).toBe(false);
    await userEvent.clear(field);
    await userEvent.type(field, 'ALA@example.com');
    expect(confirm).toHaveProperty('disabled', false);
    await userEvent.click(confirm);
    expect(
      await screen.findByText(
        'Drugi składnik zresetowany. Klient dostał e-mail i został wylogowany ze wszystkich urządzeń.',
      ),
    ).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/reset-2fa'))?.body).toEqual({
      confirm: 'ala@example.com',
    });
    await waitFor(() => expect(screen.getByTestId('customer-mfa').textContent).toBe('wyłączone'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resetuj drugi składnik' })).toBeNull();
  });

  it('reports a refused reset in Polish and keeps the dialog open', async () => {
    stubPanel({ email_codes: false, totp: true, passkeys: 0 }, () =>
      json(403, { error: 'forbidden' }),
    );
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Resetuj drugi składnik' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.type(within(dialog).getByLabelText(/Nazwa użytkownika/), 'ala{Enter}');
    expect(
      await screen.findByText('Tylko administrator może zresetować drugi składnik.'),
    ).toBeTruthy();
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('Escape closes the dialog without resetting', async () => {
    const calls = stubPanel({ email_codes: true, totp: false, passkeys: 0 });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Resetuj drugi składnik' }));
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/reset-2fa'))).toBe(false);
  });
});

describe('a guest in the customer panel (issue 31)', () => {
  it('is named by the name they gave and said to have no account, without account age or 2FA', async () => {
    stubFetch((call) =>
      call.url === '/api/admin/customers/7'
        ? json(200, {
            customer: {
              ...customer({ email_codes: false, totp: false, passkeys: 0 }),
              username: 'jan-kowalski-kowalsk',
              guest: true,
              name: 'Jan Kowalski',
              created_at: new Date().toISOString(),
            },
          })
        : json(404, { error: 'not_found' }),
    );
    renderPanel();
    expect((await screen.findByTestId('customer-guest')).textContent).toContain(
      'bez konta — pisze przez formularz lub e-mailem',
    );
    const panel = screen.getByRole('complementary', { name: 'Klient' });
    expect(within(panel).getByText('Jan Kowalski')).toBeTruthy();
    expect(panel.textContent).not.toContain('od dziś');
    expect(screen.queryByTestId('customer-mfa')).toBeNull();
  });
});
