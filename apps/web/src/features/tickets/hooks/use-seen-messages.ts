import { type RefObject, useEffect, useRef } from 'react';

/** The reader can see the page: the tab is shown AND the window has focus (DESIGN.md §7.5). */
export function isPageActive(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus();
}

/**
 * Reports the newest message that has been on screen while the page was
 * active. Messages are watched with an IntersectionObserver inside the
 * thread's scroll box; those intersecting are remembered, so a thread opened
 * in a background tab (or behind another window) is reported only when the
 * reader comes back to it, not when it loads.
 */
export function useSeenMessages({
  scrollRoot,
  messageIds,
  onSeen,
}: {
  scrollRoot: RefObject<HTMLElement | null>;
  /** The ids shown, oldest first; a change re-observes the list. */
  messageIds: readonly number[];
  onSeen?: ((upTo: number) => void) | undefined;
}) {
  const onSeenRef = useRef(onSeen);
  onSeenRef.current = onSeen;
  const onScreen = useRef(new Set<number>());

  const reportIfActive = useRef(() => {
    if (onScreen.current.size === 0 || !isPageActive()) return;
    onSeenRef.current?.(Math.max(...onScreen.current));
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-observe when the shown messages change
  useEffect(() => {
    const root = scrollRoot.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const visible = onScreen.current;
    visible.clear();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = Number((entry.target as HTMLElement).dataset.messageId);
          if (!Number.isSafeInteger(id)) continue;
          if (entry.isIntersecting) visible.add(id);
          else visible.delete(id);
        }
        reportIfActive.current();
      },
      // Half a short message, or any part of a tall one, counts as seen.
      { root, threshold: [0, 0.5] },
    );
    for (const element of root.querySelectorAll<HTMLElement>('[data-message-id]')) {
      observer.observe(element);
    }
    return () => observer.disconnect();
  }, [scrollRoot, messageIds.join(',')]);

  // Coming back to the tab or the window reports what has been waiting on screen.
  useEffect(() => {
    const report = () => reportIfActive.current();
    window.addEventListener('focus', report);
    document.addEventListener('visibilitychange', report);
    return () => {
      window.removeEventListener('focus', report);
      document.removeEventListener('visibilitychange', report);
    };
  }, []);
}
