import type { RegisterInput, VerifyEmailInput } from '@studio/shared/schemas';
import { and, isNull, or, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { AppError, badRequest } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { mailTemplates } from '../../mail/templates';
import { recordSecurityEvent } from '../security-log/index';
import { countRecipient, reserveForAddress } from './address-limits';
import { consumeCode, sendCode } from './codes';
import { assertStrongPassword } from './credentials';
import { passwords } from './passwords';
import { createSession } from './sessions';

async function isTaken(
  deps: Pick<AppDeps, 'db'>,
  input: { username: string; email: string },
): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        // Folded by the database on both sides, as the unique indexes fold (finding 32).
        sql`lower(${users.username}) = lower(${input.username})`,
        // A guest's address (no password, DESIGN.md §7.6) may register: it becomes a full account.
        sql`lower(${users.email}) = lower(${input.email}) and ${users.passwordHash} is not null`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Step one of registration, and its resend: checks the data and e-mails a code.
 * The per-address limits come first, so the 409 answer (which tells that an
 * account exists) is throttled as much as a send (finding 6).
 */
export async function register(
  deps: AppDeps,
  { input, meta }: { input: RegisterInput; meta: RequestMeta },
) {
  await reserveForAddress(deps, 'register', meta);
  await countRecipient(deps, meta, input.email);
  assertStrongPassword(input.password);
  if (await isTaken(deps, input)) throw new AppError(409, 'duplicate');
  await sendCode(
    deps,
    { purpose: 'register', email: input.email, subject: input.username.toLowerCase() },
    (code) => mailTemplates.registrationCode(input.email, code),
  );
}

/** Step two: the right code creates the account and its first session, once. */
export async function verifyEmail(
  deps: AppDeps,
  { input, meta }: { input: VerifyEmailInput; meta: RequestMeta },
) {
  const { db, clock, config, limiter } = deps;
  const tries = await reserveForAddress(deps, 'codeFailures', meta);
  assertStrongPassword(input.password);
  const now = clock.now();
  const isAdmin = config.adminEmails.includes(input.email.toLowerCase());
  try {
    const result = await db.transaction(async (tx) => {
      const ok = await consumeCode(
        { db: tx, clock, limiter, config },
        {
          purpose: 'register',
          email: input.email,
          subject: input.username.toLowerCase(),
          code: input.code,
        },
      );
      if (!ok) return null;
      // argon2 only once the code proved right: wrong codes cost no hashing (finding 5).
      const passwordHash = await passwords.hash(input.password);
      const account = { username: input.username, passwordHash, isAdmin, emailVerifiedAt: now };
      // A guest of that address becomes this account, its tickets kept; the code proved the address.
      const [upgraded] = await tx
        .update(users)
        .set({ ...account, updatedAt: now })
        .where(and(sql`lower(${users.email}) = lower(${input.email})`, isNull(users.passwordHash)))
        .returning();
      const [user] = upgraded
        ? [upgraded]
        : await tx
            .insert(users)
            .values({ ...account, email: input.email, createdAt: now, updatedAt: now })
            .returning();
      const session = await createSession(
        { db: tx, clock },
        { userId: user!.id, isPersistent: false, meta },
      );
      return { user: user!, session: { ...session, isPersistent: false } };
    });
    // A failed try must be counted even though nothing else is written.
    if (!result) throw badRequest('invalid_code');
    await tries.release();
    await recordSecurityEvent(deps, { event: 'register', userId: result.user.id, meta });
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'duplicate');
    throw error;
  }
}
