import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderScreen, type StubbedCall, stubFetch } from '~/test/account-screens';
import { LINKED_TICKET_MISSING } from '../lib/messages';
import { fakeThreadLayout, stubMatchMedia } from './screen-test-stubs';
import { TicketsScreen } from './tickets-screen';

/*
 * Long threads, deep links and the unread total (DESIGN.md §7.2, §7.4) on the
 * whole screen, against canned answers of the paged API. EventSource is not
 * there in jsdom, so the screen opens no live streams here.
 */

const user = {
  id: 7,
  username: 'ala',
  email: 'ala@example.com',
  is_admin: false,
  mfa_enabled: false,
  email_bouncing: false,
};
const support = 1;

const listItem = (id: number, seq: number, unread = 0) => ({
  id,
  seq,
  username: 'ala',
  status: 'open',
  unread_count: unread,
  created_at: '2026-11-02T10:00:00.000Z',
  last_activity_at: '2026-11-02T10:00:00.000Z',
});

/** Messages `from`–`to` of a thread, each saying its own number. */
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    id: from + i,
    user_id: (from + i) % 2 === 0 ? user.id : support,
    username: (from + i) % 2 === 0 ? 'ala' : 'wsparcie',
    is_admin: (from + i) % 2 !== 0,
    body: `Wiadomość numer ${from + i}`,
    created_at: '2026-11-02T10:00:00.000Z',
    files: [],
  }));

type Answer = (call: StubbedCall) => Response | undefined;

/** Ticket 5 is the only one on the list; `more` answers everything else first. */
function stubApi(more: Answer, { listUnread = 0, unread = 0 } = {}) {
  return stubFetch((call) => {
    const answer = more(call);
    if (answer) return answer;
    if (call.url === '/api/tickets/unread-count') return json(200, { unread });
    if (call.url === '/api/tickets' || call.url.startsWith('/api/tickets?')) {
      return json(200, { tickets: [listItem(5, 3, listUnread)], next_cursor: null });
    }
    if (call.url === '/api/tickets/5/messages?mark_read=false') {
      return json(200, { messages: range(1, 2), has_more: false });
    }
    return json(404, { error: 'not_found' });
  });
}

const gets = (calls: StubbedCall[], url: string) =>
  calls.filter((call) => call.method === 'GET' && call.url === url);

beforeEach(() => {
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.title = '';
});

describe('a long thread', () => {
  it('shows the newest page, adds older pages above on scrolling up, keeps the place', async () => {
    let failNextOlder = true;
    const calls = stubApi((call) => {
      if (call.url === '/api/tickets/5/messages?mark_read=false') {
        return json(200, { messages: range(71, 120), has_more: true });
      }
      if (call.url === '/api/tickets/5/messages?before=71&mark_read=false') {
        return json(200, { messages: range(21, 70), has_more: true });
      }
      if (call.url === '/api/tickets/5/messages?before=21&mark_read=false') {
        if (failNextOlder) {
          failNextOlder = false;
          return json(500, { error: 'internal' });
        }
        return json(200, { messages: range(1, 20), has_more: false });
      }
      return undefined;
    });
    renderScreen(<TicketsScreen user={user} />, { path: '/contact', url: '/contact?ticket=5' });

    expect(await screen.findByText('Wiadomość numer 120')).toBeTruthy();
    expect(screen.queryByText('Wiadomość numer 70')).toBeNull();
    expect(screen.getAllByTestId('message')).toHaveLength(50);
    const scroller = screen.getByTestId('message-scroll');
    const layout = fakeThreadLayout(scroller);

    // Reading up from the bottom: nothing is asked for far from the top.
    layout.scrollTo(3000);
    layout.scrollTo(1000);
    expect(calls.filter((c) => c.url.includes('before='))).toHaveLength(0);

    // Near the top the page before message 71 is read, without marking anything read.
    layout.scrollTo(150);
    expect(await screen.findByText('Wiadomość numer 21')).toBeTruthy();
    expect(gets(calls, '/api/tickets/5/messages?before=71&mark_read=false')).toHaveLength(1);
    const shown = screen.getAllByTestId('message');
    expect(shown).toHaveLength(100);
    expect(within(shown[0] as HTMLElement).getByText('Wiadomość numer 21')).toBeTruthy();
    expect(within(shown[99] as HTMLElement).getByText('Wiadomość numer 120')).toBeTruthy();
    // 50 messages (5000 px) went in above: the reader still sees message 72 where it was.
    expect(scroller.scrollTop).toBe(150 + 5000);

    // The next page fails: a Polish error line with a retry; the retry loads it.
    layout.scrollTo(0);
    expect(await screen.findByText('Nie udało się wczytać starszych wiadomości.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByText('Wiadomość numer 1')).toBeTruthy();
    expect(screen.getAllByTestId('message')).toHaveLength(120);
    expect(scroller.scrollTop).toBe(2000);
    // The first message is reached: nothing more to load, nothing more asked.
    expect(screen.queryByTestId('older-messages')).toBeNull();
    layout.scrollTo(0);
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(calls.filter((c) => c.url.includes('before='))).toHaveLength(3);
    // Three pages of 50 rendered messages: about 3.5 s on a loaded CI machine, past the default 5 s once.
  }, 15_000);

  it('asks nothing more for a thread that fits in one page', async () => {
    const calls = stubApi(() => undefined);
    renderScreen(<TicketsScreen user={user} />, { path: '/contact', url: '/contact?ticket=5' });
    expect(await screen.findByText('Wiadomość numer 2')).toBeTruthy();
    fakeThreadLayout(screen.getByTestId('message-scroll')).scrollTo(0);
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(calls.filter((c) => c.url.includes('before='))).toHaveLength(0);
    expect(screen.queryByTestId('older-messages')).toBeNull();
  });
});

describe('a deep link to a ticket beyond the loaded list', () => {
  it('fetches the ticket by id and opens it, without opening the first ticket meanwhile', async () => {
    const calls = stubApi((call) => {
      if (call.url === '/api/tickets/99') return json(200, { ticket: listItem(99, 42) });
      if (call.url === '/api/tickets/99/messages?mark_read=false') {
        return json(200, {
          messages: [{ ...range(1, 1)[0], body: 'Stara sprawa' }],
          has_more: false,
        });
      }
      return undefined;
    });
    const { router } = renderScreen(<TicketsScreen user={user} />, {
      path: '/contact',
      url: '/contact?ticket=99',
    });

    expect(await screen.findByText('Stara sprawa')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Zgłoszenie #42' })).toBeTruthy();
    expect(gets(calls, '/api/tickets/99')).toHaveLength(1);
    expect(gets(calls, '/api/tickets/5/messages?mark_read=false')).toHaveLength(0);
    expect(router.state.location.search).toBe('?ticket=99');
  });

  it('falls back to the first ticket when the linked one is not found', async () => {
    const calls = stubApi(() => undefined);
    const { router } = renderScreen(<TicketsScreen user={user} />, {
      path: '/contact',
      url: '/contact?ticket=99',
    });

    expect(await screen.findByText('Wiadomość numer 2')).toBeTruthy();
    expect(gets(calls, '/api/tickets/99')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toBe('?ticket=5'));
  });

  it('says the linked ticket is not found and takes it out of the address when nothing else opens', async () => {
    const calls = stubFetch((call) => {
      if (call.url === '/api/tickets/unread-count') return json(200, { unread: 0 });
      if (call.url === '/api/tickets' || call.url.startsWith('/api/tickets?')) {
        return json(200, { tickets: [], next_cursor: null });
      }
      return json(404, { error: 'not_found' });
    });
    const { router } = renderScreen(
      <>
        <TicketsScreen user={user} />
        <Toaster />
      </>,
      { path: '/contact', url: '/contact?ticket=99&message=3' },
    );

    expect(await screen.findByText(LINKED_TICKET_MISSING)).toBeTruthy();
    expect(gets(calls, '/api/tickets/99')).toHaveLength(1);
    // A reload or a shared copy of the address names no ticket; Back does not return to it.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(
      screen.getByText('Wybierz zgłoszenie z listy albo utwórz nowe, aby napisać do nas.'),
    ).toBeTruthy();
  });
});

describe('the unread total', () => {
  it('comes from /api/tickets/unread-count, not from the loaded rows, and is asked again after reading', async () => {
    document.title = 'Kontakt';
    const calls = stubApi(() => undefined, { listUnread: 1, unread: 130 });
    renderScreen(<TicketsScreen user={user} />, { path: '/contact', url: '/contact?ticket=5' });

    await waitFor(() => expect(document.title).toBe('(130) Kontakt'));
    expect(await screen.findByText('Wiadomość numer 2')).toBeTruthy();
    // A thread fetch (now without marking read) may follow new messages: the total is fetched again.
    await waitFor(() =>
      expect(gets(calls, '/api/tickets/unread-count').length).toBeGreaterThanOrEqual(2),
    );
    const lastCount = calls.findLastIndex((c) => c.url === '/api/tickets/unread-count');
    const threadRead = calls.findIndex((c) => c.url === '/api/tickets/5/messages?mark_read=false');
    expect(lastCount).toBeGreaterThan(threadRead);
  });
});
