import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TicketMessage } from '../lib/attachments';
import { MessageThread } from './message-thread';

/* DESIGN.md §7.5: a message counts as read only once on screen in a visible, focused tab. */

let observed: Element[] = [];
/** Every observe() call, also of an element observed before. */
let observeCalls = 0;
let notify: (entries: Array<{ target: Element; isIntersecting: boolean }>) => void = () => {};

class FakeIntersectionObserver {
  constructor(callback: typeof notify) {
    notify = callback;
  }
  observe(element: Element) {
    observeCalls++;
    observed.push(element);
  }
  unobserve(element: Element) {
    observed = observed.filter((el) => el !== element);
  }
  disconnect() {
    observed = [];
  }
}

let visibility: DocumentVisibilityState = 'visible';
let focused = true;

const message = (id: number): TicketMessage =>
  ({
    id,
    user_id: 1,
    username: 'wsparcie',
    is_admin: true,
    internal: false,
    email_sender: null,
    body: `Odpowiedź ${id} https://example.com/${id}`,
    created_at: '2026-11-02T10:00:00.000Z',
    files: [],
  }) as TicketMessage;

function threadOf(ids: number[], onSeen: (upTo: number) => void) {
  return (
    <MessageThread
      messages={ids.map(message)}
      viewerId={7}
      isLoading={false}
      isError={false}
      onRetry={() => {}}
      sentCount={0}
      onMessagesSeen={onSeen}
    />
  );
}

const renderThread = (onSeen: (upTo: number) => void) => render(threadOf([3, 4, 5], onSeen));

const showOnScreen = (...ids: number[]) =>
  act(() =>
    notify(
      observed
        .filter((el) => ids.includes(Number((el as HTMLElement).dataset.messageId)))
        .map((target) => ({ target, isIntersecting: true })),
    ),
  );

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
  visibility = 'visible';
  focused = true;
  observeCalls = 0;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('marking read what was seen', () => {
  it('reports the newest message on screen in an active tab', () => {
    const seen = vi.fn();
    renderThread(seen);
    expect(observed).toHaveLength(3);
    showOnScreen(3, 4);
    expect(seen).toHaveBeenLastCalledWith(4);
  });

  it('waits in a background tab until it is shown and focused', () => {
    visibility = 'hidden';
    focused = false;
    const seen = vi.fn();
    renderThread(seen);
    showOnScreen(4, 5);
    expect(seen).not.toHaveBeenCalled();

    // Shown but another window has the focus: still not read.
    visibility = 'visible';
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(seen).not.toHaveBeenCalled();

    focused = true;
    act(() => window.dispatchEvent(new Event('focus')));
    expect(seen).toHaveBeenCalledWith(5);
  });

  it('watches only the messages that arrive and forgets those that go (no re-observing the thread)', () => {
    const seen = vi.fn();
    const { rerender } = render(threadOf([3, 4, 5], seen));
    expect(observeCalls).toBe(3);
    rerender(threadOf([3, 4, 5, 6], seen));
    expect(observeCalls).toBe(4);
    showOnScreen(6);
    expect(seen).toHaveBeenLastCalledWith(6);
    // A message that leaves the thread (deleted) is no longer watched, nor counted as on screen.
    rerender(threadOf([3, 4, 5], seen));
    expect(observed.map((el) => (el as HTMLElement).dataset.messageId)).toEqual(['3', '4', '5']);
    showOnScreen(4);
    expect(seen).toHaveBeenLastCalledWith(4);
    expect(observeCalls).toBe(4);
  });

  it('renders links safely inside the messages', () => {
    const { container } = renderThread(() => {});
    const link = container.querySelector('a[href="https://example.com/5"]');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    expect(link?.getAttribute('target')).toBe('_blank');
  });
});
