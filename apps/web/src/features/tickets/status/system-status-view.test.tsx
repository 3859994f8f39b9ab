import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  renderScreen,
  resetScreenTest,
  setSessionHint,
  stubFetch,
  TEST_USER,
} from '~/test/account-screens';
import SystemStatusRoute from '../system-status-route';

vi.setConfig({ testTimeout: 20_000 });

const admin = { ...TEST_USER, is_admin: true };

const STATUS = {
  version: '1.4.0',
  started_at: '2026-11-27T08:30:00.000Z',
  checks: [
    { id: 'database', state: 'ok', detail: 'PostgreSQL działa, zajmuje 12 MB; odpowiedź w 3 ms.' },
    {
      id: 'mail_out',
      state: 'fail',
      detail: 'Ostatnia próba wysyłki nie powiodła się: sprawdź SMTP_URL.',
    },
    {
      id: 'mail_in',
      state: 'warn',
      detail: 'Skrzynka odpowiada, ale Kontakt nie jest z nią jeszcze połączony.',
    },
  ],
};

const steps = (mailDone: boolean) => ({
  steps: [
    { id: 'studio_details', done: true },
    { id: 'mail_out_tested', done: mailDone },
    { id: 'mailbox_connected', done: false },
    { id: 'backup_made', done: false },
  ],
  done: false,
});

function stubStatus(
  user: typeof TEST_USER,
  answers: { status?: () => Response; testMail?: () => Response } = {},
) {
  setSessionHint();
  let mailSent = false;
  return stubFetch((call) => {
    if (call.url === '/api/auth/me') return json(200, { user, isStaff: user.is_admin });
    if (call.url === '/api/admin/status') return answers.status?.() ?? json(200, STATUS);
    if (call.url === '/api/admin/first-run') return json(200, steps(mailSent));
    if (call.url === '/api/admin/status/test-mail' && call.method === 'POST') {
      const answer = answers.testMail?.() ?? json(200, { sent: true, to: 'szef@studio.pl' });
      mailSent = answers.testMail === undefined;
      return answer;
    }
    return json(404, { error: 'not_found' });
  });
}

afterEach(resetScreenTest);

describe('/contact/status', () => {
  it('shows each check with its state in words and what to do, and the version', async () => {
    stubStatus(admin);
    renderScreen(<SystemStatusRoute />, { path: '/contact/status' });
    const mailOut = await screen.findByTestId('status-mail_out');
    expect(within(mailOut).getByRole('heading', { name: 'Poczta wychodząca' })).toBeTruthy();
    expect(mailOut.textContent).toContain('Awaria');
    expect(mailOut.textContent).toContain('sprawdź SMTP_URL');
    expect(screen.getByTestId('status-database').textContent).toContain('Działa');
    expect(screen.getByTestId('status-mail_in').textContent).toContain('Uwaga');
    expect(screen.getByText(/Wersja 1\.4\.0; serwer działa od 27 listopada 2026/)).toBeTruthy();
  });

  it('walks „Pierwsze kroki”: the test mail button sends and the step is then done', async () => {
    const calls = stubStatus(admin);
    renderScreen(<SystemStatusRoute />, { path: '/contact/status' });
    const checklist = await screen.findByRole('region', { name: 'Pierwsze kroki' });
    expect(checklist.textContent).toContain('Zrobione 1 z 4');
    expect(within(checklist).getByText('Dane studia').textContent).toContain(': zrobione');
    const button = within(checklist).getByRole('button', { name: 'Wyślij e-mail próbny' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect((await screen.findByRole('status', { name: '' }, { timeout: 5000 })).textContent).toBe(
      'Wysłano na szef@studio.pl. Sprawdź, czy dotarł.',
    );
    expect(calls.filter((c) => c.url === '/api/admin/status/test-mail')).toHaveLength(1);
    await waitFor(() => expect(checklist.textContent).toContain('Zrobione 2 z 4'));
  });

  it('says why the test mail was not sent', async () => {
    stubStatus(admin, {
      testMail: () =>
        json(200, {
          sent: false,
          to: 'szef@studio.pl',
          detail:
            'Serwer poczty nie przyjął wiadomości: connect ECONNREFUSED. Sprawdź SMTP_URL i spróbuj ponownie.',
        }),
    });
    renderScreen(<SystemStatusRoute />, { path: '/contact/status' });
    await userEvent.click(await screen.findByRole('button', { name: 'Wyślij e-mail próbny' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Nie wysłano na szef@studio.pl. Serwer poczty nie przyjął wiadomości: connect ECONNREFUSED. Sprawdź SMTP_URL i spróbuj ponownie.',
    );
  });

  it('shows an error with a retry when the status cannot be read', async () => {
    stubStatus(admin, { status: () => json(500, { error: 'internal' }) });
    renderScreen(<SystemStatusRoute />, { path: '/contact/status' });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert.textContent).toContain('Nie udało się sprawdzić stanu systemu.');
    expect(within(alert).getByRole('button', { name: 'Spróbuj ponownie' })).toBeTruthy();
  });

  it('is not there for a customer', async () => {
    const calls = stubStatus(TEST_USER);
    renderScreen(<SystemStatusRoute />, { path: '/contact/status' });
    expect(await screen.findByText('Nie znaleziono strony')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/admin/'))).toBe(false);
  });
});
