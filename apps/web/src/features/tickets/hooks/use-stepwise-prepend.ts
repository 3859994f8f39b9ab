import { useEffect, useState } from 'react';
import { type RenderedRange, renderedFrom, revealStep, takeInMessages } from '../lib/thread-pages';

/**
 * The messages to render while older ones go in above a few per frame
 * (issue 34): an older page's messages appear `PREPEND_STEP` at a time, one
 * step per animation frame, each step its own task, so no task of the
 * scrolling grows long. The thread keeps the reader's place after each step
 * as after any prepend. `mustShow` (a search hit's message) renders at once
 * with everything below it; so does every message while the list is not on
 * screen (`showAll`): there is no place to keep then.
 */
export function useStepwisePrepend<T extends { id: number }>(
  messages: readonly T[],
  { showAll = false, mustShow = null }: { showAll?: boolean; mustShow?: number | null } = {},
): readonly T[] {
  const [range, setRange] = useState<RenderedRange>(() => ({
    firstId: messages[0]?.id,
    floorId: messages[0]?.id,
  }));
  // Brought up to date while rendering, so new messages above never show all at once for a frame.
  let current = takeInMessages(range, messages);
  let from = renderedFrom(current, messages);
  const mustShowHidden =
    mustShow !== null && messages.slice(0, from).some((m) => m.id === mustShow);
  if ((showAll || mustShowHidden) && from > 0) {
    current = { ...current, floorId: messages[0]?.id };
    from = 0;
  }
  if (current !== range) setRange(current);

  useEffect(() => {
    if (from === 0) return;
    const frame = requestAnimationFrame(() => setRange((r) => revealStep(r, messages)));
    return () => cancelAnimationFrame(frame);
  }, [from, messages]);

  return from === 0 ? messages : messages.slice(from);
}
