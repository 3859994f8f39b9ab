import { afterEach, describe, expect, it, vi } from 'vitest';
import { probeWebglSupport } from './webgl-support';

/** A worker that answers as the probe would, with `answer` (or fails when it is an Error). */
function fakeWorker(answer: string | null | Error) {
  const made: string[] = [];
  class FakeWorker {
    onmessage: ((event: MessageEvent) => void) | null = null;
    onerror: (() => void) | null = null;
    terminated = false;
    constructor(url: URL | string) {
      made.push(String(url));
      queueMicrotask(() => {
        if (answer instanceof Error) this.onerror?.();
        else this.onmessage?.({ data: answer } as MessageEvent);
      });
    }
    terminate() {
      this.terminated = true;
    }
  }
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('OffscreenCanvas', class {});
  return made;
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__backdropAllowSoftwareGl;
});

describe('the WebGL probe runs in a worker, off the page’s main thread', () => {
  it('a GPU renderer counts as hardware', async () => {
    const made = fakeWorker('ANGLE (Qualcomm, Adreno (TM) 640, OpenGL ES 3.2)');
    await expect(probeWebglSupport()).resolves.toBe('hardware');
    expect(made).toHaveLength(1);
    expect(made[0]).toContain('webgl-probe.worker');
  });

  it('a software rasteriser counts as software, unless the browser tests allow it', async () => {
    fakeWorker('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)');
    await expect(probeWebglSupport()).resolves.toBe('software');
    window.__backdropAllowSoftwareGl = true;
    await expect(probeWebglSupport()).resolves.toBe('hardware');
  });

  it('a worker without WebGL or one that fails leaves the answer to the page’s own probe', async () => {
    // jsdom has no WebGL: the page's own probe says none.
    fakeWorker(null);
    await expect(probeWebglSupport()).resolves.toBe('none');
    fakeWorker(new Error('no worker'));
    await expect(probeWebglSupport()).resolves.toBe('none');
  });
});
