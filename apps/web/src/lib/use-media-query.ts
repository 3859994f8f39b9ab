import { useSyncExternalStore } from 'react';

/**
 * Live result of a media query. Prerendered HTML has no window, so the server
 * snapshot is `serverValue` (chosen per query as the safe default).
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
/** Devices whose main pointer cannot hover (phones, tablets): no tilt, no custom cursor. */
export const COARSE_POINTER_QUERY = '(hover: none), (pointer: coarse)';

export function usePrefersReducedMotion(): boolean {
  // Assume reduced motion until we know, so nothing starts moving before hydration decides.
  return useMediaQuery(REDUCED_MOTION_QUERY, true);
}
