import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullCollection, MemoryAtRest } from './memory-at-rest';

afterEach(() => {
  vi.useRealTimers();
});

describe('memory given back when the server falls quiet', () => {
  const options = { checkMs: 1_000, busyShare: 0.05, quietChecks: 2 };
  /** A server whose event loop was busy for these shares of each check interval. */
  function serverWith(shares: number[]) {
    vi.useFakeTimers();
    const collect = vi.fn();
    const memory = new MemoryAtRest(collect, () => shares.shift() ?? 0, options);
    memory.start();
    return { collect, memory };
  }

  it('collects after quiet intervals in a row that follow a busy one, and not again while quiet', () => {
    const { collect, memory } = serverWith([0.9, 0.4, 0.01, 0.3, 0.01, 0, 0, 0]);
    vi.advanceTimersByTime(5_000);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3_000);
    expect(collect).toHaveBeenCalledTimes(1);
    memory.stop();
  });

  it('leaves a busy server and a server that never was busy to V8', () => {
    const busy = serverWith([0.3, 0.2, 0.5, 0.06, 0.9]);
    vi.advanceTimersByTime(5_000);
    expect(busy.collect).not.toHaveBeenCalled();
    busy.memory.stop();
    // An idle server with open streams: a heartbeat now and then, well under the threshold.
    const idle = serverWith([0.004, 0, 0.01, 0.004, 0]);
    vi.advanceTimersByTime(5_000);
    expect(idle.collect).not.toHaveBeenCalled();
    idle.memory.stop();
  });

  it('collects again after the next load', () => {
    const { collect, memory } = serverWith([0.5, 0, 0, 0.2, 0.3, 0.02, 0]);
    vi.advanceTimersByTime(7_000);
    expect(collect).toHaveBeenCalledTimes(2);
    memory.stop();
  });

  it('runs a real full collection, without a global gc', async () => {
    // Made in an earlier job: a WeakRef's target is kept alive until its job ends.
    const ref = new WeakRef({ held: new Array(10_000).fill('x') });
    await new Promise((resolve) => setTimeout(resolve, 0));
    fullCollection()();
    expect(ref.deref()).toBeUndefined();
    expect('gc' in globalThis).toBe(false);
  });
});
