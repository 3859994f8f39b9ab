import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The key e-mailed codes are stored under (HMAC-SHA256, finding 25). It must
 * not be in the database, or a database reader could reverse a 6-digit code
 * in a millisecond again, and every instance must hold the same one:
 * - `CODE_SECRET` (at least 32 characters) when set; required in production
 *   with PostgreSQL (DATABASE_URL), where several instances may run;
 * - otherwise a random key in `DATA_DIR/code-secret` (0600), made at first use:
 *   the embedded database locks DATA_DIR, so there is one instance only;
 * - in tests a fixed key, so instances in one test share it (it guards nothing).
 */
export type CodeSecretSource = { kind: 'value'; value: string } | { kind: 'file'; path: string };

export const CODE_SECRET_MIN_CHARS = 32;
const TEST_CODE_SECRET = 'test-only-code-secret-never-used-in-production';

export function codeSecretSource(input: {
  codeSecret: string | undefined;
  env: 'development' | 'production' | 'test';
  dataDir: string;
  databaseUrl: string | undefined;
}): CodeSecretSource | string {
  if (input.codeSecret !== undefined) {
    if (input.codeSecret.length < CODE_SECRET_MIN_CHARS) {
      return `Invalid CODE_SECRET: at least ${CODE_SECRET_MIN_CHARS} characters (e.g. openssl rand -hex 32)`;
    }
    return { kind: 'value', value: input.codeSecret };
  }
  if (input.env === 'production' && input.databaseUrl) {
    return 'Invalid CODE_SECRET: required when NODE_ENV=production with DATABASE_URL (every instance needs the same one; openssl rand -hex 32)';
  }
  if (input.env === 'test') return { kind: 'value', value: TEST_CODE_SECRET };
  return { kind: 'file', path: path.join(input.dataDir, 'code-secret') };
}

const loaded = new Map<string, string>();

/** The key itself; a file source is read, or created with 0600, once per process. */
export function readCodeSecret(source: CodeSecretSource): string {
  if (source.kind === 'value') return source.value;
  const cached = loaded.get(source.path);
  if (cached) return cached;
  fs.mkdirSync(path.dirname(source.path), { recursive: true, mode: 0o700 });
  try {
    // 'wx': of two processes starting at once, one creates and the other reads.
    fs.writeFileSync(source.path, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const value = fs.readFileSync(source.path, 'utf8').trim();
  if (value.length < CODE_SECRET_MIN_CHARS) throw new Error(`${source.path} holds no usable key`);
  loaded.set(source.path, value);
  return value;
}
