/**
 * The service worker (public/sw.js) makes the site installable and shows Web
 * Push notifications (issue 33, docs/architecture.md). Registering it fetches
 * sw.js and the files it keeps for offline use, so it waits until the page has
 * loaded and the browser is idle: a visitor's first paint and first tap never
 * share the network or the main thread with it.
 */

export const SERVICE_WORKER_URL = '/sw.js';

/** Whether this browser can run service workers at all (not in every private mode, not over http). */
export const supportsServiceWorker = () =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** The registration, made now if there is none yet (e.g. the dev server, where the app does not register it). */
export function registerNow(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
}

/**
 * Registers the worker in production builds only: the dev server's modules
 * change on every edit and must never come from a worker's cache.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !supportsServiceWorker()) return;
  const register = () => {
    registerNow().catch((error: unknown) => {
      // The site works the same without it; only installing and push need it.
      console.warn('Nie udało się zarejestrować service workera', error);
    });
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 10_000 });
    else setTimeout(register, 2000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
