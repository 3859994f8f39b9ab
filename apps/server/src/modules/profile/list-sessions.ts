import type { SessionItem } from '@studio/shared/account-sessions';
import { and, desc, eq, gt } from 'drizzle-orm';
import { sessions } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { deviceName } from '../../lib/device-name';

/**
 * The user's live sessions, the most recently used first, with the caller's own
 * marked `current`. `last_used_at` is written at most once a minute per session
 * (`findSessionUser`), so the list is as fresh as that, without a write per call.
 */
export async function listSessions(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  { userId, currentSessionId }: { userId: number; currentSessionId: number },
): Promise<SessionItem[]> {
  const rows = await deps.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, deps.clock.now())))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    current: row.id === currentSessionId,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    user_agent: row.userAgent,
    ip: row.ip,
    device: deviceName(row.userAgent),
  }));
}
