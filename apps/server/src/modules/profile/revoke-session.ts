import { and, eq } from 'drizzle-orm';
import { sessions } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { announceSessionEvent } from '../auth/index';
import { recordSecurityEvent } from '../security-log/index';

/**
 * „Wyloguj” beside one browser of the list. Only the user's own sessions: any
 * other id answers 404, the same as one that does not exist, so ids of other
 * accounts cannot be probed. The end reaches every instance's session cache
 * through the bus at once.
 */
export async function revokeSession(
  deps: AppDeps,
  { userId, sessionId, meta }: { userId: number; sessionId: number; meta: RequestMeta },
) {
  const [ended] = await deps.db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  if (!ended) throw notFound();
  // Logged before the announcement, which may fail while Redis is down (finding 8).
  await recordSecurityEvent(deps, {
    event: 'session_revoked',
    userId,
    meta,
    details: { sessionId },
  });
  await announceSessionEvent(deps, { type: 'session-ended', sessionId });
}
