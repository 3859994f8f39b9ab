import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openPglite } from './client';
import { users } from './schema/index';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'empty-database-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('a fresh DATA_DIR from the empty database the build packs', () => {
  it('is unpacked, migrated and kept: the next start opens it as it is', async () => {
    // What build.mjs writes beside the bundle, plus one marker row to show it was used.
    const template = new PGlite();
    await migrate(drizzle({ client: template }), { migrationsFolder: migrationsFolder() });
    await template.query(
      `insert into users (email, username, email_verified_at, created_at, updated_at)
       values ('template@example.pl', 'template', now(), now(), now())`,
    );
    const tar = path.join(work, 'empty-database.tar');
    fs.writeFileSync(tar, Buffer.from(await (await template.dumpDataDir('none')).arrayBuffer()));
    await template.close();

    const dataDir = path.join(work, 'data');
    const first = await openPglite(dataDir, tar);
    const now = new Date();
    await first.db.insert(users).values({
      email: 'a@example.pl',
      username: 'a',
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);

    // Unpacking again would lose the row: an existing database is opened, not replaced.
    const second = await openPglite(dataDir, tar);
    const rows = await second.db.select({ email: users.email }).from(users);
    const applied = (await second.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: Array<{ n: number }> };
    await second.close();
    expect(rows.map((r) => r.email).sort()).toEqual(['a@example.pl', 'template@example.pl']);
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expect(applied.rows[0]?.n).toBe(journal.entries.length);
  }, 60_000);
});
