import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TicketMessage } from '../lib/attachments';
import * as format from '../lib/format';
import { MessageThread } from './message-thread';
import { stubIntersectionObserver, threadMessage } from './screen-test-stubs';

const message = (id: number) => threadMessage(id);

beforeAll(stubIntersectionObserver);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const thread = (messages: TicketMessage[]) => (
  <MessageThread
    messages={messages}
    viewerId={7}
    isLoading={false}
    isError={false}
    onRetry={() => {}}
    sentCount={0}
  />
);

describe('a long thread renders only what changes (issue 34, scrolling)', () => {
  it('an older page added above renders its own messages, not the ones already shown', () => {
    // Each message's time is formatted once per render of that message.
    const renders = vi.spyOn(format, 'formatMessageTime');
    const shown = [message(51), message(52), message(53)];
    const view = render(thread(shown));
    expect(renders).toHaveBeenCalledTimes(3);
    renders.mockClear();
    // As use-thread-messages merges pages: the shown messages keep their objects.
    view.rerender(thread([message(49), message(50), ...shown]));
    expect(renders).toHaveBeenCalledTimes(2);
    expect(view.getAllByTestId('message').map((m) => m.getAttribute('data-message-id'))).toEqual([
      '49',
      '50',
      '51',
      '52',
      '53',
    ]);
  });
});
