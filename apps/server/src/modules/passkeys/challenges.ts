import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { webauthnChallenges } from '../../db/schema/index';
import type { AppDeps } from '../../deps';

/** Long enough for a phone over Bluetooth, short enough that a leaked challenge is soon useless. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** What the browser is told to wait (WebAuthn `timeout`), inside the challenge's life. */
export const CEREMONY_TIMEOUT_MS = 2 * 60_000;

export type ChallengePurpose = (typeof webauthnChallenges.$inferSelect)['purpose'];

interface Binding {
  purpose: ChallengePurpose;
  /** A registration's user. */
  userId?: number;
  /** A second factor's password step. */
  loginChallengeId?: number;
}

/** Stores a challenge the library generated; expired ones are swept in the same call. */
export async function storeChallenge(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  challenge: string,
  binding: Binding,
) {
  const now = deps.clock.now();
  await deps.db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, now));
  await deps.db.insert(webauthnChallenges).values({
    challenge,
    purpose: binding.purpose,
    userId: binding.userId ?? null,
    loginChallengeId: binding.loginChallengeId ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
}

/**
 * Takes a live challenge issued for this purpose and binding: one DELETE, so
 * of two answers to the same challenge (a replay, or two parallel tries) only
 * one finds it. A challenge of another user or purpose is left alone, and
 * the answer fails.
 */
export async function takeChallenge(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  challenge: string | undefined,
  binding: Binding,
): Promise<boolean> {
  if (!challenge) return false;
  const taken = await deps.db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, binding.purpose),
        binding.userId === undefined
          ? isNull(webauthnChallenges.userId)
          : eq(webauthnChallenges.userId, binding.userId),
        binding.loginChallengeId === undefined
          ? isNull(webauthnChallenges.loginChallengeId)
          : eq(webauthnChallenges.loginChallengeId, binding.loginChallengeId),
        gt(webauthnChallenges.expiresAt, deps.clock.now()),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return taken.length > 0;
}
