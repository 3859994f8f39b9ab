import type { MailboxMail } from '@studio/shared/mailbox';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, resetScreenTest, setSessionHint, TEST_USER } from '~/test/account-screens';
import { FakeEventSource } from '~/test/fake-event-source';
import MailboxRoute from '../mailbox-route';

/*
 * „Skrzynka” (issue 29) against canned answers: fetch for the API calls (with
 * their abort signals, to see a typed-over search cancelled) and a fake
 * EventSource for the admins' list stream.
 */

vi.setConfig({ testTimeout: 20_000 });

// jsdom has no layout, so every element reports no client rects; the dialog's
// focus trap skips invisible elements, so give them one box each (as dialog.test.tsx does).
Object.defineProperty(HTMLElement.prototype, 'getClientRects', {
  configurable: true,
  value: () => [{ width: 1, height: 1 }],
});

const admin = { ...TEST_USER, id: 1, username: 'wsparcie', is_admin: true };

const mail = (id: string, extra: Partial<MailboxMail> = {}): MailboxMail => ({
  id,
  from: 'obcy@example.org',
  from_name: 'Jan Obcy',
  subject: `Sprawa ${id}`,
  date: '2026-11-20T09:30:00.000Z',
  reason: 'unknown_sender',
  size: 2048,
  ...extra,
});

const ticket = (id: number, number: number, subject: string, username = 'ala') => ({
  id,
  seq: 1,
  number,
  subject,
  username,
  owner_id: 7,
  status: 'open',
  awaiting: 'staff',
  awaiting_since: null,
  assignee: null,
  unread_count: 0,
  created_at: '2026-11-02T10:00:00.000Z',
  last_activity_at: '2026-11-02T10:00:00.000Z',
});

interface Call {
  url: string;
  method: string;
  body: unknown;
  signal: AbortSignal | undefined;
}

type Answer = (call: Call) => Response | Promise<Response>;

/**
 * The server as the screen sees it: the folder holds `folder.mails`, and a
 * handled mail leaves it. `answers` overrides a route (`METHOD url`).
 */
function stubMailboxApi({
  user = admin,
  mails = [mail('7.3'), mail('7.2'), mail('7.1')],
  total,
  configured = true,
  answers = {},
}: {
  user?: typeof TEST_USER;
  mails?: MailboxMail[];
  total?: number;
  configured?: boolean;
  answers?: Record<string, Answer>;
} = {}) {
  setSessionHint();
  const folder = { mails, extra: (total ?? mails.length) - mails.length };
  const calls: Call[] = [];
  const leave = (id: string) => {
    folder.mails = folder.mails.filter((m) => m.id !== id);
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      signal: init?.signal ?? undefined,
    };
    calls.push(call);
    const override = answers[`${call.method} ${call.url.split('?')[0]}`];
    if (override) return override(call);
    if (call.url === '/api/auth/me') return json(200, { user, isStaff: user.is_admin });
    if (call.url === '/api/admin/mailbox') {
      return json(200, {
        mails: folder.mails,
        total: folder.mails.length + folder.extra,
        configured,
      });
    }
    const action = call.url.match(/^\/api\/admin\/mailbox\/([\d.]+)(\/ticket|\/attach)?$/);
    if (action?.[1]) {
      const id = action[1];
      if (!folder.mails.some((m) => m.id === id)) return json(404, { error: 'not_found' });
      leave(id);
      if (action[2] === '/ticket') return json(200, { ticket_id: 42 });
      if (action[2] === '/attach') return json(200, { message_id: 900 });
      return new Response(null, { status: 204 });
    }
    if (call.url.startsWith('/api/tickets?')) {
      const q = new URL(call.url, 'http://x').searchParams.get('q') ?? '';
      const all = [
        ticket(11, 1041, 'Faktura za listopad'),
        ticket(12, 1042, 'Strona nie działa', 'ola'),
      ];
      return json(200, {
        tickets: all.filter((t) => !q || t.subject.toLowerCase().includes(q.toLowerCase())),
        next_cursor: null,
      });
    }
    return json(404, { error: 'not_found' });
  });
  return { calls, folder };
}

const mailboxGets = (calls: Call[]) =>
  calls.filter((c) => c.method === 'GET' && c.url === '/api/admin/mailbox');

/** Where „Otwórz zgłoszenie” lands: the workspace, shown here as its address. */
function WorkspaceStandIn() {
  const location = useLocation();
  return <p data-testid="workspace">{`${location.pathname}${location.search}`}</p>;
}

/** As the app lays it out: the toaster outlives a navigation, and its toasts may hold links. */
function Layout() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

function renderMailbox() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/contact/mailbox', element: <MailboxRoute /> },
          { path: '/contact', element: <WorkspaceStandIn /> },
        ],
      },
    ],
    { initialEntries: ['/contact/mailbox'] },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const rows = () => screen.queryAllByTestId('mailbox-mail');
const row = (subject: string) => {
  const found = rows().find((r) => within(r).queryByRole('heading', { name: subject }));
  if (!found) throw new Error(`no row „${subject}”`);
  return found;
};

beforeEach(() => {
  FakeEventSource.open = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  // Toasts live in sonner's module state: one test's must not crowd the next one's out.
  toast.dismiss();
  resetScreenTest();
});

describe('the list and its states', () => {
  it('lists each mail with sender, subject, date, size and the reason in Polish, newest first', async () => {
    stubMailboxApi({
      mails: [
        mail('7.9', { subject: 'Oferta współpracy', size: 3 * 1024 * 1024 }),
        mail('7.8', {
          subject: '  ',
          from_name: null,
          from: 'noreply@bank.example',
          reason: 'automatic',
          size: 512,
        }),
        mail('7.5', { subject: 'Re: Zgłoszenie', from: null, from_name: null, reason: 'other' }),
      ],
    });
    renderMailbox();
    expect(await screen.findByRole('heading', { level: 1, name: 'Skrzynka' })).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [first, second, third] = rows();
    expect(first?.textContent).toContain('Oferta współpracy');
    expect(first?.textContent).toContain('Jan Obcy');
    expect(first?.textContent).toContain('<obcy@example.org>');
    expect(first?.textContent).toContain('3,0 MB');
    expect(first?.textContent).toContain('Nadawca nie ma konta');
    expect(first?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-20T09:30:00.000Z');
    expect(first?.querySelector('time')?.textContent).toMatch(/20\.11\.2026/);
    expect(second?.textContent).toContain('(bez tematu)');
    expect(second?.textContent).toContain('noreply@bank.example');
    expect(second?.textContent).toContain('512 B');
    expect(second?.textContent).toContain('Wiadomość automatyczna');
    expect(third?.textContent).toContain('(nadawca nieznany)');
    expect(third?.textContent).toContain('Powód nieznany');
    expect(screen.getByTestId('mailbox-total').textContent).toBe('Odłożone: 3 maile');
    expect(screen.queryByTestId('mailbox-more')).toBeNull();
    // Every action of a row is a button a keyboard reaches, named by what it does.
    const actions = within(first as HTMLElement).getAllByRole('button');
    expect(actions.map((b) => b.textContent)).toEqual([
      'Otwórz zgłoszenie',
      'Dołącz do zgłoszenia',
      'Do kosza',
    ]);
    expect(actions[0]?.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('says how many more mails wait in the folder when the list shows only the newest', async () => {
    stubMailboxApi({ mails: [mail('7.3'), mail('7.2')], total: 205 });
    renderMailbox();
    const more = await screen.findByTestId('mailbox-more');
    expect(more.textContent).toContain('2 z 205');
    expect(more.textContent).toContain('(203)');
    expect(more.textContent).toContain('„Kontakt/Nieprzypisane”');
    expect(screen.getByTestId('mailbox-total').textContent).toBe('Odłożone: 205 maili');
  });

  it('says so when the Skrzynka is empty', async () => {
    stubMailboxApi({ mails: [] });
    renderMailbox();
    expect(
      await screen.findByText('Skrzynka jest pusta — wszystkie maile trafiły do zgłoszeń.'),
    ).toBeTruthy();
    expect(rows()).toHaveLength(0);
  });

  it('explains that the support mailbox is not connected without IMAP_URL', async () => {
    stubMailboxApi({ mails: [], configured: false });
    renderMailbox();
    expect(await screen.findByText('Skrzynka pocztowa zespołu nie jest podłączona.')).toBeTruthy();
    expect(screen.getByText('IMAP_URL')).toBeTruthy();
    expect(screen.queryByText(/Skrzynka jest pusta/)).toBeNull();
  });

  it('shows that it is loading, then the list', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { folder } = stubMailboxApi({
      answers: {
        'GET /api/admin/mailbox': async () => {
          await held;
          return json(200, { mails: folder.mails, total: 3, configured: true });
        },
      },
    });
    renderMailbox();
    expect(await screen.findByText('Wczytywanie Skrzynki…')).toBeTruthy();
    release();
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it('while the mailbox is unreachable (503) says so and tries again on „Spróbuj ponownie”', async () => {
    let unreachable = true;
    const { calls, folder } = stubMailboxApi({
      answers: {
        'GET /api/admin/mailbox': () =>
          unreachable
            ? json(503, { error: 'service_unavailable' })
            : json(200, { mails: folder.mails, total: folder.mails.length, configured: true }),
      },
    });
    renderMailbox();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Nie udało się połączyć ze skrzynką pocztową zespołu. Spróbuj ponownie za chwilę.',
    );
    expect(alert.textContent).toContain('Maile są bezpieczne w skrzynce pocztowej');
    unreachable = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Spróbuj ponownie' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(mailboxGets(calls)).toHaveLength(2);
  });

  it('says any other failure in Polish, with a retry', async () => {
    stubMailboxApi({
      answers: { 'GET /api/admin/mailbox': () => json(500, { error: 'internal' }) },
    });
    renderMailbox();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nie udało się wczytać Skrzynki. Spróbuj ponownie.');
    expect(within(alert).getByRole('button', { name: 'Spróbuj ponownie' })).toBeTruthy();
  });

  it('is a not-found page for a customer, who never asks for the Skrzynka', async () => {
    const { calls } = stubMailboxApi({ user: TEST_USER });
    renderMailbox();
    expect(await screen.findByText('Nie znaleziono strony')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/admin/mailbox'))).toBe(false);
    expect(FakeEventSource.open).toHaveLength(0);
  });

  it('reads the list again when the stream says the folder changed', async () => {
    const { calls, folder } = stubMailboxApi();
    renderMailbox();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const stream = FakeEventSource.open.find((s) => s.url === '/api/stream/tickets');
    expect(stream).toBeTruthy();
    folder.mails = [mail('7.4', { subject: 'Nowy mail od obcego' }), ...folder.mails];
    act(() => stream?.emit('mailbox', { total: 4 }));
    expect(await screen.findByRole('heading', { name: 'Nowy mail od obcego' })).toBeTruthy();
    expect(rows()).toHaveLength(4);
    expect(mailboxGets(calls)).toHaveLength(2);
  });
});

describe('„Otwórz zgłoszenie”', () => {
  it('opens a ticket for the sender, takes the mail off the list and goes to the ticket', async () => {
    const { calls } = stubMailboxApi();
    renderMailbox();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(
      within(row('Sprawa 7.2')).getByRole('button', { name: 'Otwórz zgłoszenie' }),
    );
    expect((await screen.findByTestId('workspace')).textContent).toBe('/contact?ticket=42');
    expect(
      calls.some((c) => c.method === 'POST' && c.url === '/api/admin/mailbox/7.2/ticket'),
    ).toBe(true);
    expect(await screen.findByText('Otwarto zgłoszenie z maila „Sprawa 7.2”.')).toBeTruthy();
  });

  it('is busy while the server works, and explains a staff member’s address (409 staff_address)', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubMailboxApi({
      answers: {
        'POST /api/admin/mailbox/7.3/ticket': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    renderMailbox();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const mine = row('Sprawa 7.3');
    await userEvent.click(within(mine).getByRole('button', { name: 'Otwórz zgłoszenie' }));
    const busy = await within(mine).findByRole('button', { name: 'Otwieranie…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(
      (within(mine).getByRole('button', { name: 'Do kosza' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    answer(json(409, { error: 'staff_address' }));
    expect(
      await screen.findByText(
        'Ten mail przyszedł z adresu członka zespołu, więc nie można otworzyć zgłoszenia w jego imieniu. Dołącz go do istniejącego zgłoszenia.',
      ),
    ).toBeTruthy();
    expect(rows()).toHaveLength(3);
    expect(
      (within(mine).getByRole('button', { name: 'Otwórz zgłoszenie' }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
  });

  it('on 404 says someone else handled the mail, takes it off and reads the list again', async () => {
    const { calls, folder } = stubMailboxApi();
    renderMailbox();
    await waitFor(() => expect(rows()).toHaveLength(3));
    // Another admin handled it a moment ago.
    folder.mails = folder.mails.filter((m) => m.id !== '7.1');
    await userEvent.click(
      within(row('Sprawa 7.1')).getByRole('button', { name: 'Otwórz zgłoszenie' }),
    );
    expect(await screen.findByText(/Tego maila nie ma już w Skrzynce/)).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => expect(mailboxGets(calls)).toHaveLength(2));
    expect(screen.queryByTestId('workspace')).toBeNull();
  });

  it.each([
    [
      'the mailbox is unreachable (503)',
      () => json(503, { error: 'service_unavailable' }),
      'Skrzynka pocztowa jest teraz nieosiągalna, więc nic nie zostało zmienione. Spróbuj ponownie za chwilę.',
    ],
    [
      'too many tries (429)',
      () =>
        new Response(JSON.stringify({ error: 'rate_limited' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '120' },
        }),
      'Zbyt wiele prób. Spróbuj ponownie za 2 min.',
    ],
    [
      'no connection',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Brak połączenia z serwerem. Sprawdź internet i spróbuj ponownie.',
    ],
  ])('when %s, says so and keeps the mail', async (_case, failure, text) => {
    stubMailboxApi({ answers: { 'POST /api/admin/mailbox/7.3/ticket': failure } });
    renderMailbox();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(
      within(row('Sprawa 7.3')).getByRole('button', { name: 'Otwórz zgłoszenie' }),
    );
    expect(await screen.findByText(text)).toBeTruthy();
    expect(rows()).toHaveLength(3);
  });
});

describe('„Do kosza”', () => {
  it('asks first (the safe choice focused), then moves the mail to the trash', async () => {
    const { calls } = stubMailboxApi();
    renderMailbox();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(within(row('Sprawa 7.2')).getByRole('button', { name: 'Do kosza' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Przenieść mail do kosza?' });
    expect(dialog.textContent).toContain('„Sprawa 7.2” od Jan Obcy <obcy@example.org>');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Anuluj' }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(within(row('Sprawa 7.2')).getByRole('button', { name: 'Do kosza' }));
    const again = await screen.findByRole('alertdialog');
    await userEvent.click(within(again).getByRole('button', { name: 'Do kosza' }));
    expect(await screen.findByText('Mail przeniesiono do kosza skrzynki pocztowej.')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/admin/mailbox/7.2')).toBe(
      true,
    );
    // The row that held focus is gone: the keyboard goes on from the page's heading.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })),
    );
  });

  it('keeps the mail and says why when the mailbox is unreachable', async () => {
    stubMailboxApi({
      answers: {
        'DELETE /api/admin/mailbox/7.2': () => json(503, { error: 'service_unavailable' }),
      },
    });
    renderMailbox();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(within(row('Sprawa 7.2')).getByRole('button', { name: 'Do kosza' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Do kosza' }));
    expect(await screen.findByText(/Skrzynka pocztowa jest teraz nieosiągalna/)).toBeTruthy();
    expect(rows()).toHaveLength(3);
  });
});

describe('„Dołącz do zgłoszenia”', () => {
  async function openPicker() {
    const api = stubMailboxApi();
    renderMailbox();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(
      within(row('Sprawa 7.3')).getByRole('button', { name: 'Dołącz do zgłoszenia' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Dołącz mail do zgłoszenia' });
    return { ...api, dialog };
  }

  const ticketGets = (calls: Call[]) =>
    calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/tickets?'));

  it('lists open tickets with number, subject and customer, and searches once the typist pauses', async () => {
    const { calls, dialog } = await openPicker();
    const search = within(dialog).getByRole('combobox', { name: 'Szukaj zgłoszenia' });
    expect(document.activeElement).toBe(search);
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(2));
    expect(ticketGets(calls)[0]?.url).toBe('/api/tickets?status=open&limit=20');
    const first = within(dialog).getAllByRole('option')[0];
    expect(first?.textContent).toContain('#1041');
    expect(first?.textContent).toContain('Faktura za listopad');
    expect(first?.textContent).toContain('ala');

    await userEvent.type(search, 'faktura');
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(1));
    // One request for the whole word, not one per key.
    expect(ticketGets(calls).map((c) => c.url)).toEqual([
      '/api/tickets?status=open&limit=20',
      '/api/tickets?status=open&limit=20&q=faktura',
    ]);
  });

  it('cancels the search that was typed over', async () => {
    const { dialog } = await openPicker();
    const search = within(dialog).getByRole('combobox');
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(2));
    const stuck = holdSearch('q=fak');
    fireEvent.change(search, { target: { value: 'fak' } });
    await waitFor(() => expect(stuck).toHaveLength(1));
    fireEvent.change(search, { target: { value: 'strona' } });
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(1));
    expect(within(dialog).getByRole('option').textContent).toContain('Strona nie działa');
    expect(stuck[0]?.signal?.aborted).toBe(true);
  });

  it('is used with the keyboard: ↓ and Enter choose, the button attaches, a toast links to the ticket', async () => {
    const { calls, dialog } = await openPicker();
    const search = within(dialog).getByRole('combobox');
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(2));
    const submit = within(dialog).getByRole('button', { name: 'Wybierz zgłoszenie' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await userEvent.keyboard('{ArrowDown}');
    const options = within(dialog).getAllByRole('option');
    expect(search.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    await userEvent.keyboard('{Enter}');
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    // Enter chose; nothing was sent yet.
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const attach = within(dialog).getByRole('button', { name: 'Dołącz do #1042' });
    await userEvent.click(attach);
    const toastLink = await screen.findByRole('link', { name: 'Przejdź do zgłoszenia #1042' });
    expect(toastLink.getAttribute('href')).toBe('/contact?ticket=12');
    expect(screen.getByText('Mail dołączono do zgłoszenia #1042.')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.url).toBe('/api/admin/mailbox/7.3/attach');
    expect(sent?.body).toEqual({ ticket_id: 12 });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Tab inside the dialog', async () => {
    const { dialog } = await openPicker();
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(2));
    const search = within(dialog).getByRole('combobox');
    const cancel = within(dialog).getByRole('button', { name: 'Anuluj' });
    // The attach button waits for a choice, so Cancel is the last stop.
    await userEvent.tab();
    expect(document.activeElement).toBe(cancel);
    await userEvent.tab();
    expect(document.activeElement).toBe(search);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('explains a closed ticket in the dialog and lets staff choose another', async () => {
    stubMailboxApi({
      answers: {
        'POST /api/admin/mailbox/7.3/attach': () => json(409, { error: 'ticket_closed' }),
      },
    });
    renderMailbox();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(
      within(row('Sprawa 7.3')).getByRole('button', { name: 'Dołącz do zgłoszenia' }),
    );
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(2));
    await userEvent.click(within(dialog).getAllByRole('option')[0] as HTMLElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dołącz do #1041' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'To zgłoszenie jest zamknięte i nie przyjmie maila. Wybierz otwarte zgłoszenie.',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(rows()).toHaveLength(3);
  });

  it('closes and reads the list again when the mail is gone (404)', async () => {
    const { dialog, folder, calls } = await openPicker();
    folder.mails = folder.mails.filter((m) => m.id !== '7.3');
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(2));
    await userEvent.click(within(dialog).getAllByRole('option')[0] as HTMLElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dołącz do #1041' }));
    expect(await screen.findByText(/Tego maila nie ma już w Skrzynce/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => expect(mailboxGets(calls)).toHaveLength(2));
  });
});

/**
 * Holds every ticket search whose address contains `marker` until its request
 * is aborted (the server never answers it); the rest answer as before.
 */
function holdSearch(marker: string) {
  const previous = globalThis.fetch;
  const held: Call[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (!url.includes(marker)) return previous(input, init);
    const signal = init?.signal ?? undefined;
    held.push({ url, method: 'GET', body: undefined, signal });
    return new Promise<Response>((_resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  });
  return held;
}
