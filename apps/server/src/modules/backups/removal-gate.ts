import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../storage/storage';

/**
 * Keeps uploaded files in place while an online backup copies them. The dump
 * holds every attachment row committed before it; the files of such a row can
 * only disappear through `remove`, which the deleting code calls after its
 * transaction committed, so possibly after the dump and before the copy. While
 * a backup holds the gate, `remove` on the local storage only notes the keys
 * and answers at once (the rows are gone, nobody can reach the files), and the
 * files go when the last backup lets go. Files written ahead of a commit need
 * nothing: copied or not, no row of the dump points at them.
 *
 * The database storage needs no gate: its bytes are rows, in the dump or not
 * with the rest.
 */
export class RemovalGate {
  private holders = 0;
  private waiting: { db: Db; keys: readonly string[] }[] = [];
  private removeNow: FileStorage['remove'] | null = null;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Wraps `remove` of the one storage object every route holds (app.ts creates it once). */
  guard(storage: FileStorage): void {
    if (storage.kind !== 'local') return;
    const removeNow = storage.remove.bind(storage);
    this.removeNow = removeNow;
    storage.remove = async (db, keys) => {
      if (this.holders > 0) {
        this.waiting.push({ db, keys });
        return;
      }
      await removeNow(db, keys);
    };
  }

  /** Runs `work` with removals held back; those asked for meanwhile happen right after. */
  async hold<T>(work: () => Promise<T>): Promise<T> {
    this.holders++;
    try {
      return await work();
    } finally {
      this.holders--;
      if (this.holders === 0) await this.release();
    }
  }

  private async release() {
    const waiting = this.waiting;
    this.waiting = [];
    for (const { db, keys } of waiting) {
      await this.removeNow?.(db, keys).catch((error: unknown) => {
        this.log.error({ err: error }, 'file removal after a backup failed');
      });
    }
  }
}
