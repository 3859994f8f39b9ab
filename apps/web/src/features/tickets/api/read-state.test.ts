import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMessagesPage } from './get-messages-page';
import { getTicket } from './get-ticket';
import { getUnreadCount } from './get-unread-count';
import { markRead, markUnread } from './read-state';

/** Answers every call with `answer` and records what was asked. */
function stubFetch(answer: unknown) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const message = { id: 7, ticket_id: 3, user_id: 1, username: 'ala', is_admin: false, body: 'x' };

describe('thread pages and read state (DESIGN.md §7.2, §7.4, §7.5)', () => {
  it('asks for a page without marking read, and reads has_more', async () => {
    const calls = stubFetch({ messages: [{ ...message, files: [] }], has_more: true });
    const page = await getMessagesPage(3, { before: 40, limit: 20, markRead: false });
    expect(calls[0]?.url).toBe('/api/tickets/3/messages?before=40&limit=20&mark_read=false');
    expect(page.hasMore).toBe(true);
    expect(page.messages.map((m) => m.id)).toEqual([7]);
  });

  it('posts the read marker and the unread request, parsing unread_count', async () => {
    const calls = stubFetch({ unread_count: 2 });
    expect(await markRead(3, 7)).toEqual({ unread_count: 2 });
    expect(await markUnread(3)).toEqual({ unread_count: 2 });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/tickets/3/read', { up_to: 7 }],
      ['POST', '/api/tickets/3/unread', undefined],
    ]);
  });

  it('reads the unread total and one ticket', async () => {
    stubFetch({ unread: 5 });
    expect(await getUnreadCount()).toBe(5);
    const ticket = {
      id: 3,
      seq: 1,
      number: 1042,
      subject: 'Faktura za listopad',
      username: 'ala',
      owner_id: 7,
      status: 'open',
      awaiting: 'staff',
      awaiting_since: '2026-01-01T00:00:00Z',
      assignee: { id: 9, username: 'wsparcie' },
      unread_count: 1,
      created_at: '2026-01-01T00:00:00Z',
      last_activity_at: '2026-01-01T00:00:00Z',
    };
    const calls = stubFetch({ ticket });
    // Older servers send no due time: the parser fills it as „none” (DESIGN.md §7.9).
    expect(await getTicket(3)).toEqual({ ...ticket, due_at: null, overdue: false });
    expect(calls[0]?.url).toBe('/api/tickets/3');
  });
});
