import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryAfterShed } from './memory-after-shed';

afterEach(() => {
  vi.useRealTimers();
});

describe('memory given back after a shed of streams', () => {
  const options = { minShed: 100, quietMs: 1_000 };

  it('collects once when the count fell by the threshold and stayed still', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const memory = new MemoryAfterShed(collect, options);
    for (let open = 1; open <= 150; open++) memory.note(open);
    for (let open = 149; open >= 20; open--) memory.note(open);
    vi.advanceTimersByTime(999);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    // The peak is now what is open: a few more closes do not collect again.
    memory.note(10);
    vi.advanceTimersByTime(5_000);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('waits while streams keep opening and closing, and leaves a small shed alone', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const memory = new MemoryAfterShed(collect, options);
    memory.note(500);
    memory.note(450);
    vi.advanceTimersByTime(5_000);
    expect(collect).not.toHaveBeenCalled();
    for (let i = 0; i < 20; i++) {
      memory.note(300 - i);
      vi.advanceTimersByTime(500);
    }
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('runs a real full collection, without a global gc', async () => {
    // Made in an earlier job: a WeakRef's target is kept alive until its job ends.
    const ref = new WeakRef({ held: new Array(10_000).fill('x') });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const memory = new MemoryAfterShed(undefined, { minShed: 1, quietMs: 0 });
    memory.note(1);
    memory.note(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ref.deref()).toBeUndefined();
    expect('gc' in globalThis).toBe(false);
  });
});
