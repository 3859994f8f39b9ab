import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailWatcherLease } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';

const LEASE_NAME = 'imap';

/**
 * One row in the database says which instance watches the mailbox. It is
 * taken when free or expired and renewed by its holder; an instance that dies
 * stops renewing, and another takes over when the row expires. The database
 * is the one thing every instance shares (with or without Redis).
 */
export class WatcherLease {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly holder: string,
    private readonly ttlMs: number,
  ) {}

  /** Takes or renews the lease; true when this instance holds it now. */
  async acquire(): Promise<boolean> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.ttlMs);
    const rows = await this.db
      .insert(mailWatcherLease)
      .values({ name: LEASE_NAME, holder: this.holder, expiresAt })
      .onConflictDoUpdate({
        target: mailWatcherLease.name,
        set: { holder: this.holder, expiresAt },
        setWhere: sql`${mailWatcherLease.holder} = ${this.holder} or ${mailWatcherLease.expiresAt} < ${now.toISOString()}::timestamptz`,
      })
      .returning({ holder: mailWatcherLease.holder });
    return rows[0]?.holder === this.holder;
  }

  /** Gives the lease up at a clean stop, so another instance need not wait for it to expire. */
  async release(): Promise<void> {
    await this.db
      .delete(mailWatcherLease)
      .where(and(eq(mailWatcherLease.name, LEASE_NAME), eq(mailWatcherLease.holder, this.holder)));
  }
}
