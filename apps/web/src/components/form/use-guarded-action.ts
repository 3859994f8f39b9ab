import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Runs one async action at a time. The ref blocks a second submit even
 * before React re-renders the disabled button (a double click or Enter
 * pressed twice lands in the same frame); the state drives the spinner.
 */
export function useGuardedAction() {
  const running = useRef(false);
  const mounted = useRef(true);
  const [isPending, setPending] = useState(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (action: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      await action();
    } finally {
      running.current = false;
      if (mounted.current) setPending(false);
    }
  }, []);

  return { isPending, run };
}
