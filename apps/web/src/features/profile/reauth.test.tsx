import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REAUTH_CANCELLED_MESSAGE } from '~/lib/error-messages';
import {
  json,
  renderScreen,
  resetScreenTest,
  type StubbedCall,
  stubFetch,
} from '~/test/account-screens';
import { PasskeysSection } from './components/passkeys-section';
import { TotpSection } from './components/totp-section';
import { ReauthProvider } from './reauth/reauth-provider';

/*
 * Recent confirmation (DESIGN.md §7.7): a change of how the account signs in
 * answered 403 reauth_required asks for the password in a dialog, then
 * carries on with what the user was doing.
 */

afterEach(() => resetScreenTest());
vi.setConfig({ testTimeout: 20_000 });

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const REAUTH_REQUIRED = () => json(403, { error: 'reauth_required' });
const SETUP = () =>
  json(200, {
    secret: SECRET,
    otpauth_url: `otpauth://totp/Studio:ala?secret=${SECRET}&issuer=Studio`,
  });
const SECURITY = {
  totp_enabled: false,
  recovery_codes_left: 0,
  second_factors: { email_codes: false, totp: false, passkeys: 1 },
};
const PASSKEY = {
  id: 3,
  name: 'Telefon',
  created_at: '2026-11-01T10:00:00.000Z',
  last_used_at: null,
};

/** The server: the five guarded calls refuse until `/api/profile/reauth` accepts the password. */
function stubServer({
  password = 'Zielony-Kot-42',
  reauth,
}: {
  password?: string;
  reauth?: (call: StubbedCall) => Response | undefined;
} = {}) {
  let confirmed = false;
  let passkeys = [PASSKEY];
  const calls = stubFetch((call) => {
    const { url, method, body } = call;
    if (url === '/api/profile/security') return json(200, SECURITY);
    if (url === '/api/profile/passkeys' && method === 'GET') return json(200, { passkeys });
    if (url === '/api/profile/reauth') {
      const answer = reauth?.(call);
      if (answer) return answer;
      const given = body as { password?: string; code?: string };
      if (given.password === password || given.code === '123456') {
        confirmed = true;
        return json(200, { reauth_until: new Date(Date.now() + 600_000).toISOString() });
      }
      return json(400, { error: given.code ? 'invalid_code' : 'invalid_credentials' });
    }
    if (url === '/api/profile/reauth/code') return json(200, { ok: true });
    if (url === '/api/profile/totp/setup') return confirmed ? SETUP() : REAUTH_REQUIRED();
    if (url === '/api/profile/passkeys/3' && method === 'DELETE') {
      if (!confirmed) return REAUTH_REQUIRED();
      passkeys = [];
      return json(200, { ok: true });
    }
    return json(404, { error: 'not_found' });
  });
  return calls;
}

function renderSections() {
  return renderScreen(
    <ReauthProvider>
      <TotpSection />
      <PasskeysSection />
    </ReauthProvider>,
    { path: '/profile' },
  );
}

const setups = (calls: StubbedCall[]) =>
  calls.filter((c) => c.url === '/api/profile/totp/setup').length;

describe('„Potwierdź hasło”', () => {
  it('asks for the password when the app set-up needs it, then carries on with the set-up', async () => {
    const calls = stubServer();
    renderSections();
    await userEvent.click(await screen.findByRole('button', { name: 'Skonfiguruj aplikację' }));
    const dialog = await screen.findByRole('dialog', { name: 'Potwierdź hasło' });
    expect(dialog.textContent).toContain('Dla bezpieczeństwa');
    const field = within(dialog).getByLabelText('Hasło');
    // Focus moves into the dialog, on the password.
    expect(document.activeElement).toBe(field);

    // Enter submits; a wrong password is said in Polish and the dialog stays.
    await userEvent.type(field, 'zle-haslo{Enter}');
    expect(await within(dialog).findByText('Niepoprawne hasło. Spróbuj ponownie.')).toBeTruthy();
    expect(setups(calls)).toBe(1);

    await userEvent.clear(field);
    await userEvent.type(field, 'Zielony-Kot-42{Enter}');
    // The set-up ran again by itself: the QR code is there, the dialog gone.
    expect(await screen.findByTestId('totp-secret')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(setups(calls)).toBe(2);
    expect(calls.filter((c) => c.url === '/api/profile/reauth').map((c) => c.body)).toEqual([
      { password: 'zle-haslo' },
      { password: 'Zielony-Kot-42' },
    ]);
  });

  it('says how long to wait after too many tries', async () => {
    stubServer({
      reauth: () =>
        new Response(JSON.stringify({ error: 'rate_limited' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '120' },
        }),
    });
    renderSections();
    await userEvent.click(await screen.findByRole('button', { name: 'Skonfiguruj aplikację' }));
    const dialog = await screen.findByRole('dialog', { name: 'Potwierdź hasło' });
    await userEvent.type(within(dialog).getByLabelText('Hasło'), 'cokolwiek{Enter}');
    expect(
      await within(dialog).findByText('Zbyt wiele prób. Spróbuj ponownie za 2 min.'),
    ).toBeTruthy();
  });

  it('Escape cancels: nothing changes and the screen says so', async () => {
    const calls = stubServer();
    renderSections();
    await userEvent.click(await screen.findByRole('button', { name: 'Skonfiguruj aplikację' }));
    await screen.findByRole('dialog', { name: 'Potwierdź hasło' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(REAUTH_CANCELLED_MESSAGE)).toBeTruthy();
    expect(screen.queryByTestId('totp-secret')).toBeNull();
    expect(setups(calls)).toBe(1);
    expect(calls.some((c) => c.url === '/api/profile/reauth')).toBe(false);
  });

  it('„Anuluj” cancels too', async () => {
    stubServer();
    renderSections();
    await userEvent.click(await screen.findByRole('button', { name: 'Skonfiguruj aplikację' }));
    const dialog = await screen.findByRole('dialog', { name: 'Potwierdź hasło' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    expect(await screen.findByText(REAUTH_CANCELLED_MESSAGE)).toBeTruthy();
  });

  it('removing a passkey asks too, then removes it', async () => {
    const calls = stubServer();
    renderSections();
    await userEvent.click(await screen.findByRole('button', { name: 'Usuń klucz Telefon' }));
    await userEvent.click(screen.getByRole('button', { name: 'Usuń klucz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Potwierdź hasło' });
    await userEvent.type(within(dialog).getByLabelText('Hasło'), 'Zielony-Kot-42{Enter}');
    expect(await screen.findByText('Nie masz jeszcze kluczy dostępu.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
  });

  it('an account without a password confirms with a code sent by „Wyślij kod”', async () => {
    const calls = stubServer();
    renderSections();
    await userEvent.click(await screen.findByRole('button', { name: 'Skonfiguruj aplikację' }));
    const dialog = await screen.findByRole('dialog', { name: 'Potwierdź hasło' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Wyślij kod' }));
    expect(await within(dialog).findByText('Wysłaliśmy kod na Twój adres e-mail.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Potwierdź kodem z e-maila' })).toBe(dialog);
    const code = within(dialog).getByLabelText('Kod z e-maila');
    await waitFor(() => expect(document.activeElement).toBe(code));
    await userEvent.type(code, '654321{Enter}');
    expect(
      await within(dialog).findByText(
        'Nieprawidłowy lub wygasły kod. Sprawdź e-mail albo wyślij nowy kod.',
      ),
    ).toBeTruthy();
    await userEvent.clear(code);
    await userEvent.type(code, '123456{Enter}');
    expect(await screen.findByTestId('totp-secret')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/profile/reauth/code')).toBe(true);
    expect(calls.filter((c) => c.url === '/api/profile/reauth').at(-1)?.body).toEqual({
      code: '123456',
    });
  });
});
