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

/**
 * How many older messages go in above per frame (issue 34). A page of 50
 * added at once was one task of 57–93 ms at 4× CPU slowdown (rendering the
 * messages, then the style and layout that keeping the reader's place
 * reads); in steps of this size each task stays far under 50 ms and the
 * scrolling keeps its frames (bench/README.md, „The older page in steps”).
 */
export const PREPEND_STEP = 10;

/** Which of a thread's messages are rendered: from `floorId` (the oldest rendered) on. */
export interface RenderedRange {
  /** The thread's first message when this range was last brought up to date. */
  firstId: number | undefined;
  /** The oldest message rendered; undefined renders them all. */
  floorId: number | undefined;
}

/** Index of the first rendered message: 0 when all are, or when the floor is gone. */
export function renderedFrom(range: RenderedRange, messages: readonly Identified[]): number {
  if (range.floorId === undefined) return 0;
  return Math.max(
    0,
    messages.findIndex((m) => m.id === range.floorId),
  );
}

/**
 * The range after the thread's messages changed. Messages added above what
 * is rendered wait, and come in `PREPEND_STEP` at a time from the next frame
 * on, the nearest first (`revealStep`): the commit that brings an older page
 * re-renders the whole screen (its loading state ends), so it adds no
 * messages itself. Anything else (a first load, a new newest page that starts
 * the thread again, messages added below) renders every message at once.
 */
export function takeInMessages(
  range: RenderedRange,
  messages: readonly Identified[],
): RenderedRange {
  const firstId = messages[0]?.id;
  if (firstId === range.firstId) return range;
  const floor =
    range.floorId === undefined ? -1 : messages.findIndex((m) => m.id === range.floorId);
  return { firstId, floorId: messages[Math.max(0, floor)]?.id };
}

/** The next `step` messages above the rendered ones; the same range when all are rendered. */
export function revealStep(
  range: RenderedRange,
  messages: readonly Identified[],
  step = PREPEND_STEP,
): RenderedRange {
  const from = renderedFrom(range, messages);
  if (from === 0) return range;
  return { ...range, floorId: messages[Math.max(0, from - step)]?.id };
}
