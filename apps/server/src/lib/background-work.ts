/**
 * Work a request starts but does not wait for: a security notice, or a reset
 * link's token and e-mail. It is tracked so that closing the app (SIGTERM, or a
 * test resetting its database) waits for it, instead of cutting a half-written
 * record off or letting it run into the next test's tables.
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<unknown>>();

  /** Tracks work already started; it must handle its own errors (it is never awaited by a caller). */
  run<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    const forget = () => this.pending.delete(work);
    work.then(forget, forget);
    return work;
  }

  /** Settles once every tracked piece has, including pieces started meanwhile. */
  async drain(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}
