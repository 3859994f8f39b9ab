import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { tokensOfTexts } from './search-vector';

/** Rows tokenised per statement: about a tenth of a second of work, so requests interleave. */
const BATCH_ROWS = 500;

/** Where search tokens are kept, and the texts of a row they are made of. */
const INDEXED = [
  { table: 'ticket_messages', idType: 'bigint', texts: ['body'] },
  { table: 'tickets', idType: 'int', texts: ['subject', 'contact_name', 'contact_email'] },
] as const;

/**
 * Gives the messages and tickets written before search tokens existed (or
 * by a tool writing rows directly: bench/lib/seed.mjs) their
 * `search_vector`, in batches by id: the tokens need the Polish dictionary,
 * so a migration cannot compute them. Until a row is done, search does not
 * find it; every new row has its tokens from its first write. Returns how
 * many rows it filled; `stopped` ends it between batches (the server closing).
 */
export async function backfillSearchVectors(
  db: Db,
  stopped: () => boolean = () => false,
): Promise<number> {
  let filled = 0;
  for (const { table, idType, texts } of INDEXED) {
    const columns = sql.raw(texts.join(', '));
    let after = 0;
    while (!stopped()) {
      const rows = await rowsOf<Record<string, string | null> & { id: number | string }>(
        db,
        sql`select id, ${columns} from ${sql.identifier(table)}
          where id > ${after} and search_vector is null order by id limit ${BATCH_ROWS}`,
      );
      if (rows.length === 0) break;
      const tokens = rows.map((row) => ({
        id: Number(row.id),
        tokens: tokensOfTexts(texts.map((column) => row[column])),
      }));
      await db.execute(sql`update ${sql.identifier(table)} r
        set search_vector = array_to_tsvector(array(select jsonb_array_elements_text(v.tokens)))
        from jsonb_to_recordset(${JSON.stringify(tokens)}::jsonb) as v(id ${sql.raw(idType)}, tokens jsonb)
        where r.id = v.id and r.search_vector is null`);
      filled += rows.length;
      after = Number(rows.at(-1)?.id);
    }
  }
  return filled;
}
