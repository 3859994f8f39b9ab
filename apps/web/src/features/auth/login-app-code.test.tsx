import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, renderScreen, resetScreenTest, stubFetch, TEST_USER } from '~/test/account-screens';
import LoginRoute from './login-route';

const contact = { path: '/contact', element: <p>Strona Kontakt</p> };

afterEach(resetScreenTest);

function answerLogin(methods: string[], verify = () => json(200, { ok: true, user: TEST_USER })) {
  return stubFetch(({ url }) => {
    if (url === '/api/auth/me') return json(401, { error: 'unauthorized' });
    if (url === '/api/auth/login') return json(200, { mfa_required: true, user_id: 7, methods });
    if (url === '/api/auth/mfa/verify') return verify();
    return json(200, { ok: true });
  });
}

async function passwordStep() {
  renderScreen(<LoginRoute />, { path: '/login', routes: [contact] });
  await userEvent.type(screen.getByLabelText('Nazwa użytkownika lub email'), 'ala');
  await userEvent.type(screen.getByLabelText('Hasło'), 'Zielony-Kot-42');
  await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
}

// Typing into three screens is slow on a busy shared machine.
describe('login step with the authenticator app', { timeout: 20_000 }, () => {
  it('asks for the app code, without an e-mail button when e-mail codes are off', async () => {
    const calls = answerLogin(['totp', 'recovery']);
    await passwordStep();
    const field = await screen.findByLabelText('Kod z aplikacji');
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(screen.queryByRole('button', { name: 'Wyślij kod e-mailem' })).toBeNull();
    await userEvent.type(field, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Potwierdź' }));
    await screen.findByText('Strona Kontakt');
    expect(calls.find((c) => c.url === '/api/auth/mfa/verify')?.body).toEqual({
      userId: 7,
      code: '123456',
      rememberMe: false,
      method: 'totp',
    });
  });

  it('„Użyj kodu zapasowego” takes a recovery code, and a refusal is shown', async () => {
    let isRight = false;
    const calls = answerLogin(['totp', 'recovery'], () =>
      isRight ? json(200, { ok: true, user: TEST_USER }) : json(400, { error: 'invalid_code' }),
    );
    await passwordStep();
    await screen.findByLabelText('Kod z aplikacji');
    await userEvent.click(screen.getByRole('button', { name: 'Użyj kodu zapasowego' }));
    const field = screen.getByLabelText('Kod zapasowy');
    // Recovery codes have letters: phones get the full keyboard.
    expect(field.getAttribute('inputmode')).toBe('text');
    await userEvent.type(field, 'abcde-fghjk');
    await userEvent.click(screen.getByRole('button', { name: 'Potwierdź' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Niepoprawny kod');
    isRight = true;
    await userEvent.click(screen.getByRole('button', { name: 'Potwierdź' }));
    await screen.findByText('Strona Kontakt');
    expect(calls.filter((c) => c.url === '/api/auth/mfa/verify').at(-1)?.body).toMatchObject({
      code: 'abcde-fghjk',
      method: 'recovery',
    });
  });

  it('„Wyślij kod e-mailem” sends the code on request and switches to the e-mailed-code form', async () => {
    const calls = answerLogin(['totp', 'recovery', 'email']);
    await passwordStep();
    await screen.findByLabelText('Kod z aplikacji');
    expect(calls.some((c) => c.url === '/api/auth/mfa/send-email')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Wyślij kod e-mailem' }));
    const field = await screen.findByLabelText('Kod z e-maila');
    expect(calls.find((c) => c.url === '/api/auth/mfa/send-email')?.body).toEqual({ userId: 7 });
    expect(screen.getByText('Wysłaliśmy kod na email')).toBeTruthy();
    await userEvent.type(field, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Potwierdź' }));
    await screen.findByText('Strona Kontakt');
    expect(calls.find((c) => c.url === '/api/auth/mfa/verify')?.body).toEqual({
      userId: 7,
      code: '654321',
      rememberMe: false,
    });
  });
});
