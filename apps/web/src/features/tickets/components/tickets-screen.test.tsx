import type { PublicUser } from '@studio/shared/types';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderScreen, type StubbedCall, stubFetch } from '~/test/account-screens';
import { FakeEventSource } from '~/test/fake-event-source';
import { stubMatchMedia } from './screen-test-stubs';
import { TicketsScreen } from './tickets-screen';

/*
 * The whole screen against canned answers: fetch for the GETs, a fake
 * XMLHttpRequest for the multipart send (api.upload) and a fake EventSource
 * for the live streams, so the test sees every request the screen makes.
 */

const user: PublicUser = {
  id: 7,
  username: 'ala',
  email: 'ala@example.com',
  is_admin: false,
  mfa_enabled: false,
  email_bouncing: false,
};

const ticket = {
  id: 5,
  seq: 1,
  username: 'ala',
  status: 'open',
  unread_count: 0,
  created_at: '2026-11-02T10:00:00.000Z',
  last_activity_at: '2026-11-02T10:00:00.000Z',
};

const message = (id: number, body: string, author: { id: number; name: string }) => ({
  id,
  user_id: author.id,
  username: author.name,
  is_admin: author.id !== user.id,
  body,
  created_at: '2026-11-02T10:00:00.000Z',
  files: [],
});

const support = { id: 1, name: 'wsparcie' };
const ala = { id: user.id, name: user.username };

interface SentUpload {
  method: string;
  url: string;
}

/** Answers every upload with the stored message, as the server does (201 `{message}`). */
function stubUploads(answer: () => unknown) {
  const uploads: SentUpload[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    readonly upload = { addEventListener: () => undefined };
    private readonly listeners = new Map<string, () => void>();
    private request: SentUpload = { method: '', url: '' };
    open(method: string, url: string) {
      this.request = { method, url };
    }
    setRequestHeader() {}
    getResponseHeader() {
      return null;
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, listener);
    }
    abort() {}
    send() {
      uploads.push(this.request);
      setTimeout(() => {
        this.status = 201;
        this.responseText = JSON.stringify(answer());
        this.listeners.get('load')?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return uploads;
}

function threadStream(): FakeEventSource {
  const source = FakeEventSource.open.find((s) => s.url === '/api/stream/tickets/5/messages');
  if (!source) throw new Error('the open ticket has no stream');
  return source;
}

const threadGets = (calls: StubbedCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.url === '/api/tickets/5/messages?mark_read=false');
const isListUrl = (url: string) => url === '/api/tickets' || url.startsWith('/api/tickets?');
const listGets = (calls: StubbedCall[]) =>
  calls.filter((c) => c.method === 'GET' && isListUrl(c.url));

/** The list holds ticket 5; its thread is whatever `thread` returns at the time of the GET. */
function stubTicketApi(thread: () => unknown[]) {
  return stubFetch((call) => {
    if (isListUrl(call.url)) return json(200, { tickets: [ticket], next_cursor: null });
    if (call.url === '/api/tickets/5/messages?mark_read=false')
      return json(200, { messages: thread() });
    return json(404, { error: 'not_found' });
  });
}

/** Lets any refetch an event would start reach fetch. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

beforeEach(() => {
  FakeEventSource.open = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the thread after a send and on live events', () => {
  it('shows the own message from the send answer without fetching the thread, also on its echo', async () => {
    let thread = [message(10, 'Dzień dobry, w czym pomóc?', support)];
    const calls = stubTicketApi(() => thread);
    const uploads = stubUploads(() => ({ message: message(11, 'Strona nie działa', ala) }));

    renderScreen(<TicketsScreen user={user} />, { path: '/contact', url: '/contact?ticket=5' });
    expect(await screen.findByText('Dzień dobry, w czym pomóc?')).toBeTruthy();
    expect(threadGets(calls)).toHaveLength(1);
    const listGetsBeforeSend = listGets(calls).length;

    fireEvent.change(screen.getByLabelText('Treść wiadomości'), {
      target: { value: 'Strona nie działa' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Wyślij' }));

    expect(await screen.findByText('Strona nie działa')).toBeTruthy();
    expect(uploads).toEqual([{ method: 'POST', url: '/api/tickets/5/messages' }]);
    // The list is refreshed (order, preview); the thread is not fetched again.
    await waitFor(() => expect(listGets(calls).length).toBeGreaterThan(listGetsBeforeSend));
    await settle();
    expect(threadGets(calls)).toHaveLength(1);

    // The server's event for the same message: already shown, nothing to fetch.
    act(() => threadStream().emit('message', { type: 'message', ticket_id: 5, message_id: 11 }));
    await settle();
    expect(threadGets(calls)).toHaveLength(1);
    expect(screen.getAllByText('Strona nie działa')).toHaveLength(1);

    // A message this screen has not seen (someone else's reply) is fetched.
    thread = [
      ...thread,
      message(11, 'Strona nie działa', ala),
      message(12, 'Już naprawiamy.', support),
    ];
    act(() => threadStream().emit('message', { type: 'message', ticket_id: 5, message_id: 12 }));
    expect(await screen.findByText('Już naprawiamy.')).toBeTruthy();
    expect(threadGets(calls)).toHaveLength(2);
    expect(uploads).toHaveLength(1);
  });

  it('fetches the thread for a status change on its stream, which names no message', async () => {
    const calls = stubTicketApi(() => [message(10, 'Witamy', support)]);
    renderScreen(<TicketsScreen user={user} />, { path: '/contact', url: '/contact?ticket=5' });
    expect(await screen.findByText('Witamy')).toBeTruthy();
    act(() => threadStream().emit('message', { type: 'status', ticket_id: 5, status: 'closed' }));
    await waitFor(() => expect(threadGets(calls)).toHaveLength(2));
  });
});
