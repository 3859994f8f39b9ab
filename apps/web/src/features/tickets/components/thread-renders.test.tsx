import { act, cleanup, render } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TicketMessage } from '../lib/attachments';
import * as format from '../lib/format';
import { MessageThread } from './message-thread';
import { fakeThreadLayout, stubIntersectionObserver, threadMessage } from './screen-test-stubs';

const message = (id: number) => threadMessage(id);
/** Messages `from`–`to` of a thread. */
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

beforeAll(stubIntersectionObserver);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const thread = (
  messages: TicketMessage[],
  extra: Partial<ComponentProps<typeof MessageThread>> = {},
) => (
  <MessageThread
    messages={messages}
    viewerId={7}
    isLoading={false}
    isError={false}
    onRetry={() => {}}
    sentCount={0}
    {...extra}
  />
);

describe('a long thread renders only what changes (issue 34, scrolling)', () => {
  it('an older page added above renders its own messages, not the ones already shown', async () => {
    // Each message's time is formatted the same number of times per render of that
    // message (useClockText reads its snapshot more than once: display-clock.ts).
    const renders = vi.spyOn(format, 'formatMessageTime');
    const shown = [message(51), message(52), message(53)];
    const view = render(thread(shown));
    const perMessage = renders.mock.calls.length / 3;
    expect(perMessage).toBeGreaterThanOrEqual(1);
    expect(Number.isInteger(perMessage)).toBe(true);
    renders.mockClear();
    // As use-thread-messages merges pages: the shown messages keep their objects.
    view.rerender(thread([message(49), message(50), ...shown]));
    // They go in in the next frame (in steps, see below).
    await nextFrame();
    expect(renders).toHaveBeenCalledTimes(2 * perMessage);
    expect(view.getAllByTestId('message').map((m) => m.getAttribute('data-message-id'))).toEqual([
      '49',
      '50',
      '51',
      '52',
      '53',
    ]);
  });
});

const nextFrame = () =>
  act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

describe('an older page goes in above in steps (issue 34, one long task per page)', () => {
  it('adds ten messages per frame after the commit that brings the page, nearest first, and keeps the reader in place after each', async () => {
    const newest = range(51, 70);
    const view = render(thread(newest));
    const scroller = view.getByTestId('message-scroll');
    fakeThreadLayout(scroller);
    // The reader looks at the thread 150 px from the top; the scroll was reported.
    scroller.scrollTop = 150;
    scroller.dispatchEvent(new Event('scroll'));

    view.rerender(thread([...range(21, 50), ...newest]));
    const shownIds = () =>
      view.getAllByTestId('message').map((m) => Number(m.getAttribute('data-message-id')));
    // The commit that brings the page adds none of it (it re-renders the whole screen).
    expect(shownIds()[0]).toBe(51);
    expect(scroller.scrollTop).toBe(150);
    // Then ten per frame, the nearest first: 1000 px went in above, the view moved with them.
    await nextFrame();
    expect(shownIds()[0]).toBe(41);
    expect(shownIds()).toHaveLength(30);
    expect(scroller.scrollTop).toBe(150 + 1000);
    // The reader scrolls on between the steps (no scroll event yet): the place is kept from there.
    scroller.scrollTop = 1100;
    await nextFrame();
    expect(shownIds()[0]).toBe(31);
    expect(scroller.scrollTop).toBe(1100 + 1000);
    await nextFrame();
    expect(shownIds()[0]).toBe(21);
    expect(shownIds()).toHaveLength(50);
    expect(scroller.scrollTop).toBe(2100 + 1000);
    await nextFrame();
    expect(shownIds()).toHaveLength(50);
    expect(scroller.scrollTop).toBe(3100);
  });

  it('asks for no further page while a page is still going in, and says it is loading', async () => {
    const load = vi.fn();
    const older = { hasOlder: true, isLoading: false, isError: false, load };
    const newest = range(51, 70);
    const view = render(thread(newest, { older }));
    const scroller = view.getByTestId('message-scroll');
    fakeThreadLayout(scroller);
    view.rerender(thread([...range(21, 50), ...newest], { older }));
    // The reader is still at the top, but the page's messages are not all in yet.
    scroller.scrollTop = 0;
    scroller.dispatchEvent(new Event('scroll'));
    expect(load).not.toHaveBeenCalled();
    expect(view.getByText('Wczytywanie starszych wiadomości…')).toBeTruthy();
    for (let step = 0; step < 3; step++) await nextFrame();
    expect(view.getAllByTestId('message')).toHaveLength(50);
    expect(view.queryByText('Wczytywanie starszych wiadomości…')).toBeNull();
    scroller.scrollTop = 0;
    scroller.dispatchEvent(new Event('scroll'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows a search hit among the waiting messages at once', () => {
    const newest = range(51, 70);
    const view = render(thread(newest));
    const all = [...range(21, 50), ...newest];
    view.rerender(thread(all, { hit: { ticketId: 1, messageId: 22, seq: 1 } }));
    expect(view.getAllByTestId('message')).toHaveLength(50);
    expect(view.getByTestId('message-scroll').querySelector('[data-search-hit]')).not.toBeNull();
  });
});
