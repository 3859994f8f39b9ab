import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

/*
 * Migrations are sometimes written by hand (a partial index, a data change),
 * with their snapshot and journal entry in drizzle-kit's format. If the
 * schema in src/db/schema and the last snapshot disagree, the next
 * `npm run db:generate` would quietly fold the difference into someone
 * else's migration. drizzle-kit itself decides: run against a copy of the
 * migrations folder, it must find nothing to generate.
 */

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'drizzle-check-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

it('the schema and the last migration snapshot agree (drizzle-kit generate finds nothing)', async () => {
  const out = path.join(work, 'drizzle');
  fs.cpSync(path.join(serverRoot, 'drizzle'), out, { recursive: true });
  const config = path.join(work, 'drizzle.config.json');
  fs.writeFileSync(
    config,
    JSON.stringify({
      dialect: 'postgresql',
      schema: path.join(serverRoot, 'src/db/schema/index.ts'),
      // drizzle-kit reads `out` relative to the working directory, even an absolute one.
      out: path.relative(serverRoot, out),
    }),
  );
  const bin = path.join(
    path.dirname(createRequire(import.meta.url).resolve('drizzle-kit')),
    'bin.cjs',
  );
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [bin, 'generate', '--config', config],
    {
      cwd: serverRoot,
    },
  );
  expect(stdout).toContain('No schema changes, nothing to migrate');
  // Nothing was written beside the copy either.
  expect(fs.readdirSync(out).sort()).toEqual(
    fs.readdirSync(path.join(serverRoot, 'drizzle')).sort(),
  );
}, 60_000);
