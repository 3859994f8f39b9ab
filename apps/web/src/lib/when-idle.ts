/**
 * Runs `callback` in the browser's first idle period (at the latest after
 * `timeout` ms), or after `fallbackMs` where requestIdleCallback is missing
 * (Safari). Returns a cancel function, for effect clean-ups.
 */
export function whenIdle(
  callback: () => void,
  { timeout = 1500, fallbackMs = 200 }: { timeout?: number; fallbackMs?: number } = {},
): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(() => callback(), { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(callback, fallbackMs);
  return () => clearTimeout(id);
}
