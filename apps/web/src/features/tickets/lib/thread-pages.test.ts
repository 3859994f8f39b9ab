import { describe, expect, it } from 'vitest';
import { withPinnedTicket } from './deep-link';
import type { TicketSummary } from './selection';
import {
  isNearTop,
  mayHaveOlder,
  mergeMessages,
  mergeNewestPage,
  newestPageLeavesGap,
  renderedFrom,
  revealStep,
  scrollTopAfterPrepend,
  takeInMessages,
  wasPrepended,
} from './thread-pages';

const ids = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i, body: `m${from + i}` }));
const idsOf = (list: readonly { id: number }[]) => list.map((m) => m.id);

describe('keeping the reader in place when older messages go in above', () => {
  it('moves the scroll position down by exactly the height added', () => {
    // The reader looked at the message 40 px below the top; a page 1200 px high went in above.
    expect(scrollTopAfterPrepend({ scrollTop: 40, scrollHeight: 3000 }, 4200)).toBe(1240);
    // At the very top the same: the message that was first stays where it was.
    expect(scrollTopAfterPrepend({ scrollTop: 0, scrollHeight: 800 }, 1500)).toBe(700);
    // Nothing added, nothing moves; a shrink never scrolls above the top.
    expect(scrollTopAfterPrepend({ scrollTop: 300, scrollHeight: 900 }, 900)).toBe(300);
    expect(scrollTopAfterPrepend({ scrollTop: 10, scrollHeight: 900 }, 500)).toBe(0);
  });

  it('knows a prepend from an append or a first load', () => {
    expect(wasPrepended(71, 21)).toBe(true);
    expect(wasPrepended(71, 71)).toBe(false);
    expect(wasPrepended(undefined, 71)).toBe(false);
    expect(wasPrepended(71, undefined)).toBe(false);
  });

  it('asks for older messages near the top only', () => {
    expect(isNearTop({ scrollTop: 0 })).toBe(true);
    expect(isNearTop({ scrollTop: 200 })).toBe(true);
    expect(isNearTop({ scrollTop: 201 })).toBe(false);
  });
});

describe('the pages of a thread', () => {
  it('puts an older page above, each message once, oldest first', () => {
    const merged = mergeMessages(ids(21, 70), ids(60, 120));
    expect(idsOf(merged)).toEqual(idsOf(ids(21, 120)));
  });

  it('keeps older messages when the newest page slides forward with a new message', () => {
    const shown = ids(21, 120); // older pages 21–70 and the newest page 71–120
    const newest = ids(72, 121); // a new message: 71 is no longer on the newest page
    expect(newestPageLeavesGap(shown, newest, 50)).toBe(false);
    expect(idsOf(mergeNewestPage(shown, newest, 50))).toEqual(idsOf(ids(21, 121)));
  });

  it('starts again from the newest page rather than show a hole', () => {
    const shown = ids(1, 120);
    const newest = ids(200, 249); // 79 messages came while away: 121–199 are unknown
    expect(newestPageLeavesGap(shown, newest, 50)).toBe(true);
    expect(idsOf(mergeNewestPage(shown, newest, 50))).toEqual(idsOf(newest));
    // A short newest page is the whole rest of the thread: no hole possible.
    expect(newestPageLeavesGap(shown, ids(200, 210), 50)).toBe(false);
  });

  it('expects older messages behind a full newest page until a page says there are none', () => {
    expect(mayHaveOlder({ newestPageLength: 50, pageSize: 50, lastOlderPageHasMore: null })).toBe(
      true,
    );
    expect(mayHaveOlder({ newestPageLength: 12, pageSize: 50, lastOlderPageHasMore: null })).toBe(
      false,
    );
    expect(mayHaveOlder({ newestPageLength: 50, pageSize: 50, lastOlderPageHasMore: false })).toBe(
      false,
    );
    expect(mayHaveOlder({ newestPageLength: 50, pageSize: 50, lastOlderPageHasMore: true })).toBe(
      true,
    );
  });
});

describe('a deep-linked ticket beyond the loaded list', () => {
  const ticket = (id: number, status: 'open' | 'closed' = 'open'): TicketSummary => ({
    id,
    seq: id,
    username: 'ala',
    status,
    unread_count: 0,
    created_at: '',
    last_activity_at: '',
  });

  it('is added at the end, once, and only when the filter shows it', () => {
    const listed = [ticket(5), ticket(4)];
    expect(idsOf(withPinnedTicket(listed, ticket(1), null))).toEqual([5, 4, 1]);
    expect(withPinnedTicket(listed, ticket(4), null)).toBe(listed);
    expect(withPinnedTicket(listed, null, null)).toBe(listed);
    expect(withPinnedTicket(listed, ticket(1, 'closed'), 'open')).toBe(listed);
    expect(idsOf(withPinnedTicket(listed, ticket(1, 'closed'), 'closed'))).toEqual([5, 4, 1]);
  });
});

describe('an older page goes in above a few messages at a time (issue 34)', () => {
  it('renders a prepended page step by step, the nearest messages first', () => {
    const newest = ids(51, 70);
    let range = takeInMessages({ firstId: undefined, floorId: undefined }, newest);
    // A first load renders everything.
    expect(renderedFrom(range, newest)).toBe(0);

    const withOlder = [...ids(21, 50), ...newest];
    range = takeInMessages(range, withOlder);
    // The commit that brings the page adds none of it; the frames after it, ten each.
    expect(withOlder[renderedFrom(range, withOlder)]?.id).toBe(51);
    // Taking in the same list again changes nothing.
    expect(takeInMessages(range, withOlder)).toBe(range);
    range = revealStep(range, withOlder, 10);
    expect(withOlder[renderedFrom(range, withOlder)]?.id).toBe(41);
    range = revealStep(range, withOlder, 10);
    expect(withOlder[renderedFrom(range, withOlder)]?.id).toBe(31);
    range = revealStep(range, withOlder, 10);
    expect(renderedFrom(range, withOlder)).toBe(0);
    expect(revealStep(range, withOlder, 10)).toBe(range);
  });

  it('renders at once a page that does not go above, and a thread started again', () => {
    const shown = ids(51, 70);
    let range = takeInMessages({ firstId: undefined, floorId: undefined }, shown);
    // A new message below: the first message is the same, nothing waits.
    const appended = [...shown, ...ids(71, 71)];
    range = takeInMessages(range, appended);
    expect(renderedFrom(range, appended)).toBe(0);
    // A newest page that left a gap replaced the thread: all of it at once.
    const restarted = ids(200, 249);
    range = takeInMessages(range, restarted);
    expect(renderedFrom(range, restarted)).toBe(0);
  });
});
