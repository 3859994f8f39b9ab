// The WebGL probe of webgl-support.ts, run in a worker: creating a WebGL
// context waits for the GPU process to set one up, and without a GPU (Chromium
// falls back to SwiftShader) that took 100–400 ms of the page's main thread on
// every public page, counted as blocking time on a phone (issue 34). Here it
// blocks only this worker. Answers the renderer's name, or null when an
// OffscreenCanvas has no WebGL here (the page then probes on its own thread).

import { rendererName } from './webgl-renderer';

function probe(): string | null {
  try {
    return rendererName(new OffscreenCanvas(1, 1));
  } catch {
    return null;
  }
}

(self as unknown as { postMessage(message: string | null): void }).postMessage(probe());
