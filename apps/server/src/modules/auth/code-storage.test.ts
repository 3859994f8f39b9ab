import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, codeFrom, createTestContext } from '../../../test/helpers';
import { emailCodes } from '../../db/schema/index';

/** Finding 25: a reader of `email_codes` (or a backup, or a logged query) cannot recover a live code. */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const iga = { username: 'iga', email: 'iga@example.com', password: 'Sekretne-Haslo-42' };

/** What an attacker with the row does: try every 6-digit code against what the row holds. */
function bruteForce(stored: string): string | null {
  const [salt = '', hash] = stored.split('$');
  for (let n = 0; n < 1_000_000; n++) {
    const code = String(n).padStart(6, '0');
    const candidates = [`${salt}:${code}`, code, `${salt}${code}`];
    for (const input of candidates) {
      if (createHash('sha256').update(input).digest('hex') === hash) return code;
    }
  }
  return null;
}

describe('stored e-mail codes', () => {
  it('are keyed with a secret outside the database: the row alone does not give the code', async () => {
    const app = await ctx.app({ env: { CODE_SECRET: 'a'.repeat(40) } });
    await new Client(app).post('/api/auth/register', iga);
    const code = codeFrom(await ctx.mail.last(iga.email));
    const [row] = await ctx.database.db.select().from(emailCodes);
    expect(row?.codeHash).not.toContain(code);
    expect(bruteForce(row?.codeHash ?? '')).toBeNull();
  }, 120_000);

  it('are checked with the same secret: another instance with another key refuses the code', async () => {
    const issuer = await ctx.app({ env: { CODE_SECRET: 'a'.repeat(40) } });
    const stranger = await ctx.app({ env: { CODE_SECRET: 'b'.repeat(40) } });
    const sibling = await ctx.app({ env: { CODE_SECRET: 'a'.repeat(40) } });
    await new Client(issuer).post('/api/auth/register', iga);
    const code = codeFrom(await ctx.mail.last(iga.email));
    const refused = await new Client(stranger).post('/api/auth/verify-email', { ...iga, code });
    expect(refused.json()).toEqual({ error: 'invalid_code' });
    const accepted = await new Client(sibling).post('/api/auth/verify-email', { ...iga, code });
    expect(accepted.statusCode).toBe(200);
  });
});
