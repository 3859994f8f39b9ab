import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { searchWordsInsert, tokensOfTexts } from './search-vector';

/** Rows tokenised per statement: about a tenth of a second of work, so requests interleave. */
const BATCH_ROWS = 500;
/** Tickets whose `content_vector` one statement gathers (each reads all its messages' tokens). */
const BATCH_TICKETS = 200;

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
  return filled + (await backfillContentVectors(db, stopped));
}

/**
 * Gives tickets written before `content_vector` (migration 0017) the union of
 * their own and their messages' tokens, and records those tokens in
 * `search_words`; runs after the rows' own tokens are filled, which it reads.
 * A message written to a ticket while its batch runs may be missing from the
 * union (the statement reads the messages as they were when it began): staff
 * then find that ticket by the message's words only after its next message or
 * rename adds them again, and customers' search, which reads messages, is not
 * affected.
 */
async function backfillContentVectors(db: Db, stopped: () => boolean): Promise<number> {
  let filled = 0;
  let after = 0;
  while (!stopped()) {
    const batch = await rowsOf<{ id: number }>(
      db,
      sql`select id from tickets where id > ${after} and content_vector is null
        order by id limit ${BATCH_TICKETS}`,
    );
    if (batch.length === 0) break;
    const ids = batch.map((row) => Number(row.id));
    const words = await rowsOf<{ id: number; words: string[] }>(
      db,
      sql`select t.id, array(
          select distinct w from (
            select unnest(tsvector_to_array(t.search_vector)) as w
            union all
            select unnest(tsvector_to_array(m.search_vector)) from ticket_messages m
            where m.ticket_id = t.id
          ) x where w is not null) as words
        from tickets t where t.id = any(${sql.param(ids)}::int[])`,
    );
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await tx.execute(searchWordsInsert(words.flatMap((row) => row.words)));
      await tx.execute(sql`update tickets t
        set content_vector = array_to_tsvector(array(select jsonb_array_elements_text(v.words)))
        from jsonb_to_recordset(${JSON.stringify(words)}::jsonb) as v(id int, words jsonb)
        where t.id = v.id and t.content_vector is null`);
    });
    filled += batch.length;
    after = ids.at(-1) ?? after;
  }
  return filled;
}
