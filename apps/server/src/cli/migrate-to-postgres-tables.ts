import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows-of';

/**
 * Table-level work of `migrate-to-postgres`, written against the catalog rather
 * than our schema files, so a table added by a later migration is copied and
 * checked without anyone remembering to list it here.
 */

export interface TableInfo {
  name: string;
  /** `name type` per column, in table order: source and target must agree. */
  columns: string[];
  /** ORDER BY for a stable row order on both engines (text compared byte-wise). */
  orderBy: string;
  hasBytea: boolean;
  /**
   * Kept by triggers on other tables (its comment starts with `derived:`): not
   * copied, since copying those tables rebuilds it, but checked like the rest.
   */
  derived: boolean;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The row text and md5 depend on these settings; both sides use the same ones
 * so a timestamp reads the same on PGlite and on a server in another time zone.
 */
export async function normaliseSession(db: Db): Promise<void> {
  await db.execute(sql`set timezone to 'UTC'`);
  await db.execute(sql`set datestyle to 'ISO, YMD'`);
  await db.execute(sql`set bytea_output to 'hex'`);
}

/** Public tables in foreign-key order: a table comes after every table it refers to. */
export async function describeTables(db: Db): Promise<TableInfo[]> {
  const columns = await rowsOf<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const keys = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    sql`select c.relname as table_name, a.attname as column_name
        from pg_index i
        join pg_class c on c.oid = i.indrelid
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey::int2[])
        where i.indisprimary and n.nspname = 'public'
        order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    // regclass prints a public table by its bare name (public is on the search path).
    sql`select conrelid::regclass::text as child, confrelid::regclass::text as parent
        from pg_constraint
        where contype = 'f' and connamespace = 'public'::regnamespace and conrelid <> confrelid`,
  );
  const derived = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
          and obj_description(c.oid, 'pg_class') like 'derived:%'`,
  );
  const tables = new Map<string, TableInfo>();
  for (const column of columns) {
    const table = tables.get(column.table_name) ?? {
      name: column.table_name,
      columns: [],
      orderBy: '',
      hasBytea: false,
      derived: derived.some((d) => d.name === column.table_name),
    };
    table.columns.push(`${column.column_name} ${column.data_type}`);
    table.hasBytea ||= column.data_type === 'bytea';
    tables.set(column.table_name, table);
  }
  for (const table of tables.values()) {
    const key = keys.filter((k) => k.table_name === table.name).map((k) => k.column_name);
    // Casting to text with the C collation orders alike on any server locale.
    table.orderBy = key.length
      ? key.map((column) => `${quote(column)}::text collate "C"`).join(', ')
      : `t::text collate "C"`;
  }
  return foreignKeyOrder([...tables.values()], references);
}

function foreignKeyOrder(
  tables: TableInfo[],
  references: { child: string; parent: string }[],
): TableInfo[] {
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const pending = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  while (pending.length) {
    const index = pending.findIndex((table) =>
      references.every((r) => r.child !== table.name || placed.has(r.parent)),
    );
    if (index < 0) throw new Error('Foreign keys form a cycle; cannot order the tables.');
    const [table] = pending.splice(index, 1) as [TableInfo];
    ordered.push(table);
    placed.add(table.name);
  }
  return ordered;
}

/** The first table holding a row, or null: the target must hold none. */
export async function firstTableWithRows(db: Db): Promise<string | null> {
  const tables = await rowsOf<{ schema: string; name: string }>(
    db,
    sql`select schemaname as schema, tablename as name from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema', 'drizzle')
        order by schemaname, tablename`,
  );
  for (const table of tables) {
    const [row] = await rowsOf<{ found: boolean }>(
      db,
      sql.raw(`select exists (select 1 from ${quote(table.schema)}.${quote(table.name)}) as found`),
    );
    if (row?.found) return `${table.schema}.${table.name}`;
  }
  return null;
}

/**
 * Copies one table through a cursor, `batchSize` rows at a time (a few for
 * tables holding bytes), so memory stays bounded whatever the table's size.
 * Rows travel as JSON text: every type (bytea, jsonb, bigint, timestamps with
 * microseconds) arrives exactly as stored, with no JavaScript value between.
 */
export async function copyTable(
  source: Db,
  target: Db,
  table: TableInfo,
  batchSize: number,
): Promise<number> {
  const name = quote(table.name);
  const fetchSize = table.hasBytea ? Math.min(batchSize, 4) : batchSize;
  await source.execute(
    sql.raw(
      `declare copy_rows no scroll cursor for select row_to_json(t)::text as j from ${name} t order by ${table.orderBy}`,
    ),
  );
  let copied = 0;
  for (;;) {
    const rows = await rowsOf<{ j: string }>(
      source,
      sql.raw(`fetch forward ${fetchSize} from copy_rows`),
    );
    if (!rows.length) break;
    const batch = `[${rows.map((row) => row.j).join(',')}]`;
    await target.execute(
      sql`insert into ${sql.identifier(table.name)}
          select * from json_populate_recordset(null::${sql.identifier(table.name)}, ${batch}::json)`,
    );
    copied += rows.length;
  }
  await source.execute(sql`close copy_rows`);
  return copied;
}

export interface TableCheck {
  rows: number;
  md5: string;
}

/** Row count and an md5 over the md5 of every row in key order (32 bytes a row in memory). */
export async function checkTable(db: Db, table: TableInfo): Promise<TableCheck> {
  const [row] = await rowsOf<{ rows: number; md5: string | null }>(
    db,
    sql.raw(
      `select count(*)::int as rows, md5(string_agg(md5(t::text), '' order by ${table.orderBy})) as md5 from ${quote(table.name)} t`,
    ),
  );
  return { rows: row?.rows ?? 0, md5: row?.md5 ?? '' };
}

/**
 * Sets every serial sequence of the target to where the source's stood (or
 * past the largest id, whichever is further), so new rows never reuse an id —
 * ids of deleted messages included, which browsers may still hold.
 */
export async function copySequences(source: Db, target: Db): Promise<number> {
  const serials = await rowsOf<{ table_name: string; column_name: string; seq: string | null }>(
    source,
    sql`select table_name, column_name,
          pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
        from information_schema.columns
        where table_schema = 'public' and column_default like 'nextval(%'`,
  );
  // A column whose default takes from a sequence it does not own has no serial sequence (null).
  const owned = serials.filter(
    (serial): serial is typeof serial & { seq: string } => serial.seq !== null,
  );
  for (const serial of owned) {
    const [state] = await rowsOf<{ last: string; called: boolean }>(
      source,
      sql.raw(`select last_value::text as last, is_called as called from ${serial.seq}`),
    );
    const used = state?.called ? state.last : '0';
    await target.execute(
      sql`select setval(
            pg_get_serial_sequence(${quote(serial.table_name)}, ${serial.column_name}),
            greatest(${used}::bigint, coalesce(max(${sql.identifier(serial.column_name)}), 0), 1),
            greatest(${used}::bigint, coalesce(max(${sql.identifier(serial.column_name)}), 0)) > 0)
          from ${sql.identifier(serial.table_name)}`,
    );
  }
  return owned.length + (await copyStandaloneSequences(source, target, owned));
}

/**
 * Sequences no column owns (e.g. `ticket_number_seq`, the studio-wide ticket
 * number, which a column only uses as its default): their state is copied as it
 * stood, since the rows that took numbers from them were copied too.
 */
async function copyStandaloneSequences(
  source: Db,
  target: Db,
  owned: readonly { seq: string }[],
): Promise<number> {
  const ownedNames = new Set(owned.map((serial) => serial.seq.replace(/^public\./, '')));
  const all = await rowsOf<{ name: string }>(
    source,
    sql`select sequence_name as name from information_schema.sequences where sequence_schema = 'public'`,
  );
  const standalone = all.filter((sequence) => !ownedNames.has(sequence.name));
  for (const sequence of standalone) {
    const [state] = await rowsOf<{ last: string; called: boolean }>(
      source,
      sql.raw(`select last_value::text as last, is_called as called from ${quote(sequence.name)}`),
    );
    if (!state) continue;
    await target.execute(
      sql`select setval(${quote(sequence.name)}, ${state.last}::bigint, ${state.called})`,
    );
  }
  return standalone.length;
}
