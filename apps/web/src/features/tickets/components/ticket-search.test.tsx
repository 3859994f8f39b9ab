import type { PublicUser } from '@studio/shared/types';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderScreen } from '~/test/account-screens';
import { JUMP_MAX_OLDER_PAGES } from '../hooks/use-message-jump';
import { loadStaffParts } from '../hooks/use-staff-parts';
import { stubMatchMedia } from './screen-test-stubs';
import { TicketsScreen } from './tickets-screen';

// The staff screen waits for its own parts (hooks/use-staff-parts.ts); loaded once, it renders at once.
beforeAll(async () => {
  await loadStaffParts();
});

/*
 * Search as you type (DESIGN.md §7.8) on the whole Kontakt screen, for the
 * customer and for staff, against canned answers of `GET /api/tickets?q=`:
 * the pause, the cancelled request, `?q=` in the address, the empty answer,
 * the excerpts and the jump to the hit in a long thread.
 */

const customer: PublicUser = {
  id: 7,
  username: 'ala',
  email: 'ala@example.com',
  is_admin: false,
  mfa_enabled: false,
  email_bouncing: false,
};
const admin: PublicUser = { ...customer, id: 1, username: 'wsparcie', is_admin: true };

// The whole screen renders in jsdom on a shared, busy machine.
vi.setConfig({ testTimeout: 20_000 });

const item = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  seq: id - 4,
  number: 1040 + id,
  subject: `Sprawa ${id}`,
  username: 'ala',
  owner_id: 7,
  status: 'open',
  awaiting: 'staff',
  awaiting_since: '2026-11-02T10:00:00.000Z',
  assignee: null,
  unread_count: 0,
  created_at: '2026-11-02T10:00:00.000Z',
  last_activity_at: '2026-11-02T10:00:00.000Z',
  ...extra,
});

/** Messages `from`–`to` of ticket 5, each saying its own number. */
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    id: from + i,
    ticket_id: 5,
    user_id: 7,
    username: 'ala',
    is_admin: false,
    body: `Wiadomość numer ${from + i}`,
    created_at: '2026-11-02T10:00:00.000Z',
    files: [],
    internal: false,
  }));

interface Call {
  url: string;
  signal: AbortSignal | undefined;
}

type Answer = (
  url: string,
  signal: AbortSignal | undefined,
) => Response | Promise<Response> | undefined;

/** Like `stubFetch`, but keeps each request's AbortSignal, to see which requests were cancelled. */
function stubApi(answer: Answer) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const signal = init?.signal ?? undefined;
    calls.push({ url, signal });
    const given = answer(url, signal);
    if (given) return given;
    if (url === '/api/tickets/unread-count') return json(200, { unread: 0 });
    if (url.startsWith('/api/admin/ticket-views')) {
      return json(200, {
        views: {
          awaiting_staff: 2,
          awaiting_customer: 0,
          mine: 0,
          unassigned: 2,
          closed: 0,
          all: 2,
        },
      });
    }
    if (url.startsWith('/api/tickets?') || url === '/api/tickets') {
      return json(200, { tickets: [item(5), item(6)], next_cursor: null });
    }
    // A ticket the list does not hold (an answer to a search) is fetched to stay open.
    const single = /^\/api\/tickets\/(\d+)$/.exec(url)?.[1];
    if (single) return json(200, { ticket: item(Number(single)) });
    if (url.startsWith('/api/tickets/5/messages'))
      return json(200, { messages: range(1, 2), has_more: false });
    if (url.startsWith('/api/tickets/6/messages'))
      return json(200, { messages: range(3, 3), has_more: false });
    return json(404, { error: 'not_found' });
  });
  return calls;
}

/** An answer that never comes, as fetch does: it fails with AbortError when its signal aborts. */
const pendingUntilAborted = (signal: AbortSignal | undefined) =>
  new Promise<Response>((_, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

const listCalls = (calls: Call[]) =>
  calls.filter((c) => c.url === '/api/tickets' || c.url.startsWith('/api/tickets?'));
const searchesFor = (calls: Call[], q: string) =>
  listCalls(calls).filter((c) => new URL(c.url, 'http://x').searchParams.get('q') === q);

const customerField = () => screen.getByLabelText('Szukaj w moich zgłoszeniach');
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const qOf = (search: string) => new URLSearchParams(search).get('q');

beforeEach(() => {
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the customer searching their tickets', () => {
  it('asks once the typing pauses, cancels the search before, and keeps the words in ?q=', async () => {
    const calls = stubApi((url, signal) => {
      if (url === '/api/tickets?q=faktura&limit=25') return pendingUntilAborted(signal);
      if (url === '/api/tickets?q=faktury&limit=25') {
        return json(200, { tickets: [item(6)], next_cursor: null });
      }
      return undefined;
    });
    const { router } = renderScreen(<TicketsScreen user={customer} />, {
      path: '/contact',
      url: '/contact?ticket=5',
    });
    expect(await screen.findByText('Wiadomość numer 2')).toBeTruthy();

    // Typed fast: only the last form is asked for, once the typist pauses.
    type(customerField(), 'fa');
    type(customerField(), 'fak');
    type(customerField(), 'faktura');
    expect(searchesFor(calls, 'faktura')).toHaveLength(0);
    await waitFor(() => expect(searchesFor(calls, 'faktura')).toHaveLength(1));
    expect(searchesFor(calls, 'fa')).toHaveLength(0);
    expect(searchesFor(calls, 'fak')).toHaveLength(0);
    expect(qOf(router.state.location.search)).toBe('faktura');
    expect(new URLSearchParams(router.state.location.search).get('ticket')).toBe('5');

    // The next search cancels the request of the one before, which never answered.
    type(customerField(), 'faktury');
    await waitFor(() => expect(searchesFor(calls, 'faktury')).toHaveLength(1));
    expect(searchesFor(calls, 'faktura')[0]?.signal?.aborted).toBe(true);
    await waitFor(() => expect(screen.getAllByTestId('ticket-item')).toHaveLength(1));
    expect(qOf(router.state.location.search)).toBe('faktury');

    // Opening another ticket keeps the search in the address.
    fireEvent.click(screen.getAllByTestId('ticket-item')[0] as HTMLElement);
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('ticket')).toBe('6'),
    );
    expect(qOf(router.state.location.search)).toBe('faktury');

    // An emptied field takes `q` out of the address and shows the whole list again.
    type(customerField(), '   ');
    await waitFor(() => expect(qOf(router.state.location.search)).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId('ticket-item')).toHaveLength(2));
  });

  it('asks for a page of 25 results, and the next 25 under „Pokaż więcej wyników”', async () => {
    const calls = stubApi((url) => {
      if (url === '/api/tickets?q=zwrot&limit=25') {
        return json(200, { tickets: [item(5)], next_cursor: 'page-2' });
      }
      if (url === '/api/tickets?q=zwrot&limit=25&cursor=page-2') {
        return json(200, { tickets: [item(6)], next_cursor: null });
      }
      return undefined;
    });
    renderScreen(<TicketsScreen user={customer} />, { path: '/contact', url: '/contact?q=zwrot' });
    fireEvent.click(await screen.findByRole('button', { name: 'Pokaż więcej wyników' }));
    await waitFor(() => expect(screen.getAllByTestId('ticket-item')).toHaveLength(2));
    expect(listCalls(calls).map((c) => c.url)).toEqual([
      '/api/tickets?q=zwrot&limit=25',
      '/api/tickets?q=zwrot&limit=25&cursor=page-2',
    ]);
    expect(screen.queryByRole('button', { name: 'Pokaż więcej wyników' })).toBeNull();
  });

  it('restores the search from ?q= on load and asks for it at once', async () => {
    const calls = stubApi((url) =>
      url === '/api/tickets?q=zwrot&limit=25'
        ? json(200, { tickets: [item(5)], next_cursor: null })
        : undefined,
    );
    renderScreen(<TicketsScreen user={customer} />, { path: '/contact', url: '/contact?q=zwrot' });
    await waitFor(() => expect(screen.getAllByTestId('ticket-item')).toHaveLength(1));
    expect((customerField() as HTMLInputElement).value).toBe('zwrot');
    // A screen reader hears how many were found.
    expect(screen.getByText('Wyniki wyszukiwania: 1 zgłoszenie.')).toBeTruthy();
    // The list was never asked without the search.
    expect(listCalls(calls).map((c) => c.url)).toEqual(['/api/tickets?q=zwrot&limit=25']);
  });

  it('says there are no results for the words, with a hint and a way back to the whole list', async () => {
    const calls = stubApi((url, signal) => {
      if (url.includes('q=xylofony')) return pendingUntilAborted(signal);
      return url.includes('q=') ? json(200, { tickets: [], next_cursor: null }) : undefined;
    });
    const { router } = renderScreen(<TicketsScreen user={customer} />, {
      path: '/contact',
      url: '/contact?ticket=5',
    });
    expect(await screen.findByText('Wiadomość numer 2')).toBeTruthy();
    type(customerField(), 'xylofon');

    const empty = await screen.findByTestId('no-search-results');
    expect(empty.textContent).toContain('Brak wyników dla „xylofon”');
    expect(empty.textContent).toContain(
      'Sprawdź pisownię albo wpisz mniej słów. Szukamy też odmian słów, więc wystarczy jedna forma.',
    );
    // The open ticket stays open while the list answers the search.
    expect(screen.getByText('Wiadomość numer 2')).toBeTruthy();

    // While the next search is asked, the empty answer before is not passed off as its answer.
    type(customerField(), 'xylofony');
    await waitFor(() => expect(searchesFor(calls, 'xylofony')).toHaveLength(1));
    expect(screen.queryByTestId('no-search-results')).toBeNull();
    expect(screen.getByText('Wczytywanie zgłoszeń…')).toBeTruthy();
    type(customerField(), 'xylofon');
    await screen.findByTestId('no-search-results');

    fireEvent.click(
      within(screen.getByTestId('no-search-results')).getByRole('button', {
        name: 'Wyczyść wyszukiwanie',
      }),
    );
    expect((customerField() as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(screen.getAllByTestId('ticket-item')).toHaveLength(2));
    expect(qOf(router.state.location.search)).toBeNull();
    expect(listCalls(calls).at(-1)?.url).not.toContain('q=');
  });

  it('shows the loading line until the first answer, and the Polish error with a retry', async () => {
    // The list tries twice before it says it failed.
    let failures = 2;
    stubApi((url) => {
      if (!url.includes('q=reklamacja')) return undefined;
      if (failures > 0) {
        failures -= 1;
        return json(500, { error: 'internal' });
      }
      return json(200, { tickets: [item(5)], next_cursor: null });
    });
    renderScreen(<TicketsScreen user={customer} />, {
      path: '/contact',
      url: '/contact?q=reklamacja',
    });
    expect(screen.getByText('Wczytywanie zgłoszeń…')).toBeTruthy();
    expect(
      await screen.findByText('Nie udało się wczytać zgłoszeń.', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    await waitFor(() => expect(screen.getAllByTestId('ticket-item')).toHaveLength(1));
  });

  it('shows the excerpt with the matched words marked, and markup in it as plain text', async () => {
    const text = 'Proszę o fakturę <script>alert(1)</script> <b>korygującą</b>';
    stubApi((url) =>
      url.includes('q=')
        ? json(200, {
            tickets: [
              item(5, {
                match: {
                  message_id: 2,
                  text,
                  highlights: [
                    [9, 16],
                    [50, 99],
                  ],
                },
              }),
            ],
            next_cursor: null,
          })
        : undefined,
    );
    renderScreen(<TicketsScreen user={customer} />, {
      path: '/contact',
      url: '/contact?q=faktura',
    });
    const excerpt = await screen.findByTestId('search-excerpt');
    expect(excerpt.textContent).toBe(text);
    expect([...excerpt.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['fakturę']);
    expect(excerpt.querySelector('script, b')).toBeNull();
  });
});

describe('staff searching', () => {
  it('search as they type into ?q=, and a reload keeps the search', async () => {
    const calls = stubApi(() => undefined);
    const { router } = renderScreen(<TicketsScreen user={admin} />, { path: '/contact' });
    await waitFor(() => expect(screen.getAllByTestId('ticket-item')).toHaveLength(2));
    const field = screen.getByLabelText('Szukaj zgłoszeń');
    type(field, 'firma');
    type(field, 'firma-kowalski.pl');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe(
        '/api/tickets?awaiting=staff&sort=waiting&q=firma-kowalski.pl&limit=25',
      ),
    );
    expect(qOf(router.state.location.search)).toBe('firma-kowalski.pl');
    expect(searchesFor(calls, 'firma')).toHaveLength(0);
    const address = `/contact${router.state.location.search}`;
    cleanup();

    const again = stubApi(() => undefined);
    renderScreen(<TicketsScreen user={admin} />, { path: '/contact', url: address });
    await waitFor(() => expect(screen.getAllByTestId('ticket-item')).toHaveLength(2));
    expect((screen.getByLabelText('Szukaj zgłoszeń') as HTMLInputElement).value).toBe(
      'firma-kowalski.pl',
    );
    expect(listCalls(again).map((c) => c.url)).toEqual([
      '/api/tickets?awaiting=staff&sort=waiting&q=firma-kowalski.pl&limit=25',
    ]);
  });
});

describe('opening a result at its hit', () => {
  const hitResult = (messageId: number) =>
    json(200, {
      tickets: [
        item(6),
        item(5, {
          match: { message_id: messageId, text: 'Wiadomość numer 3', highlights: [[0, 9]] },
        }),
      ],
      next_cursor: null,
    });

  /** Ticket 5 has 120 messages, read in pages of 50 from the newest. */
  function longThread(url: string) {
    if (url === '/api/tickets/5/messages?mark_read=false') {
      return json(200, { messages: range(71, 120), has_more: true });
    }
    if (url === '/api/tickets/5/messages?before=71&mark_read=false') {
      return json(200, { messages: range(21, 70), has_more: true });
    }
    if (url === '/api/tickets/5/messages?before=21&mark_read=false') {
      return json(200, { messages: range(1, 20), has_more: false });
    }
    return undefined;
  }

  it('reads older pages until the hit is there, then marks it and leaves ?message= behind', async () => {
    const calls = stubApi((url) => (url.includes('q=') ? hitResult(3) : longThread(url)));
    const { router } = renderScreen(<TicketsScreen user={customer} />, {
      path: '/contact',
      url: '/contact?q=wiadomosc&ticket=6',
    });
    expect(await screen.findByText('Wiadomość numer 3')).toBeTruthy();
    const result = screen
      .getAllByTestId('ticket-item')
      .find((el) => el.getAttribute('data-ticket-id') === '5') as HTMLElement;
    fireEvent.keyDown(result, { key: 'Enter' });
    fireEvent.click(result);

    await waitFor(() =>
      expect(
        document.querySelector('[data-search-hit="true"]')?.getAttribute('data-message-id'),
      ).toBe('3'),
    );
    expect(calls.filter((c) => c.url.includes('before=')).map((c) => c.url)).toEqual([
      '/api/tickets/5/messages?before=71&mark_read=false',
      '/api/tickets/5/messages?before=21&mark_read=false',
    ]);
    expect(screen.getAllByTestId('message')).toHaveLength(120);
    // Only the hit is marked; the jump is done, the search stays.
    expect(document.querySelectorAll('[data-search-hit]')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).not.toContain('message='));
    expect(qOf(router.state.location.search)).toBe('wiadomosc');
    expect(new URLSearchParams(router.state.location.search).get('ticket')).toBe('5');
  });

  it('a deep link with ?message= jumps on load too', async () => {
    stubApi((url) => (url.includes('q=') ? hitResult(3) : longThread(url)));
    renderScreen(<TicketsScreen user={customer} />, {
      path: '/contact',
      url: '/contact?ticket=5&message=25',
    });
    await waitFor(() =>
      expect(
        document.querySelector('[data-search-hit="true"]')?.getAttribute('data-message-id'),
      ).toBe('25'),
    );
  });

  it('shows the thread as it is when the hit is gone (deleted), after reading every page', async () => {
    const calls = stubApi((url) => (url.includes('q=') ? hitResult(999_999) : longThread(url)));
    const { router } = renderScreen(<TicketsScreen user={customer} />, {
      path: '/contact',
      url: '/contact?q=wiadomosc&ticket=6',
    });
    expect(await screen.findByText('Wiadomość numer 3')).toBeTruthy();
    fireEvent.click(
      screen.getAllByTestId('ticket-item').find((el) => el.dataset.ticketId === '5') as HTMLElement,
    );
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(120));
    await waitFor(() => expect(router.state.location.search).not.toContain('message='));
    expect(document.querySelector('[data-search-hit]')).toBeNull();
    expect(calls.filter((c) => c.url.includes('before='))).toHaveLength(2);
  });

  it('gives up after a bounded number of older pages', async () => {
    // A thread that always says there is more: one message per page, going down from 10,000.
    const calls = stubApi((url) => {
      if (url.includes('q=')) return hitResult(1);
      if (url === '/api/tickets/5/messages?mark_read=false') {
        return json(200, { messages: range(10_000, 10_049), has_more: true });
      }
      const before = /before=(\d+)/.exec(url)?.[1];
      if (url.startsWith('/api/tickets/5/messages') && before) {
        const id = Number(before) - 1;
        return json(200, { messages: range(id, id), has_more: true });
      }
      return undefined;
    });
    const { router } = renderScreen(<TicketsScreen user={customer} />, {
      path: '/contact',
      url: '/contact?q=wiadomosc&ticket=6',
    });
    expect(await screen.findByText('Wiadomość numer 3')).toBeTruthy();
    fireEvent.click(
      screen.getAllByTestId('ticket-item').find((el) => el.dataset.ticketId === '5') as HTMLElement,
    );
    await waitFor(
      () => expect(screen.getAllByTestId('message')).toHaveLength(50 + JUMP_MAX_OLDER_PAGES),
      { timeout: 10_000 },
    );
    expect(router.state.location.search).not.toContain('message=');
    expect(calls.filter((c) => c.url.includes('before='))).toHaveLength(JUMP_MAX_OLDER_PAGES);
    expect(document.querySelector('[data-search-hit]')).toBeNull();
  });
});
