import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker';

/*
 * jsdom has no service worker: `navigator.serviceWorker` is a stand-in that
 * records the registration, and requestIdleCallback one the test runs by hand.
 */

function fakeServiceWorker() {
  const register = vi.fn(async () => ({}));
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register } });
  return register;
}

function fakeIdle() {
  const waiting: Array<() => void> = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => waiting.push(callback));
  return () => {
    for (const callback of waiting.splice(0)) callback();
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('registering the service worker', () => {
  it('waits for an idle moment after the page has loaded, then registers /sw.js for the whole site', () => {
    vi.stubEnv('PROD', true);
    const register = fakeServiceWorker();
    const runIdle = fakeIdle();
    registerServiceWorker();
    // jsdom has finished loading the document, so only the idle moment is left to wait for.
    expect(document.readyState).toBe('complete');
    expect(register).not.toHaveBeenCalled();
    runIdle();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('never registers in a development build, whose modules must not come from a cache', () => {
    vi.stubEnv('PROD', false);
    const register = fakeServiceWorker();
    const runIdle = fakeIdle();
    registerServiceWorker();
    runIdle();
    expect(register).not.toHaveBeenCalled();
  });

  it('does nothing in a browser without service workers', () => {
    vi.stubEnv('PROD', true);
    const runIdle = fakeIdle();
    expect(() => {
      registerServiceWorker();
      runIdle();
    }).not.toThrow();
  });
});
