import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STUDIO_ENV, tempDir } from '../test/helpers';
import { ConfigError, loadConfig } from './config';
import { readCodeSecret } from './config-code-secret';

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://studio.example.pl',
  SMTP_URL: 'smtp://user:pass@smtp.example.pl:587',
  MAIL_FROM: 'Studio <no-reply@studio.example.pl>',
  DATABASE_URL: 'postgres://studio@db/studio',
  ...STUDIO_ENV,
};

describe('the key of stored codes (finding 25)', () => {
  it('is required in production with PostgreSQL, where several instances share the codes', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/^Invalid CODE_SECRET: required/);
    expect(() => loadConfig({ ...production, CODE_SECRET: 'short' })).toThrow(/at least 32/);
    const config = loadConfig({ ...production, CODE_SECRET: 'k'.repeat(64) });
    expect(readCodeSecret(config.codeSecret)).toBe('k'.repeat(64));
  });

  it('without one, the single embedded instance makes a private file in DATA_DIR once', () => {
    const dataDir = tempDir('secret');
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    const first = readCodeSecret(config.codeSecret);
    const file = path.join(dataDir, 'code-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(
      readCodeSecret(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).codeSecret),
    ).toBe(first);
  });
});
