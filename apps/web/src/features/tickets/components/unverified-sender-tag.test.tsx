import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TicketMessage } from '../lib/attachments';
import { MessageThread } from './message-thread';
import { stubIntersectionObserver, threadMessage } from './screen-test-stubs';
import { UNVERIFIED_SENDER_EXPLANATION } from './unverified-sender-tag';

const message = (id: number, email_sender: TicketMessage['email_sender']) =>
  threadMessage(id, { email_sender });

beforeAll(stubIntersectionObserver);
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
