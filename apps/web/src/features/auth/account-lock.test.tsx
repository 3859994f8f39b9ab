import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, renderScreen, resetScreenTest, stubFetch } from '~/test/account-screens';
import LockAccountRoute, { LOCK_EXPLANATION, LOCKED_MESSAGE } from './lock-account-route';
import LoginRoute from './login-route';

/* „To nie ja” (DESIGN.md §7.7): the lock page and what login says afterwards. */

afterEach(resetScreenTest);

const TOKEN = 'a'.repeat(43);

describe('/security/lock', () => {
  it('opening the link only explains: nothing is sent until the button', async () => {
    const calls = stubFetch(() => json(200, { ok: true }));
    renderScreen(<LockAccountRoute />, {
      path: '/security/lock',
      url: `/security/lock?token=${TOKEN}`,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'To nie ja' })).toBeTruthy();
    expect(screen.getByText(LOCK_EXPLANATION)).toBeTruthy();
    expect(LOCK_EXPLANATION).toBe(
      'Zablokujemy konto: wylogujemy wszystkie urządzenia, usuniemy zmianę z tej wiadomości i wyłączymy logowanie hasłem do czasu jego zresetowania.',
    );
    expect(calls).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Zablokuj konto' }));
    expect(await screen.findByText(LOCKED_MESSAGE)).toBeTruthy();
    expect(calls).toEqual([{ url: '/api/security/lock', method: 'POST', body: { token: TOKEN } }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Konto zablokowane' })).toBeTruthy();
    // What to do next: a new password through the e-mailed link.
    expect(screen.getByRole('link', { name: 'Ustaw nowe hasło' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('a used or expired link says so in Polish and leads to the reset', async () => {
    stubFetch(() => json(400, { error: 'invalid_token' }));
    renderScreen(<LockAccountRoute />, { path: '/security/lock', url: '/security/lock?token=zly' });
    await userEvent.click(screen.getByRole('button', { name: 'Zablokuj konto' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Ten link jest nieprawidłowy, został już użyty albo wygasł/,
    );
    expect(screen.getByRole('link', { name: 'Nie pamiętasz hasła?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByRole('button', { name: 'Zablokuj konto' })).toBeNull();
  });

  it('a link without its token offers no button', () => {
    const calls = stubFetch(() => json(200, { ok: true }));
    renderScreen(<LockAccountRoute />, { path: '/security/lock' });
    expect(screen.getByRole('alert').textContent).toBe(
      'Ten link jest niepełny. Otwórz go ponownie z wiadomości e-mail.',
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});

describe('login after „To nie ja”', () => {
  it('says the account was locked and how to set a new password', async () => {
    stubFetch(() => json(403, { error: 'password_reset_required' }));
    renderScreen(<LoginRoute />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Nazwa użytkownika lub email'), 'ala');
    await userEvent.type(screen.getByLabelText('Hasło'), 'Zielony-Kot-42{Enter}');
    expect(
      await screen.findByText(
        'Konto zostało zablokowane po zgłoszeniu „To nie ja”. Ustaw nowe hasło, aby się zalogować.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Ustaw nowe hasło przez e-mail' }).getAttribute('href'),
    ).toBe('/forgot-password');
  });

  it('a wrong password offers no such link', async () => {
    stubFetch(() => json(401, { error: 'invalid_credentials' }));
    renderScreen(<LoginRoute />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Nazwa użytkownika lub email'), 'ala');
    await userEvent.type(screen.getByLabelText('Hasło'), 'zle{Enter}');
    expect(await screen.findByText('Niepoprawny email lub hasło')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ustaw nowe hasło przez e-mail' })).toBeNull();
  });
});
