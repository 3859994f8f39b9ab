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
  /** The ids shown, oldest first; a change watches the new ones and forgets the gone ones. */
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

  // One observer for the thread's life. Observing a message costs its geometry
  // at the next frame, so each change of the list adds only the new messages
  // and drops the gone ones: re-observing all of them at every step of an
  // older page (ten messages a frame) redid 200+ of them per frame (issue 34).
  const observerRef = useRef<IntersectionObserver | null>(null);
  const watched = useRef(new Map<Element, number>());

  useEffect(() => {
    const root = scrollRoot.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const visible = onScreen.current;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = watched.current.get(entry.target);
          if (id === undefined) continue;
          if (entry.isIntersecting) visible.add(id);
          else visible.delete(id);
        }
        reportIfActive.current();
      },
      // Half a short message, or any part of a tall one, counts as seen.
      { root, threshold: [0, 0.5] },
    );
    observerRef.current = observer;
    return () => {
      observer.disconnect();
      observerRef.current = null;
      watched.current.clear();
      visible.clear();
    };
  }, [scrollRoot]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: look again when the shown messages change
  useEffect(() => {
    const root = scrollRoot.current;
    const observer = observerRef.current;
    if (!root || !observer) return;
    const shown = new Set<Element>();
    for (const element of root.querySelectorAll<HTMLElement>('[data-message-id]')) {
      const id = Number(element.dataset.messageId);
      if (!Number.isSafeInteger(id)) continue;
      shown.add(element);
      if (watched.current.has(element)) continue;
      watched.current.set(element, id);
      observer.observe(element);
    }
    for (const [element, id] of watched.current) {
      if (shown.has(element)) continue;
      observer.unobserve(element);
      watched.current.delete(element);
      onScreen.current.delete(id);
    }
  }, [scrollRoot, messageIds]);

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
