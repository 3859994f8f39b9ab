import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_QUERY_KEY } from '~/lib/session';
import {
  json,
  renderScreen,
  resetScreenTest,
  type StubbedCall,
  setSessionHint,
  stubFetch,
  TEST_USER,
} from '~/test/account-screens';
import ProfileRoute from './profile-route';

/*
 * The user's own data on /profile: 'Pobierz moje dane' and 'Usuń konto'.
 * The server is answered by the same fetch stub as profile-screens.test.tsx;
 * api.download itself is tested against a real HTTP server in lib/.
 */

const user = TEST_USER;

const ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
const zip = (filename = 'moje-dane-2026-11-23.zip') =>
  new Response(ZIP, {
    status: 200,
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${filename}"`,
    },
  });

const home = {
  path: '/',
  element: (
    <>
      <p>Strona główna</p>
      <Toaster />
    </>
  ),
};
const login = { path: '/login', element: <p>Strona logowania</p> };

type Answer = (call: StubbedCall) => Response | Promise<Response>;

function stubApi(routes: Record<string, Answer> = {}) {
  setSessionHint();
  return stubFetch((call) => {
    if (call.url === '/api/auth/me') return json(200, { user, isStaff: false });
    if (call.url === '/api/profile/notifications') return json(200, { email: true });
    const answer = routes[call.url];
    return answer ? answer(call) : json(200, { ok: true });
  });
}

/** A promise the test settles itself, to look at the screen while a request is in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

interface SavedFile {
  href: string;
  download: string;
  blob: Blob | undefined;
}

let saved: SavedFile[] = [];
let blobs: Map<string, Blob>;

beforeEach(() => {
  // jsdom has no object URLs and does not download; record what would be saved instead.
  saved = [];
  blobs = new Map();
  let next = 0;
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:test/${++next}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void blobs.delete(url);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ href: this.href, download: this.download, blob: blobs.get(this.href) });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  resetScreenTest();
});

const PASSWORD = 'Sekretne-Haslo-42';

/** The export asks for the account's password first (DESIGN.md §7.3). */
async function exportWithPassword(password = PASSWORD) {
  await userEvent.type(
    await screen.findByLabelText('Hasło', { selector: 'input[type="password"]' }),
    password,
  );
  const button = screen.getByRole('button', { name: 'Pobierz moje dane' });
  await userEvent.click(button);
  return button;
}

describe("'Pobierz moje dane'", () => {
  it('explains the ZIP, shows a busy state, ignores a second click and saves the file', async () => {
    const answer = deferred<Response>();
    const calls = stubApi({ '/api/profile/export': () => answer.promise });
    renderScreen(<ProfileRoute />, { path: '/profile' });

    const button = await screen.findByRole('button', { name: 'Pobierz moje dane' });
    expect(button.getAttribute('aria-describedby')).toBe('export-description');
    expect(screen.getByText(/konto\.json/).textContent).toContain('zgloszenia.json');
    await exportWithPassword();
    expect(button.textContent).toBe('Przygotowywanie pliku…');
    expect(button.getAttribute('aria-busy')).toBe('true');
    await userEvent.click(button);

    answer.resolve(zip());
    expect(await screen.findByText('Pobrano plik moje-dane-2026-11-23.zip')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/profile/export')).toHaveLength(1);
    expect(calls.find((c) => c.url === '/api/profile/export')?.method).toBe('POST');
    expect(calls.find((c) => c.url === '/api/profile/export')?.body).toEqual({
      password: PASSWORD,
    });
    expect(saved).toHaveLength(1);
    expect(saved[0]?.download).toBe('moje-dane-2026-11-23.zip');
    expect(saved[0]?.href).toMatch(/^blob:/);
    const blob = saved[0]?.blob ?? new Blob();
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(ZIP);
    // The temporary link is gone from the page.
    expect(document.querySelector('a[download]')).toBeNull();
    expect(button.textContent).toBe('Pobierz moje dane');
  });

  it.each([
    [
      'rate_limited',
      () => json(429, { error: 'rate_limited' }),
      'Zbyt wiele prób. Spróbuj ponownie za chwilę.',
    ],
    ['a server error', () => json(500, { error: 'internal' }), 'Nie udało się pobrać danych'],
    ['an ended session', () => json(401, { error: 'unauthorized' }), 'Nie udało się pobrać danych'],
    [
      'no answer',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'Błąd sieci',
    ],
    ['a wrong password', () => json(400, { error: 'invalid_credentials' }), 'Niepoprawne hasło'],
  ])('maps %s to a Polish alert and saves nothing', async (_, answer, message) => {
    stubApi({ '/api/profile/export': answer });
    renderScreen(<ProfileRoute />, { path: '/profile' });
    await exportWithPassword();
    const alert = await screen.findByText(message);
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('falls back to moje-dane.zip when the server names no file', async () => {
    stubApi({
      '/api/profile/export': () =>
        new Response(ZIP, { status: 200, headers: { 'Content-Type': 'application/zip' } }),
    });
    renderScreen(<ProfileRoute />, { path: '/profile' });
    await exportWithPassword();
    expect(await screen.findByText('Pobrano plik moje-dane.zip')).toBeTruthy();
    expect(saved[0]?.download).toBe('moje-dane.zip');
  });

  it('asks for the password before sending anything', async () => {
    const calls = stubApi({ '/api/profile/export': () => zip() });
    renderScreen(<ProfileRoute />, { path: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Pobierz moje dane' }));
    expect(await screen.findByText('To pole jest wymagane')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/profile/export')).toHaveLength(0);
    expect(saved).toHaveLength(0);
  });
});

/** The dialog's one alert (or status) region says `message`; the regions are always mounted. */
async function expectRegion(dialog: HTMLElement, role: 'alert' | 'status', message: string) {
  await waitFor(() => expect(within(dialog).getByRole(role).textContent).toBe(message));
}

async function openDeleteDialog() {
  const opener = await screen.findByRole('button', { name: 'Usuń konto' });
  await userEvent.click(opener);
  const dialog = await screen.findByRole('alertdialog', { name: 'Usunąć konto na zawsze?' });
  return { opener, dialog };
}

describe("'Usuń konto'", () => {
  it('opens an alertdialog that explains the deletion, focuses Anuluj and closes on Escape', async () => {
    const calls = stubApi();
    renderScreen(<ProfileRoute />, { path: '/profile' });
    const { opener, dialog } = await openDeleteDialog();

    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toContain(
      'Konto, wszystkie Twoje zgłoszenia, wiadomości i pliki zostaną usunięte na zawsze.',
    );
    expect(description?.textContent).toContain('ala@example.com');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Anuluj' }));
    expect(within(dialog).queryByLabelText(/Kod z e-maila/)).toBeNull();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    // Anuluj closes too, and nothing was sent.
    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'Anuluj' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/profile/delete'))).toBe(false);
  });

  it.each([
    ['email_failed', () => json(502, { error: 'email_failed' }), 'Nie udało się wysłać kodu'],
    [
      'rate_limited',
      () => json(429, { error: 'rate_limited' }),
      'Zbyt wiele prób. Spróbuj ponownie za chwilę.',
    ],
    [
      'no answer',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'Błąd sieci',
    ],
  ])('step 1 reports %s and stays on step 1', async (_, answer, message) => {
    stubApi({ '/api/profile/delete/request': answer });
    renderScreen(<ProfileRoute />, { path: '/profile' });
    const { dialog } = await openDeleteDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Wyślij kod' }));
    await expectRegion(dialog, 'alert', message);
    expect(within(dialog).queryByLabelText(/Kod z e-maila/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Wyślij kod' })).toBeTruthy();
  });

  it('step 2 checks the code, maps invalid_code, guards double submits and deletes the account', async () => {
    let wrong = true;
    const answer = deferred<Response>();
    const calls = stubApi({
      '/api/profile/delete/confirm': () =>
        wrong ? json(400, { error: 'invalid_code' }) : answer.promise,
    });
    sessionStorage.setItem('studio.returnPath', '/contact?ticket=3');
    sessionStorage.setItem('studio.returnTicketId', '3');
    const { router, queryClient } = renderScreen(<ProfileRoute />, {
      path: '/profile',
      routes: [home, login],
    });
    const { dialog } = await openDeleteDialog();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Wyślij kod' }));
    await expectRegion(dialog, 'status', 'Wysłaliśmy kod na email');
    expect(calls.filter((c) => c.url === '/api/profile/delete/request')).toHaveLength(1);
    expect(calls.find((c) => c.url === '/api/profile/delete/request')?.method).toBe('POST');
    const code = within(dialog).getByLabelText(/Kod z e-maila/) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(code));
    const submit = within(dialog).getByRole('button', { name: 'Usuń konto na zawsze' });

    // Nothing is sent for an empty or short code; letters never get in.
    await userEvent.click(submit);
    expect(within(dialog).getByText('To pole jest wymagane')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(code, '12a3');
    expect(code.value).toBe('123');
    await userEvent.click(submit);
    expect(within(dialog).getByText('Kod musi mieć 6 cyfr')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/profile/delete/confirm')).toBe(false);

    await userEvent.type(code, '456');
    await userEvent.click(submit);
    await expectRegion(dialog, 'alert', 'Niepoprawny kod');
    expect(code.getAttribute('aria-invalid')).toBeNull();
    expect(calls.filter((c) => c.url === '/api/profile/delete/confirm').map((c) => c.body)).toEqual(
      [{ code: '123456' }],
    );

    // A new code can be asked for from step 2.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Wyślij kod ponownie' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/profile/delete/request')).toHaveLength(2),
    );

    wrong = false;
    await userEvent.click(submit);
    expect(submit.textContent).toBe('Usuwanie konta…');
    // A second submit (Enter) while the first runs sends nothing more, and Escape cannot close it.
    code.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    answer.resolve(json(200, { ok: true }));

    expect(await screen.findByText('Strona główna')).toBeTruthy();
    expect(await screen.findByText('Konto zostało usunięte')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(calls.filter((c) => c.url === '/api/profile/delete/confirm')).toHaveLength(2);
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull();
    expect(sessionStorage.getItem('studio.returnPath')).toBeNull();
    expect(sessionStorage.getItem('studio.returnTicketId')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it.each([
    [
      'rate_limited',
      () => json(429, { error: 'rate_limited' }),
      'Zbyt wiele prób. Spróbuj ponownie za chwilę.',
    ],
    ['a server error', () => json(500, { error: 'internal' }), 'Nie udało się usunąć konta'],
    [
      'no answer',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'Błąd sieci',
    ],
  ])('step 2 reports %s and keeps the session', async (_, answer, message) => {
    stubApi({ '/api/profile/delete/confirm': answer });
    const { router, queryClient } = renderScreen(<ProfileRoute />, {
      path: '/profile',
      routes: [home],
    });
    const { dialog } = await openDeleteDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Wyślij kod' }));
    await userEvent.type(await within(dialog).findByLabelText(/Kod z e-maila/), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usuń konto na zawsze' }));
    await expectRegion(dialog, 'alert', message);
    expect(router.state.location.pathname).toBe('/profile');
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toMatchObject({ user });
    // Once the request has failed, Escape closes again.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
