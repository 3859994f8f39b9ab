import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Settings local to one transaction (`set_config(name, value, true)`), by
 * name: they end with it, so a pooled connection never carries them to
 * another request.
 */
export type TransactionSettings = Readonly<Record<string, string>>;

/** What each open transaction (its handle) was given already, so it is not sent twice. */
const applied = new WeakMap<object, TransactionSettings>();

/**
 * The `set_config` calls for `settings`, as columns of a `select`, the values
 * written in: a statement sent without values may follow a `begin` in one
 * round trip (snapshot-read.ts). The settings are the code's own constants.
 */
export function settingsColumnsText(settings: TransactionSettings): string {
  const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
  return Object.entries(settings)
    .map(([name, value]) => `set_config(${literal(name)}, ${literal(value)}, true)`)
    .join(', ');
}

/** Records that the transaction `tx` has `settings` (set with the statement that opened it). */
export function markSettingsApplied(tx: object, settings: TransactionSettings): void {
  applied.set(tx, { ...applied.get(tx), ...settings });
}

/**
 * Gives the transaction `tx` these settings, unless it has them already:
 * a search applies its own, and a read that knew beforehand that it would
 * search set them with its snapshot (snapshot-read.ts), a round trip fewer.
 */
export async function applyTransactionSettings(
  tx: Db,
  settings: TransactionSettings,
): Promise<void> {
  const has = applied.get(tx);
  if (has && Object.entries(settings).every(([name, value]) => has[name] === value)) return;
  await tx.execute(sql.raw(`select ${settingsColumnsText(settings)}`));
  markSettingsApplied(tx, settings);
}
