import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, renderScreen, resetScreenTest, stubFetch, TEST_USER } from '~/test/account-screens';
import ForgotPasswordRoute from './forgot-password-route';
import LoginRoute from './login-route';
import RegisterRoute from './register-route';
import ResetPasswordRoute from './reset-password-route';
import VerifyEmailRoute from './verify-email-route';

const user = TEST_USER;
const contact = { path: '/contact', element: <p>Strona Kontakt</p> };

afterEach(resetScreenTest);

describe('register screen', () => {
  it('checks the form before sending anything', async () => {
    const calls = stubFetch(() => json(200, { ok: true }));
    renderScreen(<RegisterRoute />, { path: '/register' });
    await userEvent.click(screen.getByRole('button', { name: 'Zarejestruj się' }));
    expect(screen.getByText('Musisz zaakceptować Regulamin')).toBeTruthy();
    expect(screen.getAllByText('To pole jest wymagane')).toHaveLength(3);
    expect(screen.getByLabelText('Nazwa użytkownika').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(calls).toHaveLength(0);
  });

  it('shows the duplicate message in an alert and stays on the page', async () => {
    stubFetch(() => json(409, { error: 'duplicate' }));
    renderScreen(<RegisterRoute />, { path: '/register' });
    await userEvent.type(screen.getByLabelText('Nazwa użytkownika'), 'ala');
    await userEvent.type(screen.getByLabelText('Email'), 'ala@example.com');
    await userEvent.type(screen.getByLabelText('Hasło'), 'Zielony-Kot-42');
    await userEvent.click(screen.getByLabelText('Akceptuję Regulamin'));
    await userEvent.click(screen.getByRole('button', { name: 'Zarejestruj się' }));
    expect(await screen.findByText('Email lub nazwa użytkownika zajęte')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Email lub nazwa użytkownika zajęte');
  });

  it('sends once even when submitted twice, then passes the data to /verify-email', async () => {
    let release: () => void = () => {};
    const calls = stubFetch(
      () => new Promise<Response>((resolve) => (release = () => resolve(json(200, { ok: true })))),
    );
    const { router } = renderScreen(<RegisterRoute />, {
      path: '/register',
      routes: [{ path: '/verify-email', element: <p>Weryfikacja</p> }],
    });
    await userEvent.type(screen.getByLabelText('Nazwa użytkownika'), 'ala');
    await userEvent.type(screen.getByLabelText('Email'), 'ala@example.com');
    await userEvent.type(screen.getByLabelText('Hasło'), 'Zielony-Kot-42');
    await userEvent.click(screen.getByLabelText('Akceptuję Regulamin'));
    const form = screen.getByRole('form', { name: 'Rejestracja' }) as HTMLFormElement;
    form.requestSubmit();
    form.requestSubmit();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Wysyłanie kodu…' }).getAttribute('aria-busy')).toBe(
      'true',
    );
    release();
    await screen.findByText('Weryfikacja');
    expect(calls).toHaveLength(1);
    expect(router.state.location.state).toEqual({
      username: 'ala',
      email: 'ala@example.com',
      password: 'Zielony-Kot-42',
    });
  });
});

describe('verify e-mail screen', () => {
  const state = { username: 'ala', email: 'ala@example.com', password: 'Zielony-Kot-42' };

  it('without registration data shows the error and a link to /register', () => {
    renderScreen(<VerifyEmailRoute />, { path: '/verify-email' });
    expect(screen.getByRole('alert').textContent).toBe(
      'Brak danych rejestracji. Proszę rozpocząć rejestrację ponownie.',
    );
    expect(screen.getByRole('link', { name: 'Przejdź do rejestracji' }).getAttribute('href')).toBe(
      '/register',
    );
  });

  it('takes digits only, at most 6, and enables submit only at exactly 6', async () => {
    stubFetch(() => json(400, { error: 'invalid_code' }));
    renderScreen(<VerifyEmailRoute />, { path: '/verify-email', state });
    const input = screen.getByLabelText('Kod weryfikacyjny') as HTMLInputElement;
    const submit = screen.getByRole('button', { name: 'Potwierdź' }) as HTMLButtonElement;
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    await userEvent.type(input, '1a2b3');
    expect(input.value).toBe('123');
    expect(submit.disabled).toBe(true);
    await userEvent.type(input, '45678');
    expect(input.value).toBe('123456');
    expect(submit.disabled).toBe(false);
    await userEvent.click(submit);
    expect(await screen.findByText('Nieprawidłowy lub wygasły kod')).toBeTruthy();
  });

  it('creates the account and goes to /contact', async () => {
    const calls = stubFetch(() => json(200, { user }));
    renderScreen(<VerifyEmailRoute />, { path: '/verify-email', state, routes: [contact] });
    await userEvent.type(screen.getByLabelText('Kod weryfikacyjny'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Potwierdź' }));
    await screen.findByText('Strona Kontakt');
    expect(calls[0]).toMatchObject({
      url: '/api/auth/verify-email',
      body: { ...state, code: '123456' },
    });
  });

  it('resends through the registration call', async () => {
    const calls = stubFetch(() => json(200, { ok: true }));
    renderScreen(<VerifyEmailRoute />, { path: '/verify-email', state });
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij kod ponownie' }));
    expect(await screen.findByText('Nowy kod weryfikacyjny został wysłany!')).toBeTruthy();
    expect(calls[0]).toMatchObject({ url: '/api/auth/register', body: state });
  });
});

describe('login screen', () => {
  const fillAndSubmit = async () => {
    await userEvent.type(screen.getByLabelText('Nazwa użytkownika lub email'), 'ala');
    await userEvent.type(screen.getByLabelText('Hasło'), 'zle-haslo');
    await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
  };

  it('maps a wrong password and a network failure to their messages', async () => {
    let fail = false;
    stubFetch(({ url }) => {
      if (url === '/api/auth/me') return json(401, { error: 'unauthorized' });
      if (fail) throw new TypeError('Failed to fetch');
      return json(401, { error: 'invalid_credentials' });
    });
    renderScreen(<LoginRoute />, { path: '/login' });
    await fillAndSubmit();
    expect(await screen.findByText('Niepoprawny email lub hasło')).toBeTruthy();
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findByText('Błąd sieci')).toBeTruthy();
  });

  it('asks for the e-mailed code when 2FA is on, then goes to the stored return path', async () => {
    sessionStorage.setItem('studio.returnPath', '/contact?ticket=4');
    const calls = stubFetch(({ url }) => {
      if (url === '/api/auth/me') return json(401, { error: 'unauthorized' });
      if (url === '/api/auth/login') return json(200, { mfa_required: true, user_id: 1 });
      return json(200, { ok: true, user });
    });
    const { router } = renderScreen(<LoginRoute />, { path: '/login', routes: [contact] });
    await userEvent.click(screen.getByLabelText('Zapamiętaj mnie'));
    await fillAndSubmit();
    const code = await screen.findByLabelText('Kod z e-maila');
    expect(screen.getByText('Wysłaliśmy kod na email')).toBeTruthy();
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Potwierdź' }));
    await screen.findByText('Strona Kontakt');
    expect(router.state.location.search).toBe('?ticket=4');
    expect(calls.find((c) => c.url === '/api/auth/mfa/verify')?.body).toEqual({
      userId: 1,
      code: '654321',
      rememberMe: true,
    });
    expect(sessionStorage.getItem('studio.returnPath')).toBeNull();
  });
});

describe('forgot and reset password screens', () => {
  it('forgot password goes to the confirmation even when the server refuses, but reports a network error', async () => {
    let fail = false;
    stubFetch(() => {
      if (fail) throw new TypeError('Failed to fetch');
      return json(429, { error: 'rate_limited' });
    });
    renderScreen(<ForgotPasswordRoute />, {
      path: '/forgot-password',
      routes: [{ path: '/forgot-password/sent', element: <p>Wysłane</p> }],
    });
    fail = true;
    await userEvent.type(screen.getByLabelText('Email'), 'ala@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij link' }));
    expect(await screen.findByText('Wystąpił błąd. Spróbuj ponownie.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij link' }));
    expect(await screen.findByText('Wysłane')).toBeTruthy();
  });

  it('reset password checks length and equality, and maps invalid_token', async () => {
    const calls = stubFetch(() => json(400, { error: 'invalid_token' }));
    renderScreen(<ResetPasswordRoute />, {
      path: '/reset-password',
      url: '/reset-password?token=abc',
    });
    await userEvent.type(screen.getByLabelText('Nowe hasło'), '12345');
    await userEvent.type(screen.getByLabelText('Powtórz nowe hasło'), '12346');
    await userEvent.click(screen.getByRole('button', { name: 'Ustaw nowe hasło' }));
    expect(screen.getByText('Hasło musi mieć co najmniej 6 znaków')).toBeTruthy();
    expect(screen.getByText('Hasła muszą być identyczne')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Nowe hasło'));
    await userEvent.type(screen.getByLabelText('Nowe hasło'), 'Nowe-Haslo-1');
    await userEvent.clear(screen.getByLabelText('Powtórz nowe hasło'));
    await userEvent.type(screen.getByLabelText('Powtórz nowe hasło'), 'Nowe-Haslo-1');
    await userEvent.click(screen.getByRole('button', { name: 'Ustaw nowe hasło' }));
    expect(await screen.findByText('Link jest nieprawidłowy lub wygasł')).toBeTruthy();
    expect(calls[0]).toMatchObject({ body: { token: 'abc', password: 'Nowe-Haslo-1' } });
  });

  it('reset password without a token says the link is invalid', () => {
    renderScreen(<ResetPasswordRoute />, { path: '/reset-password' });
    expect(screen.getByRole('alert').textContent).toBe('Link jest nieprawidłowy lub wygasł');
  });
});
