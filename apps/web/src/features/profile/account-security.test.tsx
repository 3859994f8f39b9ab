import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  renderScreen,
  resetScreenTest,
  type StubbedCall,
  setSessionHint,
  stubFetch,
  TEST_USER,
} from '~/test/account-screens';
import { lastUsedInWords } from './lib/last-used';
import ProfileRoute from './profile-route';

/* Issue 19 on /profile: „Zalogowane urządzenia”, „Zmień hasło”, „Zmień adres e-mail”. */

afterEach(() => resetScreenTest());
// The whole profile renders in each test, and typing runs key by key on a shared, busy machine.
vi.setConfig({ testTimeout: 20_000 });

const now = Date.now();
const ago = (ms: number) => new Date(now - ms).toISOString();
const SESSIONS = [
  {
    id: 7,
    current: true,
    created_at: ago(3_600_000),
    last_used_at: ago(10_000),
    user_agent: 'UA1',
    ip: '203.0.113.5',
    device: 'Firefox 133 · Linux',
  },
  {
    id: 9,
    current: false,
    created_at: ago(86_400_000 * 3),
    last_used_at: ago(5 * 3_600_000),
    user_agent: 'UA2',
    ip: '198.51.100.7',
    device: 'Safari 18 · iOS 18.1',
  },
];

type Answer = (call: StubbedCall) => Response | Promise<Response>;

function stubApi(routes: Record<string, Answer> = {}) {
  setSessionHint();
  let sessions = SESSIONS;
  return stubFetch((call) => {
    if (call.url === '/api/auth/me') return json(200, { user: TEST_USER, isStaff: false });
    if (call.url === '/api/profile/notifications') return json(200, { email: true });
    const answer = routes[`${call.method} ${call.url}`];
    if (answer) return answer(call);
    if (call.url === '/api/profile/sessions') return json(200, { sessions });
    if (call.method === 'DELETE' && call.url.startsWith('/api/profile/sessions/')) {
      sessions = sessions.filter((s) => `/api/profile/sessions/${s.id}` !== call.url);
      return json(200, { ok: true });
    }
    if (call.url === '/api/profile/sessions/revoke-others') {
      const ended = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return json(200, { ok: true, ended });
    }
    return json(200, { ok: true });
  });
}

async function sessionsSection() {
  const heading = await screen.findByRole('heading', { name: 'Zalogowane urządzenia' });
  const section = heading.closest('section');
  if (!section) throw new Error('no section');
  await within(section).findByText(/Firefox 133/);
  return section;
}

describe('„Zalogowane urządzenia”', () => {
  it('lists each browser with its name, IP and last use, marks this one and signs another out', async () => {
    const calls = stubApi();
    renderScreen(<ProfileRoute />, { path: '/profile' });
    const section = await sessionsSection();
    const rows = within(section).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('To urządzenie');
    expect(rows[0]?.textContent).toContain('IP 203.0.113.5');
    expect(rows[0]?.textContent).toContain('przed chwilą');
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(rows[1]?.textContent).toContain('Safari 18 · iOS 18.1');
    expect(rows[1]?.textContent).toContain('5 godzin temu');

    await userEvent.click(
      within(rows[1] as HTMLElement).getByRole('button', { name: 'Wyloguj: Safari 18 · iOS 18.1' }),
    );
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/profile/sessions/9')).toBe(
      true,
    );
    // With no other browser left, „Wyloguj wszystkie pozostałe” goes away.
    expect(
      within(section).queryByRole('button', { name: 'Wyloguj wszystkie pozostałe' }),
    ).toBeNull();
  });

  it('„Wyloguj wszystkie pozostałe” ends the others at once', async () => {
    const calls = stubApi();
    renderScreen(<ProfileRoute />, { path: '/profile' });
    const section = await sessionsSection();
    await userEvent.click(
      within(section).getByRole('button', { name: 'Wyloguj wszystkie pozostałe' }),
    );
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.filter((c) => c.url === '/api/profile/sessions/revoke-others')).toHaveLength(1);
  });

  it('says so in Polish when the browser was already signed out', async () => {
    stubApi({ 'DELETE /api/profile/sessions/9': () => json(404, { error: 'not_found' }) });
    renderScreen(<ProfileRoute />, { path: '/profile' });
    const section = await sessionsSection();
    await userEvent.click(within(section).getByRole('button', { name: /^Wyloguj: Safari/ }));
    expect(await within(section).findByText('To urządzenie jest już wylogowane')).toBeTruthy();
  });
});

describe('„Zmień hasło”', () => {
  it('checks the fields, sends both passwords and confirms', async () => {
    const calls = stubApi();
    renderScreen(<ProfileRoute />, { path: '/profile' });
    const form = (await screen.findByRole('heading', { name: 'Zmień hasło' })).closest('form');
    if (!form) throw new Error('no form');
    const inside = within(form);
    await userEvent.click(inside.getByRole('button', { name: 'Zmień hasło' }));
    expect(inside.getAllByText('To pole jest wymagane').length).toBeGreaterThan(0);
    expect(calls.some((c) => c.url === '/api/profile/password')).toBe(false);

    await userEvent.type(inside.getByLabelText('Obecne hasło'), 'Stare-Haslo-123');
    await userEvent.type(inside.getByLabelText('Nowe hasło'), 'Nowe-Haslo-456');
    await userEvent.type(inside.getByLabelText('Powtórz nowe hasło'), 'Nowe-Haslo-456');
    await userEvent.click(inside.getByRole('button', { name: 'Zmień hasło' }));
    expect(
      await inside.findByText('Hasło zostało zmienione. Pozostałe urządzenia wylogowano.'),
    ).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/profile/password')?.body).toEqual({
      current_password: 'Stare-Haslo-123',
      new_password: 'Nowe-Haslo-456',
    });
  });

  it('shows a wrong current password in Polish', async () => {
    stubApi({
      'POST /api/profile/password': () => json(400, { error: 'invalid_credentials' }),
    });
    renderScreen(<ProfileRoute />, { path: '/profile' });
    const form = (await screen.findByRole('heading', { name: 'Zmień hasło' })).closest('form');
    if (!form) throw new Error('no form');
    const inside = within(form);
    await userEvent.type(inside.getByLabelText('Obecne hasło'), 'zle-haslo-1');
    await userEvent.type(inside.getByLabelText('Nowe hasło'), 'Nowe-Haslo-456');
    await userEvent.type(inside.getByLabelText('Powtórz nowe hasło'), 'Nowe-Haslo-456');
    await userEvent.click(inside.getByRole('button', { name: 'Zmień hasło' }));
    expect(await inside.findByText('Niepoprawne obecne hasło')).toBeTruthy();
  });
});

describe('„Zmień adres e-mail”', () => {
  it('asks for the password, then the code from the new address, and shows the new address', async () => {
    const calls = stubApi();
    renderScreen(<ProfileRoute />, { path: '/profile' });
    const heading = await screen.findByRole('heading', { name: 'Zmień adres e-mail' });
    const section = heading.closest('section');
    if (!section) throw new Error('no section');
    const inside = within(section);
    await userEvent.type(inside.getByLabelText('Nowy adres e-mail'), 'nowy@example.com');
    await userEvent.type(inside.getByLabelText('Hasło do konta'), 'Sekretne-Haslo-42');
    await userEvent.click(inside.getByRole('button', { name: 'Wyślij kod' }));
    expect(await inside.findByText('Wysłaliśmy kod na nowy adres e-mail')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/profile/email')?.body).toEqual({
      new_email: 'nowy@example.com',
      password: 'Sekretne-Haslo-42',
    });
    await userEvent.type(inside.getByLabelText('Kod z e-maila'), '123456');
    await userEvent.click(inside.getByRole('button', { name: 'Potwierdź zmianę' }));
    expect(await inside.findByText('Adres e-mail został zmieniony')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/profile/email/confirm')?.body).toEqual({
      code: '123456',
    });
    expect(inside.getByText('nowy@example.com')).toBeTruthy();
  });
});

describe('„Zmień adres e-mail” checks', () => {
  it('does not ask for a code for the current address', async () => {
    const calls = stubApi();
    renderScreen(<ProfileRoute />, { path: '/profile' });
    const heading = await screen.findByRole('heading', { name: 'Zmień adres e-mail' });
    const inside = within(heading.closest('section') as HTMLElement);
    await userEvent.type(inside.getByLabelText('Nowy adres e-mail'), TEST_USER.email.toUpperCase());
    await userEvent.type(inside.getByLabelText('Hasło do konta'), 'Sekretne-Haslo-42');
    await userEvent.click(inside.getByRole('button', { name: 'Wyślij kod' }));
    expect(await inside.findByText('To jest Twój obecny adres e-mail')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/profile/email')).toBe(false);
  });
});

describe('lastUsedInWords', () => {
  it('reads in Polish with the right noun forms', () => {
    const base = Date.parse('2026-11-25T12:00:00Z');
    const at = (ms: number) => new Date(base - ms).toISOString();
    expect(lastUsedInWords(at(30_000), base)).toBe('przed chwilą');
    expect(lastUsedInWords(at(2 * 60_000), base)).toBe('2 minuty temu');
    expect(lastUsedInWords(at(5 * 60_000), base)).toBe('5 minut temu');
    expect(lastUsedInWords(at(22 * 60_000), base)).toBe('22 minuty temu');
    expect(lastUsedInWords(at(3_600_000), base)).toBe('1 godzinę temu');
    expect(lastUsedInWords(at(12 * 3_600_000), base)).toBe('12 godzin temu');
    expect(lastUsedInWords(at(30 * 3_600_000), base)).toBe('wczoraj');
    expect(lastUsedInWords(at(3 * 86_400_000), base)).toBe('3 dni temu');
    expect(lastUsedInWords(at(60 * 86_400_000), base)).toBe('26 września 2026');
  });
});
