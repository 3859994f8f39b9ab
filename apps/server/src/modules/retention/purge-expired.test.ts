import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/helpers';
import { quickUser } from '../../../test/tickets-helpers';
import {
  accountLockTokens,
  emailCodes,
  loginChallenges,
  passwordResetTokens,
  sessions,
} from '../../db/schema/index';
import { TestClock } from '../../lib/clock';

/**
 * Finding 22: expired sessions, codes, challenges, reset tokens and lock links
 * do not stay forever.
 */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const HOUR = 60 * 60 * 1000;

describe('the daily run purges expired credentials', () => {
  it('deletes what ended more than a day ago and keeps what is live or recent', async () => {
    const clock = new TestClock(Date.UTC(2026, 2, 1, 12));
    const app = await ctx.app({ clock });
    const { user } = await quickUser(app, { username: 'wanda' });
    const db = app.deps.db;
    const at = (hoursAgo: number) => new Date(clock.now().getTime() - hoursAgo * HOUR);
    await db.insert(sessions).values(
      [48, 2].map((endedHoursAgo, i) => ({
        tokenHash: `stara-${i}`,
        userId: user.id,
        isPersistent: false,
        createdAt: at(endedHoursAgo + 12),
        lastUsedAt: at(endedHoursAgo),
        expiresAt: at(endedHoursAgo),
      })),
    );
    const code = { purpose: 'register' as const, subject: 'ktos', codeHash: 'h' };
    await db.insert(emailCodes).values([
      // Never used, by someone who never registered: the address must not stay.
      { ...code, email: 'nigdy@example.com', createdAt: at(50), expiresAt: at(49) },
      // Used two days ago, though it would still be within its lifetime.
      {
        ...code,
        email: 'uzyty@example.com',
        createdAt: at(49),
        expiresAt: at(-1),
        consumedAt: at(48),
      },
      { ...code, email: 'swiezy@example.com', createdAt: at(1), expiresAt: at(-1) },
    ]);
    await db.insert(loginChallenges).values([
      { tokenHash: 'c-old', userId: user.id, createdAt: at(30), expiresAt: at(29.8) },
      { tokenHash: 'c-new', userId: user.id, createdAt: at(0), expiresAt: at(-0.1) },
    ]);
    await db.insert(passwordResetTokens).values([
      { tokenHash: 'r-old', userId: user.id, createdAt: at(40), expiresAt: at(39) },
      {
        tokenHash: 'r-used',
        userId: user.id,
        createdAt: at(30),
        expiresAt: at(-5),
        usedAt: at(26),
      },
      { tokenHash: 'r-new', userId: user.id, createdAt: at(0), expiresAt: at(-1) },
    ]);
    const lockLink = { userId: user.id, change: 'passkey_added' };
    await db.insert(accountLockTokens).values([
      { ...lockLink, tokenHash: 'l-old', createdAt: at(200), expiresAt: at(32) },
      { ...lockLink, tokenHash: 'l-used', createdAt: at(30), expiresAt: at(-100), usedAt: at(25) },
      { ...lockLink, tokenHash: 'l-recent', createdAt: at(5), expiresAt: at(-100), usedAt: at(2) },
      { ...lockLink, tokenHash: 'l-new', createdAt: at(0), expiresAt: at(-168) },
    ]);

    const result = await app.retention.runIfDue();
    expect(result?.expiredDeleted).toBe(8);
    const left = {
      sessions: (await db.select().from(sessions)).map((r) => r.tokenHash).sort(),
      codes: (await db.select().from(emailCodes)).map((r) => r.email),
      challenges: (await db.select().from(loginChallenges)).map((r) => r.tokenHash),
      resets: (await db.select().from(passwordResetTokens)).map((r) => r.tokenHash),
      locks: (await db.select().from(accountLockTokens)).map((r) => r.tokenHash).sort(),
    };
    // quickUser's own live session stays beside the one that ended 2 hours ago.
    expect(left.sessions).toHaveLength(2);
    expect(left.sessions).toContain('stara-1');
    expect(left.sessions).not.toContain('stara-0');
    expect(left.codes).toEqual(['swiezy@example.com']);
    expect(left.challenges).toEqual(['c-new']);
    expect(left.resets).toEqual(['r-new']);
    expect(left.locks).toEqual(['l-new', 'l-recent']);
  });
});
