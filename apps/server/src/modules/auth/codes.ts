import { createHmac } from 'node:crypto';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS } from '@studio/shared/limits';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { readCodeSecret } from '../../config-code-secret';
import type { Db } from '../../db/client';
import { emailCodes } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { AppError, rateLimited } from '../../lib/errors';
import { consume } from '../../lib/rate-limiter';
import { randomCode, safeEqual, sha256 } from '../../lib/tokens';
import type { MailMessage } from '../../mail/transport';

export type CodePurpose = (typeof emailCodes.$inferInsert)['purpose'];

/** Per address: at most 3 sends a minute and 10 an hour. */
const SEND_LIMITS = [
  { limit: 3, windowMs: 60_000 },
  { limit: 10, windowMs: 3_600_000 },
] as const;

/** Marks the keyed format; rows without it are the salted SHA-256 of before. */
const HMAC_PREFIX = 'hmac1$';

/**
 * HMAC-SHA256 under a key kept outside the database, over what the code is
 * for and the code (finding 25): a salted hash of 6 digits is reversed in a
 * millisecond by anyone who reads the table, a backup or a logged query.
 */
function hashCode(config: Pick<Config, 'codeSecret'>, target: CodeTarget, code: string): string {
  const mac = createHmac('sha256', readCodeSecret(config.codeSecret))
    .update([target.purpose, target.email.toLowerCase(), target.subject, code].join('\n'))
    .digest('hex');
  return `${HMAC_PREFIX}${mac}`;
}

function matches(
  config: Pick<Config, 'codeSecret'>,
  stored: string,
  target: CodeTarget,
  code: string,
): boolean {
  if (stored.startsWith(HMAC_PREFIX)) return safeEqual(stored, hashCode(config, target, code));
  // Codes issued before the upgrade live 10 minutes; they are still checked the old way.
  const [salt = ''] = stored.split('$');
  return safeEqual(stored, `${salt}$${sha256(`${salt}:${code}`)}`);
}

export interface CodeTarget {
  purpose: CodePurpose;
  email: string;
  /** What the code is bound to: a username, a login challenge, a user. */
  subject: string;
}

/**
 * Counts one mail to this recipient against the code budget (3 a minute, 10
 * an hour), or answers 429 with nothing counted. A notice sent instead of a
 * code (an e-mail change naming a taken address, review N10) counts here too,
 * so it is capped like the code and answered exactly as a free address is.
 */
export async function reserveCodeMail(deps: Pick<AppDeps, 'limiter'>, email: string) {
  const wait = await consume(deps.limiter, `code-send:${email.toLowerCase()}`, SEND_LIMITS);
  if (wait > 0) throw rateLimited(wait);
}

/**
 * Throttles sends per address, voids earlier codes for the same target and
 * stores a fresh one. Returns the code (for the e-mail) and a way to undo the
 * insert if the e-mail then cannot be sent.
 */
async function issueCode(
  deps: Pick<AppDeps, 'db' | 'clock' | 'limiter' | 'config'>,
  target: CodeTarget,
): Promise<{ code: string; discard: () => Promise<void> }> {
  const email = target.email.toLowerCase();
  await reserveCodeMail(deps, email);

  const now = deps.clock.now();
  const code = randomCode();
  const id = await deps.db.transaction(async (tx) => {
    await tx
      .update(emailCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(emailCodes.purpose, target.purpose),
          eq(emailCodes.email, email),
          eq(emailCodes.subject, target.subject),
          isNull(emailCodes.consumedAt),
        ),
      );
    const [row] = await tx
      .insert(emailCodes)
      .values({
        purpose: target.purpose,
        email,
        subject: target.subject,
        codeHash: hashCode(deps.config, target, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      })
      .returning({ id: emailCodes.id });
    return row!.id;
  });
  return {
    code,
    discard: async () => {
      await deps.db.delete(emailCodes).where(eq(emailCodes.id, id));
    },
  };
}

/**
 * Issues a code and e-mails it. If the e-mail cannot be sent the code is
 * discarded again, so nothing half-done stays behind, and the client gets
 * email_failed.
 */
export async function sendCode(
  deps: Pick<AppDeps, 'db' | 'clock' | 'limiter' | 'mailer' | 'log' | 'config'>,
  target: CodeTarget,
  compose: (code: string) => MailMessage,
): Promise<void> {
  const { code, discard } = await issueCode(deps, target);
  const message = compose(code);
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.log.warn({ err: error, subject: message.subject }, 'code e-mail could not be sent');
    await discard();
    throw new AppError(502, 'email_failed');
  }
}

/**
 * Wrong codes per purpose and address across all its codes (finding 17): a
 * resend gives a fresh code with five fresh tries, so without this cap the
 * send limit (10 an hour) would allow 50 guesses an hour. Login codes have
 * their own, stricter account budget in `verifyMfa`.
 */
const FAILURE_LIMIT = { limit: 10, windowMs: 3_600_000 };

/**
 * Checks a code and, if right, consumes it. Every try counts before the
 * comparison, in one statement, so parallel guesses cannot exceed the limit;
 * after five tries the code is dead, even for the right digits. Beyond that,
 * ten wrong codes an hour per purpose and address answer 429 (nothing counted
 * against the code then).
 * Pass a transaction as `db` to tie the consumption to what the code unlocks.
 */
export async function consumeCode(
  deps: Pick<AppDeps, 'clock' | 'limiter' | 'config'> & { db: Db },
  target: CodeTarget & { code: string },
): Promise<boolean> {
  const failures =
    target.purpose === 'login'
      ? undefined
      : await deps.limiter.reserve([
          { key: `code-fail:${target.purpose}:${target.email.toLowerCase()}`, ...FAILURE_LIMIT },
        ]);
  if (failures && failures.retryAfterMs > 0) throw rateLimited(failures.retryAfterMs);
  const isRight = await checkAndConsume(deps, target);
  // Only wrong codes count: the right one gives its try back.
  if (isRight) await failures?.release();
  return isRight;
}

async function checkAndConsume(
  deps: Pick<AppDeps, 'clock' | 'config'> & { db: Db },
  target: CodeTarget & { code: string },
): Promise<boolean> {
  const now = deps.clock.now();
  const email = target.email.toLowerCase();
  const [latest] = await deps.db
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.purpose, target.purpose),
        eq(emailCodes.email, email),
        eq(emailCodes.subject, target.subject),
        isNull(emailCodes.consumedAt),
        gt(emailCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(emailCodes.id))
    .limit(1);
  if (!latest) return false;

  const [tried] = await deps.db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(
        eq(emailCodes.id, latest.id),
        isNull(emailCodes.consumedAt),
        lt(emailCodes.attempts, CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ codeHash: emailCodes.codeHash });
  if (!tried || !matches(deps.config, tried.codeHash, target, target.code.trim())) return false;

  const consumed = await deps.db
    .update(emailCodes)
    .set({ consumedAt: now })
    .where(and(eq(emailCodes.id, latest.id), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  return consumed.length === 1;
}
