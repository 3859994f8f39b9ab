/**
 * Runs at most `limit` tasks at a time; the others wait their turn in order.
 * Image re-encoding is CPU- and memory-heavy and shares the libuv pool with
 * argon2 and file I/O, so uploads queue here instead of all decoding at once.
 */
export function concurrencyLimit(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) {
      running++;
      next();
    }
  };

  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}
