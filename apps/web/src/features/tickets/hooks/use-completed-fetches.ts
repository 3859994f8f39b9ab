import { useEffect, useRef, useState } from 'react';

/**
 * How many fetches of a query have finished since mount. Unlike
 * `dataUpdatedAt`, local cache edits (zeroing a badge, adding a sent message)
 * do not count: only an answer from the server can mean something changed there.
 */
export function useCompletedFetches(isFetching: boolean): number {
  const [count, setCount] = useState(0);
  const wasFetching = useRef(isFetching);
  useEffect(() => {
    if (wasFetching.current && !isFetching) setCount((n) => n + 1);
    wasFetching.current = isFetching;
  }, [isFetching]);
  return count;
}
