import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

/** How often the event loop's share of busy time is read. */
export const REST_CHECK_MS = 10_000;
/**
 * A check interval in which the event loop ran JavaScript for at least this
 * share of the time was busy. An idle server, even one holding 10,000 streams
 * (a heartbeat every 25 s), stays under 1 %.
 */
export const BUSY_SHARE = 0.05;
/**
 * Quiet intervals in a row before collecting: V8's own memory reducer, when it
 * is on, runs about 8 s after the last collection and shrinks the heap better
 * than a forced collection can (it also shrinks the young generation); this
 * one comes after it. Collecting at the first quiet interval seemed to
 * pre-empt it: in that run 10,000 open streams read 15.7 KB each, 14.2 with
 * this wait (12–13.7 before either).
 */
export const QUIET_CHECKS = 3;

/**
 * Gives memory back when the server falls quiet after a load.
 *
 * V8 shrinks its heap while idle through its memory reducer, but that runs
 * again only once the old generation has grown 10 % past its size
 * at the reducer's previous run. A peak sets that size high: with 10,000 live
 * streams the reducer ran at ~130 MB, and after they closed it stayed off for
 * every smaller load, so the idle server kept the young generation grown to
 * 32 MB, old-generation pages left sparse and the upload buffers whose
 * wrappers no collection had found dead: 262–282 MB resident against
 * 184–218 MB after one full collection (bench/README.md, memory at rest, session 23).
 *
 * So the server watches its own event loop: three quiet intervals in a row
 * after a busy one run two full collections. A server that stays busy is left to
 * V8's own schedule; one that stays idle is not collected again.
 */
export class MemoryAtRest {
  private timer: ReturnType<typeof setInterval> | null = null;
  private wasBusy = false;
  private quietChecks = 0;

  constructor(
    private readonly collect: () => void = collectTwice,
    private readonly busyShare: () => number = eventLoopBusyShare(),
    private readonly options = {
      checkMs: REST_CHECK_MS,
      busyShare: BUSY_SHARE,
      quietChecks: QUIET_CHECKS,
    },
  ) {}

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => this.check(), this.options.checkMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private check() {
    if (this.busyShare() >= this.options.busyShare) {
      this.wasBusy = true;
      this.quietChecks = 0;
      return;
    }
    if (!this.wasBusy || ++this.quietChecks < this.options.quietChecks) return;
    this.wasBusy = false;
    this.quietChecks = 0;
    this.collect();
  }
}

/** The share of the time since its previous call that the event loop was busy. */
function eventLoopBusyShare() {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return share;
  };
}

/**
 * The first collection frees what died; the second compacts the pages the
 * first left sparse (V8 chooses the pages to move by the live bytes the
 * previous marking counted, so a single collection after a peak finds them
 * all full). About 30–60 ms of the main thread, once per quiet spell.
 */
function collectTwice() {
  const gc = fullCollection();
  gc();
  gc();
}

let collector: (() => void) | null = null;

/**
 * V8's own full collection. `gc` is exposed to a fresh context only, so the
 * flag is switched on for the moment that context is made and off again: the
 * server's own code never sees a global `gc` (the same way test runners
 * measure leaks without `--expose-gc` on the command line).
 */
export function fullCollection(): () => void {
  if (!collector) {
    v8.setFlagsFromString('--expose-gc');
    collector = vm.runInNewContext('gc') as () => void;
    v8.setFlagsFromString('--no-expose-gc');
  }
  return collector;
}
