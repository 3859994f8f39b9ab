import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The newest address parameters written by any of the screen's writers
 * (search, selection, search-hit jump) that the router may not have rendered
 * yet, and the parameters they were written over.
 *
 * React Router hands a functional `setSearchParams` the parameters of its
 * hook's last render. Two writes in one moment therefore undo each other: the
 * search's pause wrote `?q=faktura`, and the ticket opened by itself a moment
 * later wrote `?ticket=3` over the `?q=f` its hook had last seen (a browser
 * test saw the list go back to „f”). Every write here starts from the newest
 * write instead, until the router renders an address of its own.
 */
let unrendered: { over: string; written: string } | null = null;

export function useSearchParamsWriter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const rendered = searchParams.toString();
  // The router shows the write, or moved on elsewhere (Back, a link): what it shows is newest.
  if (unrendered !== null && rendered !== unrendered.over) unrendered = null;

  const write = useCallback(
    (change: (next: URLSearchParams) => void, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(unrendered?.written ?? params);
          change(next);
          unrendered = { over: unrendered?.over ?? params.toString(), written: next.toString() };
          return next;
        },
        { replace: options.replace ?? true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return [searchParams, write] as const;
}
