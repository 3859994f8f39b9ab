import { AppError, rateLimited } from '../../lib/errors';

/** Uploads one user may have in flight on an instance (finding 7). */
export const UPLOADS_IN_FLIGHT_PER_USER = 2;
/** What a refused client is told to wait: an upload in flight usually ends within seconds. */
const RETRY_AFTER_MS = 5000;

/**
 * Finding 7: a message's files are held in memory from the first file part
 * until the message is stored, so the number of such uploads is capped per
 * user (429 `rate_limited`) and per instance (503 `service_unavailable`),
 * both with Retry-After. A slot is taken when the first file part arrives
 * (text-only messages never need one) and given back once the request is done.
 */
export class UploadSlots {
  private readonly perUser = new Map<number, number>();
  private total = 0;

  constructor(private readonly globalMax: number) {}

  /** Takes a slot or throws; the returned function gives it back (once). */
  acquire(userId: number): () => void {
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= UPLOADS_IN_FLIGHT_PER_USER) throw rateLimited(RETRY_AFTER_MS);
    if (this.total >= this.globalMax) {
      throw new AppError(503, 'service_unavailable', { retryAfterSeconds: RETRY_AFTER_MS / 1000 });
    }
    this.perUser.set(userId, mine + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    };
  }
}
