import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * Writes the migrated, empty embedded database a fresh DATA_DIR starts as a
 * copy of (`openPglite`, client.ts); the build puts it beside the bundle.
 *
 * Without the cluster's two template databases: the server only ever opens
 * `postgres` and never creates a database, and their 600 files were half of
 * the 1,179 a fresh start copied, at about 0.7 ms of the kernel's time per
 * file created on our test machine (bench/README.md, cold start).
 */
export async function writeEmptyDatabase(directory: string, migrationsFolder: string) {
  fs.rmSync(directory, { recursive: true, force: true });
  const template = new PGlite(directory);
  await migrate(drizzle({ client: template }), { migrationsFolder });
  await template.exec(
    `update pg_database set datistemplate = false where datname in ('template0', 'template1')`,
  );
  // One statement each: DROP DATABASE cannot run inside a transaction block.
  await template.exec('drop database template0');
  await template.exec('drop database template1');
  await template.close();
}
