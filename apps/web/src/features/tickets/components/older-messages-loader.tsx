import { type RefObject, useEffect, useRef } from 'react';
import { OLDER_MESSAGES_ERROR, OLDER_MESSAGES_LOADING, RETRY_LABEL } from '../lib/messages';
import { LOAD_OLDER_THRESHOLD_PX } from '../lib/thread-pages';
import { secondaryButtonClass } from './styles';

export interface OlderMessages {
  hasOlder: boolean;
  isLoading: boolean;
  isError: boolean;
  load: () => void;
}

/**
 * The strip above the oldest shown message while older ones exist: it asks
 * for the next page as it comes near the view (also when the thread is too
 * short to scroll), says that it is loading, or shows the error with a retry.
 * Its height does not change between "waiting" and "loading", so the thread
 * below does not move when a load starts.
 */
export function OlderMessagesLoader({
  older,
  scrollRoot,
}: {
  older: OlderMessages;
  scrollRoot: RefObject<HTMLElement | null>;
}) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  const { hasOlder, isLoading, isError, load } = older;
  const canLoad = hasOlder && !isLoading && !isError;

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!canLoad || !sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      },
      { root: scrollRoot.current, rootMargin: `${LOAD_OLDER_THRESHOLD_PX}px 0px 0px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [canLoad, load, scrollRoot]);

  if (!hasOlder) return null;
  if (isError) {
    return (
      <div role="alert" className="pb-3 text-center text-sm text-red-800 dark:text-red-200">
        <p>{OLDER_MESSAGES_ERROR}</p>
        <button type="button" onClick={load} className={`${secondaryButtonClass} mt-2`}>
          {RETRY_LABEL}
        </button>
      </div>
    );
  }
  return (
    <div ref={sentinelRef} data-testid="older-messages" className="h-8 text-center">
      {isLoading && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {OLDER_MESSAGES_LOADING}
        </p>
      )}
    </div>
  );
}
