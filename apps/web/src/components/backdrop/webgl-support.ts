import { rendererName } from './webgl-renderer';

// Kept apart from webgl-backdrop.ts so the check costs nothing and ogl is
// downloaded only when the animation will really run.

export type WebglSupport = 'hardware' | 'software' | 'none';

declare global {
  interface Window {
    /** Browser tests set this to exercise the WebGL path on a machine without a GPU. */
    __backdropAllowSoftwareGl?: boolean;
  }
}

/** How long the worker may take before the page probes on its own thread. */
const WORKER_PROBE_TIMEOUT_MS = 3000;

/**
 * A software rasteriser (SwiftShader, llvmpipe) would spend a whole CPU core on
 * decoration, so it counts as weak.
 */
export function supportOf(renderer: string): WebglSupport {
  if (/swiftshader|llvmpipe|softpipe|software/i.test(renderer)) {
    return window.__backdropAllowSoftwareGl ? 'hardware' : 'software';
  }
  return 'hardware';
}

/**
 * Whether WebGL exists and runs on a GPU, probed on the page's own thread.
 * Creating the context blocks it while the GPU process sets one up (100–400 ms
 * on a machine without a GPU), hence `probeWebglSupport` first.
 */
export function webglSupport(): WebglSupport {
  try {
    const renderer = rendererName(document.createElement('canvas'));
    return renderer === null ? 'none' : supportOf(renderer);
  } catch {
    return 'none';
  }
}

/**
 * The same answer as `webglSupport`, probed in a worker on an OffscreenCanvas
 * so the page's main thread never waits for the context (issue 34: it was the
 * longest task after hydration on every public page of a phone without a GPU).
 * Where a worker cannot tell (no OffscreenCanvas or no WebGL in workers, an
 * error, no answer in time) the page probes on its own thread as before.
 */
export function probeWebglSupport(): Promise<WebglSupport> {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') {
    return Promise.resolve(webglSupport());
  }
  return new Promise((resolve) => {
    let worker: Worker;
    let settled = false;
    const settle = (renderer: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.terminate();
      resolve(renderer === null ? webglSupport() : supportOf(renderer));
    };
    const timer = setTimeout(() => settle(null), WORKER_PROBE_TIMEOUT_MS);
    try {
      worker = new Worker(new URL('./webgl-probe.worker.ts', import.meta.url), {
        type: 'module',
      });
    } catch {
      clearTimeout(timer);
      resolve(webglSupport());
      return;
    }
    worker.onmessage = (event: MessageEvent<string | null>) =>
      settle(typeof event.data === 'string' ? event.data : null);
    worker.onerror = () => settle(null);
  });
}
