import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  json,
  renderScreen,
  resetScreenTest,
  setSessionHint,
  stubFetch,
  TEST_USER,
} from '~/test/account-screens';
import MfaEnableRoute from './mfa-enable-route';
import ProfileRoute from './profile-route';

const baseUser = TEST_USER;
const pages = [
  { path: '/contact', element: <p>Strona Kontakt</p> },
  { path: '/login', element: <p>Strona logowania</p> },
  { path: '/profile', element: <ProfileRoute /> },
  { path: '/profile/mfa/enable', element: <MfaEnableRoute /> },
  { path: '/forgot-password/sent', element: <p>Link wysłany</p> },
];

afterEach(resetScreenTest);

function stubApi(user: typeof baseUser, routes: Record<string, () => Response> = {}) {
  setSessionHint();
  return stubFetch(({ url }) => {
    if (url === '/api/auth/me') return json(200, { user, isStaff: false });
    const answer = routes[url];
    return answer ? answer() : json(200, { ok: true });
  });
}

describe('profile screen', () => {
  it('sends a logged-out visitor to /login and remembers /profile', async () => {
    stubFetch(() => json(401, { error: 'unauthorized' }));
    renderScreen(<ProfileRoute />, { path: '/profile', routes: pages.slice(0, 2) });
    expect(await screen.findByText('Strona logowania')).toBeTruthy();
    expect(sessionStorage.getItem('studio.returnPath')).toBe('/profile');
  });

  it('names every second factor that is on instead of „Wyłączona” beside an active app (issue 28)', async () => {
    stubApi(baseUser, {
      '/api/profile/security': () =>
        json(200, {
          totp_enabled: true,
          recovery_codes_left: 8,
          second_factors: { email_codes: false, totp: true, passkeys: 2 },
        }),
    });
    renderScreen(<ProfileRoute />, { path: '/profile' });
    const summary = await screen.findByTestId('profile-second-factors');
    await waitFor(() =>
      expect(summary.textContent).toBe('Włączona: aplikacja uwierzytelniająca i 2 klucze dostępu'),
    );
  });

  it('changes the username and reports a taken one', async () => {
    let taken = true;
    stubApi(baseUser, {
      '/api/profile/username': () =>
        taken ? json(409, { error: 'username_taken' }) : json(200, { ok: true, username: 'ola' }),
    });
    renderScreen(<ProfileRoute />, { path: '/profile' });
    const input = await screen.findByLabelText('Nowa nazwa użytkownika');
    await userEvent.type(input, 'ola');
    await userEvent.click(screen.getByRole('button', { name: 'Zmień nazwę' }));
    expect(await screen.findByText('Ta nazwa jest już zajęta')).toBeTruthy();
    taken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Zmień nazwę' }));
    expect(await screen.findByText('Zmieniono nazwę użytkownika')).toBeTruthy();
    expect(screen.getByTestId('profile-username').textContent).toContain('ola');
  });

  it('says "Brak adresu email" when the account has no address, else sends the link', async () => {
    const calls = stubApi({ ...baseUser, email: '' });
    renderScreen(<ProfileRoute />, { path: '/profile', routes: pages.slice(4) });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Wyślij link do resetu hasła' }),
    );
    expect(await screen.findByText('Brak adresu email')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('password-reset'))).toBe(false);
  });

  it('reports a failed reset-link request', async () => {
    stubApi(baseUser, {
      '/api/auth/password-reset/request': () => json(500, { error: 'internal' }),
    });
    renderScreen(<ProfileRoute />, { path: '/profile' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Wyślij link do resetu hasła' }),
    );
    expect(await screen.findByText('Błąd wysyłki')).toBeTruthy();
  });

  it('goes to /forgot-password/sent?source=profile after sending the link', async () => {
    stubApi(baseUser);
    const { router } = renderScreen(<ProfileRoute />, { path: '/profile', routes: pages.slice(4) });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Wyślij link do resetu hasła' }),
    );
    await screen.findByText('Link wysłany');
    expect(router.state.location.search).toBe('?source=profile');
  });

  it('"Wróć" clears the stored return path and ticket and goes to /contact', async () => {
    stubApi(baseUser);
    sessionStorage.setItem('studio.returnPath', '/contact?ticket=3');
    sessionStorage.setItem('studio.returnTicketId', '3');
    renderScreen(<ProfileRoute />, { path: '/profile', routes: pages.slice(0, 1) });
    await userEvent.click(await screen.findByRole('button', { name: 'Wróć' }));
    await screen.findByText('Strona Kontakt');
    expect(sessionStorage.getItem('studio.returnPath')).toBeNull();
    expect(sessionStorage.getItem('studio.returnTicketId')).toBeNull();
  });

  it('requests a 2FA code and confirms it on the enable page', async () => {
    let wrong = true;
    const calls = stubApi(baseUser, {
      '/api/profile/mfa/enable/confirm': () =>
        wrong ? json(400, { error: 'invalid_code' }) : json(200, { ok: true }),
    });
    renderScreen(<ProfileRoute />, { path: '/profile', routes: pages.slice(3, 4) });
    await userEvent.click(await screen.findByRole('button', { name: 'Włącz 2FA' }));
    const code = await screen.findByLabelText('Kod z e-maila');
    expect(calls.some((c) => c.url === '/api/profile/mfa/enable/request')).toBe(true);
    await userEvent.type(code, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Włącz 2FA' }));
    expect(await screen.findByText('Niepoprawny kod')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij kod ponownie' }));
    expect(await screen.findByText('Wysłaliśmy kod na email')).toBeTruthy();
    wrong = false;
    await userEvent.click(screen.getByRole('button', { name: 'Włącz 2FA' }));
    expect(await screen.findByText('Weryfikacja dwuetapowa')).toBeTruthy();
    expect(await screen.findByText('Włączona: kody z e-maila')).toBeTruthy();
  });

  it('logs out to /login without remembering /profile for the next login', async () => {
    const calls = stubApi(baseUser);
    renderScreen(<ProfileRoute />, { path: '/profile', routes: pages.slice(1, 2) });
    await userEvent.click(await screen.findByRole('button', { name: 'Wyloguj się' }));
    await screen.findByText('Strona logowania');
    expect(calls.some((c) => c.url === '/api/auth/logout' && c.method === 'POST')).toBe(true);
    expect(sessionStorage.getItem('studio.returnPath')).toBeNull();
  });

  it('saves the e-mail notification setting when the checkbox changes', async () => {
    const calls = stubApi(baseUser, {
      '/api/profile/notifications': () => json(200, { email: true }),
    });
    renderScreen(<ProfileRoute />, { path: '/profile' });
    const checkbox = (await screen.findByLabelText(/Wysyłaj mi e-mail/)) as HTMLInputElement;
    await waitFor(() => expect(checkbox.disabled).toBe(false));
    expect(checkbox.checked).toBe(true);
    await userEvent.click(checkbox);
    expect(await screen.findByText('Zapisano ustawienia powiadomień')).toBeTruthy();
    expect(
      calls.find((c) => c.url === '/api/profile/notifications' && c.method === 'POST')?.body,
    ).toEqual({ email: false });
  });

  it('reports a code that could not be sent', async () => {
    stubApi(baseUser, {
      '/api/profile/mfa/enable/request': () => json(502, { error: 'email_failed' }),
    });
    renderScreen(<ProfileRoute />, { path: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Włącz 2FA' }));
    expect(await screen.findByText('Nie udało się wysłać kodu')).toBeTruthy();
  });
});

describe('a bouncing address (issue 29)', () => {
  it('the profile asks to check the address and links to the e-mail change on the page', async () => {
    stubApi({ ...baseUser, email_bouncing: true });
    renderScreen(<ProfileRoute />, { path: '/profile' });
    const banner = await screen.findByTestId('email-bouncing-banner');
    expect(banner.textContent).toContain(
      `Nie możemy dostarczyć wiadomości na adres ${baseUser.email}`,
    );
    const link = screen.getByRole('link', { name: 'Sprawdź adres e-mail poniżej' });
    expect(link.getAttribute('href')).toBe('#change-email');
    expect(document.getElementById('change-email')?.textContent).toContain('Zmień adres e-mail');
  });

  it('no banner while the address works', async () => {
    stubApi(baseUser);
    renderScreen(<ProfileRoute />, { path: '/profile' });
    expect(await screen.findByTestId('profile-username')).toBeTruthy();
    expect(screen.queryByTestId('email-bouncing-banner')).toBeNull();
  });
});
