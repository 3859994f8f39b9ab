import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/rows-of';
import { bytesInWords, within } from '../format';
import type { StatusCheckFn } from '../status-check';

/** A `select 1` slower than this is a database in trouble (DESIGN.md §7.12). */
export const DATABASE_SLOW_MS = 2_000;

/** `database`: which engine, how big, and whether it answers a round trip in time. */
export const databaseCheck: StatusCheckFn = async (app) => {
  const { config, db } = app.deps;
  const engine = config.databaseUrl ? 'PostgreSQL' : 'wbudowana baza danych (PGlite)';
  const started = performance.now();
  try {
    await within(rowsOf(db, sql`select 1`), DATABASE_SLOW_MS, 'select 1');
  } catch {
    return {
      id: 'database',
      state: 'fail',
      detail: `Baza danych (${engine}) nie odpowiada w ${DATABASE_SLOW_MS / 1000} s. Sprawdź, czy ${config.databaseUrl ? 'serwer PostgreSQL działa i DATABASE_URL jest poprawny' : `dysk z DATA_DIR (${config.dataDir}) działa`}, i zajrzyj do dziennika serwera.`,
    };
  }
  const tookMs = Math.round(performance.now() - started);
  const [row] = await rowsOf<{ size: string | number }>(
    db,
    sql`select pg_database_size(current_database()) as size`,
  ).catch(() => []);
  const size = row ? `, zajmuje ${bytesInWords(Number(row.size))}` : '';
  return {
    id: 'database',
    state: 'ok',
    detail: `${engine} działa${size}; odpowiedź w ${tookMs} ms.`,
  };
};
