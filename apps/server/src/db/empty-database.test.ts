import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openPglite } from './client';
import { users } from './schema/index';
import { writeEmptyDatabase } from './write-empty-database';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'empty-database-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('a fresh DATA_DIR from the empty database the build writes', () => {
  it('is copied, migrated and kept: the next start opens it as it is', async () => {
    // What build.mjs writes beside the bundle, plus one marker row to show it was used.
    const templateDir = path.join(work, 'empty-database');
    await writeEmptyDatabase(templateDir, migrationsFolder());
    const template = new PGlite(templateDir);
    // Only the database the server opens: the two templates were half the files to copy.
    const databases = await template.query<{ datname: string }>('select datname from pg_database');
    expect(databases.rows.map((row) => row.datname)).toEqual(['postgres']);
    await template.query(
      `insert into users (email, username, email_verified_at, created_at, updated_at)
       values ('template@example.pl', 'template', now(), now(), now())`,
    );
    await template.close();
    const templateFiles = fs.readdirSync(templateDir, { recursive: true }).length;

    const dataDir = path.join(work, 'data');
    // An empty db/ left by hand is replaced by the copy.
    fs.mkdirSync(path.join(dataDir, 'db'), { recursive: true });
    const first = await openPglite(dataDir, templateDir);
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
    expect(fs.existsSync(path.join(dataDir, 'db.copying'))).toBe(false);
    // The template itself is never written to.
    const reopened = new PGlite(templateDir);
    const templateUsers = await reopened.query<{ email: string }>('select email from users');
    await reopened.close();
    expect(templateUsers.rows.map((r) => r.email)).toEqual(['template@example.pl']);
    expect(fs.readdirSync(templateDir, { recursive: true }).length).toBe(templateFiles);

    // Copying again would lose the row: an existing database is opened, not replaced.
    const second = await openPglite(dataDir, templateDir);
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
