import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, renderScreen, resetScreenTest, stubFetch } from '~/test/account-screens';
import { TotpSection } from './components/totp-section';

afterEach(resetScreenTest);

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

// Several screens of typing on a busy shared machine.
describe('„Aplikacja uwierzytelniająca” in the profile', { timeout: 20_000 }, () => {
  it('sets up with a local QR code and the secret, confirms with a code, then shows the recovery codes once', async () => {
    let isOn = false;
    const calls = stubFetch(({ url }) => {
      if (url === '/api/profile/security')
        return json(200, { totp_enabled: isOn, recovery_codes_left: isOn ? 10 : 0 });
      if (url === '/api/profile/totp/setup')
        return json(200, {
          secret: SECRET,
          otpauth_url: `otpauth://totp/Nasze%20Studio:ala?secret=${SECRET}&issuer=Nasze%20Studio`,
        });
      if (url === '/api/profile/totp/confirm') {
        isOn = true;
        return json(200, { recovery_codes: CODES });
      }
      return json(404, { error: 'not_found' });
    });
    renderScreen(<TotpSection />, { path: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Skonfiguruj aplikację' }));
    const qr = await screen.findByRole('img', {
      name: 'Kod QR do zeskanowania aplikacją uwierzytelniającą',
    });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d/);
    expect(screen.getByTestId('totp-secret').textContent?.replace(/\s/g, '')).toBe(SECRET);
    // The field takes digits only.
    await userEvent.type(screen.getByLabelText('Kod z aplikacji'), '12a3456');
    await userEvent.click(screen.getByRole('button', { name: 'Włącz' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(10);
    expect(calls.find((c) => c.url === '/api/profile/totp/confirm')?.body).toEqual({
      code: '123456',
    });
    expect(screen.getByRole('button', { name: 'Kopiuj' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pobierz jako .txt' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Gotowe' }));
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect((await screen.findByTestId('recovery-codes-left')).textContent).toBe(
      'Zostało 10 kodów zapasowych.',
    );
  });

  it('turning off needs a code and shows a refused one', async () => {
    const calls = stubFetch(({ url }) => {
      if (url === '/api/profile/security')
        return json(200, { totp_enabled: true, recovery_codes_left: 2 });
      if (url === '/api/profile/totp/disable') return json(400, { error: 'invalid_code' });
      return json(404, { error: 'not_found' });
    });
    renderScreen(<TotpSection />, { path: '/profile' });
    expect((await screen.findByTestId('recovery-codes-left')).textContent).toBe(
      'Zostały 2 kody zapasowe.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Wyłącz aplikację' }));
    await userEvent.click(screen.getByRole('button', { name: 'Wyłącz' }));
    expect(screen.getByText('To pole jest wymagane')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/profile/totp/disable')).toBe(false);
    await userEvent.type(screen.getByLabelText('Kod z aplikacji'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Wyłącz' }));
    expect(await screen.findByText('Niepoprawny kod')).toBeTruthy();
    expect(screen.getByLabelText('Kod z aplikacji')).toBeTruthy();
  });
});
