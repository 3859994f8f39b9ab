import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteHeader } from '~/components/site-header';
import {
  json,
  renderScreen,
  resetScreenTest,
  setSessionHint,
  stubFetch,
  TEST_USER,
} from '~/test/account-screens';
import { FakeEventSource } from '~/test/fake-event-source';
import { DeferredUnread } from './deferred-unread';

/* Issue 31: unread messages show on every page of the site, not only on /contact. */

beforeEach(() => {
  FakeEventSource.open = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  document.title = 'Projekty | Nasze Studio';
});
afterEach(resetScreenTest);

const page = (path = '/projects') =>
  renderScreen(
    <>
      <SiteHeader />
      <DeferredUnread />
    </>,
    { path },
  );

describe('the unread count on every page', () => {
  it('a signed-in customer sees it on the Kontakt link and in the tab title, live', async () => {
    setSessionHint();
    let unread = 3;
    const calls = stubFetch((call) => {
      if (call.url === '/api/auth/me') return json(200, { user: TEST_USER, isStaff: false });
      if (call.url === '/api/tickets/unread-count') return json(200, { unread });
      return json(404, { error: 'not_found' });
    });
    page();
    const link = await screen.findByRole('link', { name: 'Kontakt, 3 nieprzeczytane wiadomości' });
    expect(link.getAttribute('href')).toBe('/contact');
    await waitFor(() => expect(document.title).toBe('(3) Projekty | Nasze Studio'));
    // One list stream per tab; a ticket event asks for the count again.
    const stream = FakeEventSource.open.find((s) => s.url === '/api/stream/tickets');
    expect(stream).toBeTruthy();
    unread = 1;
    act(() => stream?.emit('ticket', { ticket_id: 7 }));
    expect(
      await screen.findByRole('link', { name: 'Kontakt, 1 nieprzeczytana wiadomość' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('(1) Projekty | Nasze Studio'));
    expect(calls.filter((c) => c.url === '/api/tickets/unread-count')).toHaveLength(2);
  });

  it('nothing unread: the link and the title stay as they are', async () => {
    setSessionHint();
    stubFetch((call) =>
      call.url === '/api/auth/me'
        ? json(200, { user: TEST_USER, isStaff: false })
        : json(200, { unread: 0 }),
    );
    page();
    await waitFor(() => expect(FakeEventSource.open).toHaveLength(1));
    expect(screen.getAllByRole('link', { name: 'Kontakt' }).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    expect(document.title).toBe('Projekty | Nasze Studio');
  });

  it('a logged-out visitor downloads and asks nothing', async () => {
    const calls = stubFetch(() => json(401, { error: 'unauthorized' }));
    page();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls).toHaveLength(0);
    expect(FakeEventSource.open).toHaveLength(0);
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it('leaves /contact to the Kontakt screen, which keeps its own count', async () => {
    setSessionHint();
    const calls = stubFetch((call) =>
      call.url === '/api/auth/me'
        ? json(200, { user: TEST_USER, isStaff: false })
        : json(200, { unread: 2 }),
    );
    page('/contact');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls.filter((c) => c.url === '/api/tickets/unread-count')).toHaveLength(0);
    expect(FakeEventSource.open).toHaveLength(0);
  });
});
