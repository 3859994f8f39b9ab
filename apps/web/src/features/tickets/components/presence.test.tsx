import type { PresenceUser } from '@studio/shared/presence';
import type { PublicUser } from '@studio/shared/types';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSessionHint,
  json,
  renderScreen,
  type StubbedCall,
  setSessionHint,
  stubFetch,
} from '~/test/account-screens';
import { FakeEventSource } from '~/test/fake-event-source';
import { TYPING_IDLE_MS, usePresenceReporting } from '../hooks/use-presence-reporting';
import { useReplyCollision } from '../hooks/use-reply-collision';
import { loadStaffParts } from '../hooks/use-staff-parts';
import type { TicketMessage } from '../lib/attachments';
import { presenceKey } from '../lib/presence';
import { Composer } from './composer';
import { PresenceAvatars, TicketPresence } from './presence-avatars';
import { emptyStaffDesk, stubMatchMedia } from './screen-test-stubs';
import { TicketsScreen } from './tickets-screen';

// The staff screen waits for its own parts (hooks/use-staff-parts.ts); loaded once, it renders at once.
beforeAll(async () => {
  await loadStaffParts();
});

/* Presence in the staff workspace (issue 31): avatars of who else is on a ticket, the
   calls that say where this agent is, and the warning before answering over a colleague. */

vi.setConfig({ testTimeout: 20_000 });

const me: PublicUser = {
  id: 1,
  username: 'Piotr',
  email: 'piotr@example.com',
  is_admin: true,
  mfa_enabled: false,
  email_bouncing: false,
};
const anna: PresenceUser = { id: 2, username: 'Anna', state: 'viewing' };

beforeEach(() => {
  FakeEventSource.open = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  stubMatchMedia();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  clearSessionHint();
});

describe('avatars', () => {
  it('shows initials in a circle named „Anna przegląda” or „Anna pisze…”', () => {
    render(
      <PresenceAvatars users={[anna, { id: 3, username: 'Jan Kowalski', state: 'typing' }]} />,
    );
    expect(screen.getByRole('img', { name: 'Anna przegląda' }).textContent).toBe('A');
    const typing = screen.getByRole('img', { name: 'Jan Kowalski pisze…' });
    expect(typing.textContent).toContain('JK');
  });

  it('follows the admins’ list stream, leaves the viewer out, and forgets a ticket emptied by a lapse', async () => {
    setSessionHint();
    stubFetch((call: StubbedCall) => {
      if (call.url === '/api/auth/me') return json(200, { user: me, isStaff: true });
      return emptyStaffDesk(call) ?? json(404, { error: 'not_found' });
    });
    const { queryClient } = renderScreen(
      <>
        <TicketsScreen user={me} />
        <TicketPresence ticketId={42} />
      </>,
      { path: '/contact' },
    );
    await waitFor(() =>
      expect(FakeEventSource.open.some((s) => s.url === '/api/stream/tickets')).toBe(true),
    );
    const list = FakeEventSource.open.find((s) => s.url === '/api/stream/tickets');
    act(() =>
      list?.emit('presence', {
        ticket_id: 42,
        users: [
          { id: 1, username: 'Piotr', state: 'viewing' },
          { id: 2, username: 'Anna', state: 'typing' },
        ],
      }),
    );
    expect(await screen.findByRole('img', { name: 'Anna pisze…' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Piotr/ })).toBeNull();
    act(() => list?.emit('presence', { ticket_id: 42, users: [] }));
    await waitFor(() => expect(screen.queryByRole('img', { name: /Anna/ })).toBeNull());
    expect(queryClient.getQueryData(presenceKey)).toEqual({});
  });
});

function ReportingProbe({ ticketId }: { ticketId: number | null }) {
  const { onTyping } = usePresenceReporting({ ticketId });
  return (
    <button type="button" onClick={onTyping}>
      klawisz
    </button>
  );
}

describe('saying where this agent is', () => {
  it('says viewing on opening and every 20 s, typing at most every 5 s while typing, viewing after a pause, left on leaving', () => {
    vi.useFakeTimers();
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    const states = () => calls.map((c) => `${c.url} ${(c.body as { state: string }).state}`);
    const view = render(<ReportingProbe ticketId={5} />);
    expect(states()).toEqual(['/api/tickets/5/presence viewing']);
    act(() => vi.advanceTimersByTime(20_000));
    expect(states()).toHaveLength(2);
    const key = screen.getByRole('button', { name: 'klawisz' });
    fireEvent.click(key);
    fireEvent.click(key);
    act(() => vi.advanceTimersByTime(2_000));
    fireEvent.click(key);
    expect(states().slice(2)).toEqual(['/api/tickets/5/presence typing']);
    act(() => vi.advanceTimersByTime(TYPING_IDLE_MS));
    expect(states().at(-1)).toBe('/api/tickets/5/presence viewing');
    view.rerender(<ReportingProbe ticketId={6} />);
    expect(states().slice(-2)).toEqual([
      '/api/tickets/5/presence left',
      '/api/tickets/6/presence viewing',
    ]);
    act(() => window.dispatchEvent(new Event('pagehide')));
    expect(states().at(-1)).toBe('/api/tickets/6/presence left');
  });
});

const message = (over: Partial<TicketMessage>): TicketMessage => ({
  id: 1,
  user_id: 9,
  username: 'klient',
  is_admin: false,
  body: 'Pomocy',
  created_at: new Date(Date.now() - 600_000).toISOString(),
  files: [],
  internal: false,
  email_sender: null,
  ...over,
});

function GuardedComposer({
  messages,
  isNote = false,
}: {
  messages: TicketMessage[];
  isNote?: boolean;
}) {
  const guard = useReplyCollision({ enabled: true, ticketId: 5, myId: 1, messages });
  return (
    <>
      {messages.map((m) => (
        <p key={m.id} data-message-id={m.id}>
          {m.body}
        </p>
      ))}
      <Composer
        ticketId={5}
        userId={1}
        username="Piotr"
        onCreated={() => {}}
        onSent={() => {}}
        replyGuard={guard}
        isNote={isNote}
      />
    </>
  );
}

function WithQueries({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Composer and guard, re-rendered with the thread's messages as they change. */
const renderGuarded = (messages: TicketMessage[]) =>
  render(<GuardedComposer messages={messages} />, { wrapper: WithQueries });

/** Every multipart send (api.upload goes through XMLHttpRequest); none is answered. */
function recordSends() {
  const sent: string[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      readonly upload = { addEventListener: () => undefined };
      open(_method: string, url: string) {
        sent.push(url);
      }
      setRequestHeader() {}
      addEventListener() {}
      send() {}
      abort() {}
    },
  );
  return sent;
}

const first = message({ id: 1 });
/** Anna's reply, written 20 s before it is asked for. */
const annasReply = (over: Partial<TicketMessage> = {}) =>
  message({
    id: 2,
    user_id: 2,
    username: 'Anna',
    is_admin: true,
    body: 'Już poprawione',
    created_at: new Date(Date.now() - 20_000).toISOString(),
    ...over,
  });
const type = (text: string) =>
  fireEvent.change(screen.getByRole('textbox'), { target: { value: text } });
const send = () => fireEvent.click(screen.getByRole('button', { name: /^Wyślij$/ }));

describe('a colleague answered meanwhile', () => {
  it('asks „Anna odpowiedziała 20 s temu — pokaż” before sending, and sends on „Wyślij mimo to”', async () => {
    const sent = recordSends();
    const view = renderGuarded([first]);
    type('Sprawdzę to');
    view.rerender(<GuardedComposer messages={[first, annasReply()]} />);
    send();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Anna odpowiedziała 20 s temu — pokaż');
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Wyślij mimo to' }));
    await waitFor(() => expect(sent).toEqual(['/api/tickets/5/messages']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('„pokaż” brings the reply into view and sends nothing; the next send goes straight', async () => {
    const sent = recordSends();
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.textContent ?? '');
    };
    const view = renderGuarded([first]);
    type('Sprawdzę to');
    view.rerender(<GuardedComposer messages={[first, annasReply()]} />);
    send();
    fireEvent.click(await screen.findByRole('button', { name: 'pokaż' }));
    expect(scrolled).toEqual(['Już poprawione']);
    expect(sent).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    send();
    await waitFor(() => expect(sent).toEqual(['/api/tickets/5/messages']));
  });

  it('does not ask for a customer’s message, a colleague’s note, or a reply there before the draft began', async () => {
    const sent = recordSends();
    const view = renderGuarded([first, annasReply()]);
    // Anna's reply was there when the ticket opened.
    type('Dziękuję');
    view.rerender(
      <GuardedComposer
        messages={[
          first,
          annasReply(),
          message({ id: 3, body: 'Klient dopisał' }),
          message({ id: 4, user_id: 2, username: 'Anna', is_admin: true, internal: true }),
        ]}
      />,
    );
    send();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(sent).toEqual(['/api/tickets/5/messages']));
  });

  it('says „odpowiedział” for a man’s name', async () => {
    recordSends();
    const view = renderGuarded([first]);
    type('Sprawdzę');
    view.rerender(
      <GuardedComposer messages={[first, annasReply({ user_id: 3, username: 'Jan' })]} />,
    );
    send();
    expect((await screen.findByRole('alert')).textContent).toContain('Jan odpowiedział 20 s temu');
  });
});
