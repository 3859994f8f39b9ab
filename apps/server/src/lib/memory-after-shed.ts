import v8 from 'node:v8';
import vm from 'node:vm';

/** A shed smaller than this is left to V8's own schedule. */
export const MIN_SHED_STREAMS = 1_000;
/** How long the count must stay still before collecting (a reconnect storm settles first). */
export const SHED_QUIET_MS = 10_000;

/**
 * Gives memory back after many connections closed at once.
 *
 * V8 runs a full collection of its old generation only when code keeps
 * allocating. A server that has just shed thousands of live streams (clients
 * gone after a deploy, a network cut, a load test) and then sits idle keeps
 * what they held, about 13 KB each, for as long as it stays idle: 10,000
 * streams left 360 MB resident where one collection gives 235 MB
 * (bench/README.md, memory at rest). So when the open count has fallen at
 * least `minShed` below its peak and has not moved for `quietMs`, one full
 * collection runs; a busy server never reaches the quiet and is left to V8.
 */
export class MemoryAfterShed {
  private peak = 0;
  private current = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly collect: () => void = fullCollection,
    private readonly options = { minShed: MIN_SHED_STREAMS, quietMs: SHED_QUIET_MS },
  ) {}

  /** Called with the open count after every open and close. */
  note(openNow: number) {
    this.current = openNow;
    this.peak = Math.max(this.peak, openNow);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.peak - openNow < this.options.minShed) return;
    this.timer = setTimeout(() => this.settle(), this.options.quietMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private settle() {
    this.timer = null;
    this.peak = this.current;
    this.collect();
  }
}

let collector: (() => void) | null = null;

/**
 * V8's own full collection. `gc` is exposed to a fresh context only, so the
 * flag is switched on for the moment that context is made and off again: the
 * server's own code never sees a global `gc` (the same way test runners
 * measure leaks without `--expose-gc` on the command line).
 */
function fullCollection() {
  if (!collector) {
    v8.setFlagsFromString('--expose-gc');
    collector = vm.runInNewContext('gc') as () => void;
    v8.setFlagsFromString('--no-expose-gc');
  }
  collector();
}
