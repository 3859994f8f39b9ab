import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The rows of a raw SQL query. `db.execute` is typed per driver, but
 * node-postgres and PGlite both answer `{ rows }`.
 */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
