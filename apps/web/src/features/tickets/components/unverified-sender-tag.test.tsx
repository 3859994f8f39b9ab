import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TicketMessage } from '../lib/attachments';
import { MessageThread } from './message-thread';
import { UNVERIFIED_SENDER_EXPLANATION } from './unverified-sender-tag';

const message = (id: number, email_sender: TicketMessage['email_sender']): TicketMessage => ({
  id,
  user_id: 3,
  username: 'klient',
  is_admin: false,
  internal: false,
  email_sender,
  body: `Wiadomość ${id}`,
  created_at: '2026-11-27T10:00:00.000Z',
  files: [],
});

beforeAll(() => {
  // jsdom has no IntersectionObserver; the thread only asks it what is on screen.
  globalThis.IntersectionObserver ??= class {
    observe() {}
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
});
afterEach(cleanup);

describe('the „nadawca niepotwierdzony” tag (staff see how sure an e-mail’s sender is)', () => {
  it('marks only a message whose e-mail sender was not confirmed, and says why', () => {
    render(
      <MessageThread
        messages={[message(1, 'unverified'), message(2, 'verified'), message(3, null)]}
        viewerId={7}
        isLoading={false}
        isError={false}
        onRetry={() => {}}
        sentCount={0}
      />,
    );
    const tags = screen.getAllByTestId('unverified-sender-tag');
    expect(tags).toHaveLength(1);
    expect(tags[0]?.closest('[data-message-id]')?.getAttribute('data-message-id')).toBe('1');
    expect(tags[0]?.textContent).toContain('nadawca niepotwierdzony');
    expect(tags[0]?.getAttribute('title')).toBe(UNVERIFIED_SENDER_EXPLANATION);
  });
});
