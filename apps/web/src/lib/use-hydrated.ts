import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates prerendered HTML (and while prerendering), true
 * right after and on every client-side render. A page whose content depends on
 * the browser (cookies, storage) renders what was prerendered first, so that
 * hydration matches the HTML, and its real state on the render that follows.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
