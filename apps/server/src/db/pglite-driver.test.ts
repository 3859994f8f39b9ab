import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDrizzleParsers } from './pglite-driver';

describe('withDrizzleParsers', () => {
  let client: PGlite;
  let wrapped: PGlite;
  beforeAll(async () => {
    client = new PGlite();
    await client.waitReady;
    wrapped = withDrizzleParsers(client);
  });
  afterAll(() => client.close());

  const asText = (value: string) => value;
  const sql = `select '2026-11-25 10:00:00+00'::timestamptz as at, 7::int as n,
    array['2026-11-25 10:00:00+00'::timestamptz] as ats`;

  it("answers drizzle's text parsers from the instance, as drizzle asked", async () => {
    const options = { parsers: { [types.TIMESTAMPTZ]: asText, 1185: asText } };
    const direct = await client.query(sql, [], options);
    const lean = await wrapped.query(sql, [], options);
    expect(lean.rows).toEqual(direct.rows);
    expect(lean.rows[0]).toMatchObject({ at: '2026-11-25 10:00:00+00', n: 7 });
  });

  it('keeps a query whose parsers the instance does not hold as it was', async () => {
    const result = await wrapped.query<{ n: string }>(sql, [], {
      parsers: { [types.INT4]: (value: string) => `#${value}` },
    });
    expect(result.rows[0]?.n).toBe('#7');
  });

  it('does the same inside a transaction', async () => {
    const rows = await wrapped.transaction(
      async (tx) => (await tx.query(sql, [], { parsers: { [types.TIMESTAMPTZ]: asText } })).rows,
    );
    expect(rows[0]).toMatchObject({ at: '2026-11-25 10:00:00+00' });
  });
});
