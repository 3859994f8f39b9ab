/**
 * A long thread (DESIGN.md §7.4) is shown from its newest page; older pages
 * are added above as the reader scrolls up. These rules keep what is shown
 * whole and keep the reader's place while it grows.
 */

/** How close to the top (px) the reader must scroll for the next older page to load. */
export const LOAD_OLDER_THRESHOLD_PX = 200;

interface Identified {
  id: number;
}

/** Both lists in one, oldest first, each message once; a message in `incoming` replaces its older copy. */
export function mergeMessages<T extends Identified>(
  current: readonly T[],
  incoming: readonly T[],
): T[] {
  const byId = new Map<number, T>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The newest page slides forward as messages arrive. When a new page does not
 * even touch what was shown (a full page of messages came meanwhile), merging
 * it would leave a hole in the middle of the thread.
 */
export function newestPageLeavesGap(
  shown: readonly Identified[],
  newest: readonly Identified[],
  pageSize: number,
): boolean {
  const lastShown = shown.at(-1);
  const firstNew = newest[0];
  return (
    lastShown !== undefined &&
    firstNew !== undefined &&
    newest.length >= pageSize &&
    firstNew.id > lastShown.id
  );
}

/**
 * What the thread shows after the newest page was (re)fetched: what was shown
 * stays and the page is merged into it, unless that would leave a hole; the
 * thread then starts again from the newest page, and scrolling up loads the rest.
 */
export function mergeNewestPage<T extends Identified>(
  shown: readonly T[],
  newest: readonly T[],
  pageSize: number,
): T[] {
  return newestPageLeavesGap(shown, newest, pageSize) ? [...newest] : mergeMessages(shown, newest);
}

/**
 * Whether older messages may exist. After an older page was loaded its
 * `has_more` says so; before that, only a full newest page can have older
 * messages behind it.
 */
export function mayHaveOlder(input: {
  newestPageLength: number;
  pageSize: number;
  lastOlderPageHasMore: boolean | null;
}): boolean {
  if (input.lastOlderPageHasMore !== null) return input.lastOlderPageHasMore;
  return input.newestPageLength >= input.pageSize;
}

export interface ScrollSnapshot {
  scrollTop: number;
  scrollHeight: number;
}

/**
 * Where to scroll after messages were added above, so the message the reader
 * was looking at stays where it was: everything moved down by exactly the
 * height that was added.
 */
export function scrollTopAfterPrepend(before: ScrollSnapshot, scrollHeightAfter: number): number {
  return Math.max(0, before.scrollTop + (scrollHeightAfter - before.scrollHeight));
}

/** True when the first shown message is now an older one: a page was added above. */
export function wasPrepended(firstIdBefore: number | undefined, firstIdAfter: number | undefined) {
  return firstIdBefore !== undefined && firstIdAfter !== undefined && firstIdAfter < firstIdBefore;
}

export function isNearTop(el: { scrollTop: number }, threshold = LOAD_OLDER_THRESHOLD_PX): boolean {
  return el.scrollTop <= threshold;
}
