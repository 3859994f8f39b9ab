import type { PublicUser } from '@studio/shared/types';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderScreen, type StubbedCall, stubFetch } from '~/test/account-screens';
import { loadStaffParts } from '../hooks/use-staff-parts';
import { stubMatchMedia } from './screen-test-stubs';
import { TicketsScreen } from './tickets-screen';

// The staff screen waits for its own parts (hooks/use-staff-parts.ts); loaded once, it renders at once.
beforeAll(async () => {
  await loadStaffParts();
});

/*
 * The Kontakt screen as staff see it (issue 17), against canned answers: the
 * views and their counts, the header's assignment, notes, the saved replies
 * picker and the one-key shortcuts.
 */

const admin: PublicUser = {
  id: 1,
  username: 'wsparcie',
  email: 'wsparcie@example.com',
  is_admin: true,
  mfa_enabled: false,
  email_bouncing: false,
};

const HOUR = 3_600_000;
const item = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  seq: id - 4,
  number: 1040 + id,
  subject: `Sprawa ${id}`,
  username: 'ala',
  owner_id: 7,
  status: 'open',
  awaiting: 'staff',
  awaiting_since: new Date(Date.now() - 3 * HOUR - 60_000).toISOString(),
  assignee: null,
  unread_count: 0,
  created_at: '2026-11-02T10:00:00.000Z',
  last_activity_at: '2026-11-02T10:00:00.000Z',
  ...extra,
});

const message = (id: number, body: string, extra: Record<string, unknown> = {}) => ({
  id,
  ticket_id: 5,
  user_id: 7,
  username: 'ala',
  is_admin: false,
  body,
  created_at: '2026-11-02T10:00:00.000Z',
  files: [],
  internal: false,
  ...extra,
});

const views = {
  awaiting_staff: 2,
  awaiting_customer: 1,
  mine: 0,
  unassigned: 3,
  closed: 4,
  all: 7,
};

// The whole screen renders in jsdom on a shared, busy machine.
vi.setConfig({ testTimeout: 20_000 });

const isListUrl = (url: string) => url === '/api/tickets' || url.startsWith('/api/tickets?');

function stubStaffApi() {
  return stubFetch((call: StubbedCall) => {
    if (isListUrl(call.url)) return json(200, { tickets: [item(5), item(6)], next_cursor: null });
    if (call.url.startsWith('/api/admin/ticket-views')) return json(200, { views });
    if (call.url.startsWith('/api/tickets/5/messages')) {
      return json(200, {
        messages: [
          message(10, 'Strona nie działa.'),
          message(11, 'Sprawdzić logi serwera.', {
            user_id: 1,
            username: 'wsparcie',
            is_admin: true,
            internal: true,
          }),
        ],
        has_more: false,
      });
    }
    if (call.url.startsWith('/api/tickets/6/messages')) {
      return json(200, { messages: [message(20, 'Inna sprawa.')], has_more: false });
    }
    if (call.url === '/api/tickets/5/status' && call.method === 'PATCH') {
      return json(200, {
        id: 5,
        status: JSON.stringify(call.body).includes('closed') ? 'closed' : 'open',
      });
    }
    if (call.url === '/api/tickets/5/assignee' && call.method === 'PATCH') {
      return json(200, { id: 5, assignee: { id: 1, username: 'wsparcie' } });
    }
    if (call.url === '/api/admin/staff') {
      return json(200, {
        staff: [
          { id: 9, username: 'Bartek' },
          { id: 1, username: 'wsparcie' },
        ],
      });
    }
    if (call.url === '/api/saved-replies') {
      return json(200, {
        saved_replies: [
          { id: 1, title: 'Powitanie', body: 'Dzień dobry {username}!' },
          { id: 2, title: 'Zwrot płatności', body: 'W sprawie {ticket}: zwrot w 5 dni.' },
        ],
      });
    }
    if (call.url === '/api/admin/customers/7') {
      return json(200, {
        customer: {
          id: 7,
          username: 'ala',
          email: 'ala@example.com',
          created_at: new Date(Date.now() - 40 * 24 * HOUR).toISOString(),
          mfa_enabled: true,
          email_bouncing: false,
          guest: false,
          name: null,
          second_factors: { email_codes: true, totp: false, passkeys: 0 },
          tickets: [
            { id: 5, seq: 1, number: 1045, subject: 'Sprawa 5', status: 'open', awaiting: 'staff' },
            {
              id: 3,
              seq: 2,
              number: 1001,
              subject: 'Stara faktura',
              status: 'closed',
              awaiting: null,
            },
          ],
        },
      });
    }
    return json(404, { error: 'not_found' });
  });
}

/** Captures the multipart sends (api.upload uses XMLHttpRequest). */
function stubUploads() {
  const forms: FormData[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    readonly upload = { addEventListener: () => undefined };
    private readonly listeners = new Map<string, () => void>();
    open() {}
    setRequestHeader() {}
    getResponseHeader() {
      return null;
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, listener);
    }
    abort() {}
    send(body: FormData) {
      forms.push(body);
      setTimeout(() => {
        this.status = 201;
        this.responseText = JSON.stringify({
          message: message(12, String(body.get('body')), {
            user_id: 1,
            username: 'wsparcie',
            is_admin: true,
            internal: body.get('internal') === 'true',
          }),
        });
        this.listeners.get('load')?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return forms;
}

const key = (target: Element | Document, k: string) => fireEvent.keyDown(target, { key: k });
const selectedItem = () =>
  screen.getAllByTestId('ticket-item').find((el) => el.getAttribute('aria-current') === 'true');

beforeEach(() => {
  vi.stubGlobal('EventSource', undefined);
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function openScreen() {
  const calls = stubStaffApi();
  renderScreen(<TicketsScreen user={admin} />, { path: '/contact', url: '/contact?ticket=5' });
  expect(await screen.findByText('Strona nie działa.', {}, { timeout: 8000 })).toBeTruthy();
  return calls;
}

describe('staff list', () => {
  it('starts on „Czeka na nas”, oldest waiting first, with counts, and switches views', async () => {
    const calls = await openScreen();
    const listCalls = () => calls.filter((c) => isListUrl(c.url)).map((c) => c.url);
    expect(listCalls()[0]).toBe('/api/tickets?awaiting=staff&sort=waiting');
    const current = await screen.findByRole('button', { name: /^Czeka na nas\s*,\s*2$/ });
    expect(current.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: /^Nieprzypisane\s*,\s*3$/ })).toBeTruthy();

    // Rows: the one number, subject, waiting time, owner, assignee; no second number.
    const row = screen.getAllByTestId('ticket-item')[0] as HTMLElement;
    expect(row.textContent).toContain('#1045');
    expect(row.textContent).toContain('Sprawa 5');
    expect(within(row).getByTestId('waiting-label').textContent).toContain('czeka 3 h');
    expect(row.textContent).not.toContain('Zgłoszenie #');
    expect(row.textContent).toContain('Nieprzypisane');

    fireEvent.click(screen.getByRole('button', { name: /^Moje/ }));
    await waitFor(() => expect(listCalls()).toContain('/api/tickets?assignee=me&status=open'));
  });

  it('searches in the list and the counts together', async () => {
    const calls = await openScreen();
    fireEvent.change(screen.getByLabelText('Szukaj zgłoszeń'), { target: { value: '#1045' } });
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toEqual(
        expect.arrayContaining([
          '/api/tickets?awaiting=staff&sort=waiting&q=%231045&limit=25',
          '/api/admin/ticket-views?q=%231045',
        ]),
      ),
    );
  });
});

describe('notes', () => {
  it('shows a note in yellow with its words, and sends a note with internal=true', async () => {
    const forms = stubUploads();
    await openScreen();
    const note = screen.getByText('Sprawdzić logi serwera.').closest('[data-testid="message"]');
    expect(note?.getAttribute('data-internal')).toBe('true');
    expect(within(note as HTMLElement).getByTestId('note-tag').textContent).toContain(
      'Notatka wewnętrzna',
    );
    const reply = screen.getByText('Strona nie działa.').closest('[data-testid="message"]');
    expect(reply?.getAttribute('data-internal')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Notatka wewnętrzna' }));
    const field = screen.getByLabelText('Treść notatki wewnętrznej');
    fireEvent.change(field, { target: { value: 'Klient płaci w przyszłym tygodniu.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj notatkę' }));
    await waitFor(() => expect(forms).toHaveLength(1));
    expect(forms[0]?.get('internal')).toBe('true');

    // Back to a reply: no internal field at all.
    fireEvent.click(screen.getByRole('radio', { name: 'Odpowiedź' }));
    fireEvent.change(screen.getByLabelText('Treść wiadomości'), {
      target: { value: 'Dzień dobry' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Wyślij' }));
    await waitFor(() => expect(forms).toHaveLength(2));
    expect(forms[1]?.has('internal')).toBe(false);
  });

  it('„Wyślij i zamknij” sends, then closes; „Wyślij i następne” sends, then opens the next (issue 31)', async () => {
    const forms = stubUploads();
    const calls = await openScreen();
    const statusCalls = () =>
      calls.filter((c) => c.url === '/api/tickets/5/status' && c.method === 'PATCH');
    fireEvent.change(screen.getByLabelText('Treść wiadomości'), {
      target: { value: 'Naprawione, proszę sprawdzić.' },
    });
    expect(statusCalls()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Wyślij i zamknij' }));
    await waitFor(() => expect(forms).toHaveLength(1));
    await waitFor(() => expect(statusCalls()).toHaveLength(1));
    expect(JSON.stringify(statusCalls()[0]?.body)).toContain('closed');

    fireEvent.change(screen.getByLabelText('Treść wiadomości'), {
      target: { value: 'I jeszcze jedno.' },
    });
    // The keyboard way: Ctrl+Alt+Enter sends, then opens the next ticket.
    fireEvent.keyDown(screen.getByLabelText('Treść wiadomości'), {
      key: 'Enter',
      ctrlKey: true,
      altKey: true,
    });
    await waitFor(() => expect(forms).toHaveLength(2));
    await waitFor(() => expect(selectedItem()?.getAttribute('data-ticket-id')).toBe('6'));
    expect(statusCalls()).toHaveLength(1);
  });

  it('a close is undone from its toast within 5 s („Cofnij”)', async () => {
    // Toasts are kept outside the screen: those of earlier tests must not hide these.
    toast.dismiss();
    const calls = stubStaffApi();
    renderScreen(
      <>
        <TicketsScreen user={admin} />
        <Toaster />
      </>,
      { path: '/contact', url: '/contact?ticket=5' },
    );
    expect(await screen.findByText('Strona nie działa.', {}, { timeout: 8000 })).toBeTruthy();
    key(document.body, 'e');
    const undo = await screen.findByRole('button', { name: 'Cofnij' });
    expect(screen.getByText('Zgłoszenie zostało zamknięte.')).toBeTruthy();
    fireEvent.click(undo);
    const statuses = () =>
      calls
        .filter((c) => c.url === '/api/tickets/5/status')
        .map((c) => (JSON.stringify(c.body).includes('closed') ? 'closed' : 'open'));
    await waitFor(() => expect(statuses()).toEqual(['closed', 'open']));
    await waitFor(
      () => expect(document.body.textContent).toContain('Zgłoszenie zostało otwarte.'),
      { timeout: 4000 },
    );
  });

  it('a j pressed while the list loads is applied once the list is there (issue 31)', async () => {
    stubStaffApi();
    const answer = globalThis.fetch;
    let release: () => void = () => undefined;
    const listLoaded = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (isListUrl(String(input))) await listLoaded;
      return answer(input, init);
    });
    renderScreen(<TicketsScreen user={admin} />, { path: '/contact', url: '/contact?ticket=5' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryAllByTestId('ticket-item')).toHaveLength(0);
    key(document.body, 'j');
    release();
    await waitFor(() => expect(selectedItem()?.getAttribute('data-ticket-id')).toBe('6'), {
      timeout: 8000,
    });
  });

  it('a note offers no send-then buttons', async () => {
    await openScreen();
    fireEvent.click(screen.getByRole('radio', { name: 'Notatka wewnętrzna' }));
    expect(screen.queryByRole('button', { name: 'Wyślij i zamknij' })).toBeNull();
  });

  it('a customer has no note mode, views or staff controls', async () => {
    stubFetch((call) => {
      if (isListUrl(call.url)) return json(200, { tickets: [item(5)], next_cursor: null });
      if (call.url.startsWith('/api/tickets/5/messages')) {
        return json(200, { messages: [message(10, 'Strona nie działa.')], has_more: false });
      }
      return json(404, { error: 'not_found' });
    });
    const customer = { ...admin, id: 7, username: 'ala', is_admin: false };
    renderScreen(<TicketsScreen user={customer} />, { path: '/contact', url: '/contact?ticket=5' });
    expect(await screen.findByText('Strona nie działa.')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Notatka wewnętrzna' })).toBeNull();
    expect(screen.queryByLabelText('Szukaj zgłoszeń')).toBeNull();
    expect(screen.queryByText('Przypisane do')).toBeNull();
    expect(screen.queryByText('Klient')).toBeNull();
    // The customer sees their ticket by the same number as staff (DESIGN.md §7.9), and its subject.
    expect(screen.getAllByTestId('ticket-item')[0]?.textContent).toContain('Zgłoszenie #1045');
    expect(screen.getAllByTestId('ticket-item')[0]?.textContent).toContain('Sprawa 5');
  });
});

describe('shortcuts', () => {
  it('j/k move between tickets, never while typing in a field or with a modifier', async () => {
    await openScreen();
    expect(selectedItem()?.getAttribute('data-ticket-id')).toBe('5');
    key(screen.getByLabelText('Treść wiadomości'), 'j');
    key(document.body, 'j');
    // Only the key pressed outside the field moved, and only by one.
    await waitFor(() => expect(selectedItem()?.getAttribute('data-ticket-id')).toBe('6'));
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    expect(selectedItem()?.getAttribute('data-ticket-id')).toBe('6');
    key(document.body, 'k');
    await waitFor(() => expect(selectedItem()?.getAttribute('data-ticket-id')).toBe('5'));
  });

  it('n writes a note, r a reply, a assigns to me, / searches, ? lists the shortcuts', async () => {
    const calls = await openScreen();
    key(document.body, 'n');
    expect(document.activeElement).toBe(screen.getByLabelText('Treść notatki wewnętrznej'));
    (document.activeElement as HTMLElement).blur();
    key(document.body, 'r');
    expect(document.activeElement).toBe(screen.getByLabelText('Treść wiadomości'));
    (document.activeElement as HTMLElement).blur();

    key(document.body, 'a');
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/tickets/5/assignee')?.body).toEqual({
        assignee_id: 1,
      }),
    );

    key(document.body, '/');
    expect(document.activeElement).toBe(screen.getByLabelText('Szukaj zgłoszeń'));
    (document.activeElement as HTMLElement).blur();

    key(document.body, '?');
    const dialog = await screen.findByRole('dialog', { name: 'Skróty klawiszowe' });
    expect(dialog.textContent).toContain('Przypisz do mnie');
  });
});

describe('saved replies', () => {
  it('/ in the empty reply opens the picker; search, arrows and Enter insert the filled reply', async () => {
    await openScreen();
    const field = screen.getByLabelText('Treść wiadomości') as HTMLTextAreaElement;
    key(field, '/');
    const picker = await screen.findByRole('dialog', { name: 'Gotowe odpowiedzi' });
    const search = within(picker).getByRole('combobox');
    await within(picker).findByText('Powitanie');
    expect(within(picker).getAllByRole('option')).toHaveLength(2);

    fireEvent.change(search, { target: { value: 'platnosc' } });
    expect(within(picker).getAllByRole('option')).toHaveLength(1);
    fireEvent.change(search, { target: { value: '' } });
    key(search, 'ArrowDown');
    const active = within(picker).getAllByRole('option')[1];
    expect(active?.getAttribute('aria-selected')).toBe('true');
    expect(search.getAttribute('aria-activedescendant')).toBe(active?.id);
    key(search, 'Enter');

    await waitFor(() => expect(field.value).toBe('W sprawie #1045: zwrot w 5 dni.'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a / typed after text is just a character', async () => {
    await openScreen();
    const field = screen.getByLabelText('Treść wiadomości') as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'a' } });
    key(field, '/');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('assignment', () => {
  it('offers every admin from the staff list, not only those the screen has seen', async () => {
    await openScreen();
    const select = (await screen.findByLabelText('Przypisane do')) as HTMLSelectElement;
    await waitFor(() =>
      expect([...select.options].map((o) => o.textContent)).toEqual([
        'Nieprzypisane',
        'Bartek',
        'wsparcie (Ty)',
      ]),
    );
  });
});

describe('customer panel', () => {
  it('shows who the customer is and links their other tickets', async () => {
    await openScreen();
    const panel = await screen.findByRole('complementary', { name: 'Klient' });
    await within(panel).findByText('ala@example.com');
    expect(within(panel).getByTestId('customer-mfa').textContent).toBe('włączone: kody z e-maila');
    expect(panel.textContent).toContain('od 40 dni');
    const other = within(panel).getByRole('link', { name: /#1001 Stara faktura/ });
    expect(other.getAttribute('href')).toBe('/contact?ticket=3');
    expect(within(panel).queryByRole('link', { name: /#1045/ })).toBeNull();
  });
});
