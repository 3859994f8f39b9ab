import {
  type CookieName,
  HTTPS_COOKIE_PREFIX,
  SESSION_COOKIE,
  SIGNED_IN_HINT_COOKIE,
} from '@studio/shared/cookies';
import { SESSION_IDLE_MS, SESSION_REMEMBER_MS } from '@studio/shared/limits';
import { and, desc, eq, gt, lte, ne, notInArray, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import { SESSION_CHANNEL, type SessionEvent } from '../../events/bus';
import type { RequestMeta } from '../../lib/request-meta';
import { randomToken, sha256 } from '../../lib/tokens';

/** A session just started by a login or a registration, before its cookie is set. */
export type NewSession = { token: string; expiresAt: Date; isPersistent: boolean };

/** Writing last-used on every request would cost a write per call; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * However often it is used, a session ends this long after its login: a stolen
 * remember-me cookie cannot be kept alive forever by using it (finding 33).
 */
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Live sessions one user may hold; a login beyond it ends the least recently
 * used. Bounds the rows, and the event streams that sessions may open (finding 10).
 */
export const MAX_SESSIONS_PER_USER = 20;

/** The sliding expiry of a session used at `now`, never past its absolute end. */
function slidingExpiry(now: Date, createdAt: Date, isPersistent: boolean): Date {
  const idle = now.getTime() + (isPersistent ? SESSION_REMEMBER_MS : SESSION_IDLE_MS);
  return new Date(Math.min(idle, createdAt.getTime() + SESSION_ABSOLUTE_MS));
}

/**
 * Over https the `__Host-` prefix pins the cookie to our exact origin. Only a name of
 * the shared list is accepted, so the cookie documents cannot miss a cookie set here.
 */
export function cookieName(config: Config, base: CookieName): string {
  return config.isHttps ? `${HTTPS_COOKIE_PREFIX}${base}` : base;
}

export function baseCookieOptions(config: Config) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: config.isHttps };
}

/**
 * Starts a session. The user's expired sessions and, beyond the newest
 * MAX_SESSIONS_PER_USER, the least recently used ones are deleted in the
 * same step. Given the bus (a login, not a transaction of a new user's
 * registration, which has no other sessions), their ends are announced.
 */
export async function createSession(
  deps: Pick<AppDeps, 'clock'> & { db: Db } & Partial<
      Pick<AppDeps, 'bus' | 'sessionCache' | 'log'>
    >,
  input: { userId: number; isPersistent: boolean; meta: RequestMeta },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const now = deps.clock.now();
  const expiresAt = slidingExpiry(now, now, input.isPersistent);
  await deps.db.insert(sessions).values({
    tokenHash: sha256(token),
    userId: input.userId,
    isPersistent: input.isPersistent,
    createdAt: now,
    lastUsedAt: now,
    expiresAt,
    ip: input.meta.ip,
    userAgent: input.meta.userAgent?.slice(0, 512) ?? null,
    // Every sign-in (password, second step, passkey, registration) is a confirmation (§7.7).
    confirmedAt: now,
  });
  const kept = deps.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, input.userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id))
    .limit(MAX_SESSIONS_PER_USER);
  const dropped = await deps.db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, input.userId),
        or(lte(sessions.expiresAt, now), notInArray(sessions.id, kept)),
      ),
    )
    .returning({ id: sessions.id });
  const { bus, sessionCache, log } = deps;
  if (bus && sessionCache && log) {
    for (const { id } of dropped) {
      await announceSessionEvent(
        { bus, sessionCache, log },
        { type: 'session-ended', sessionId: id },
      );
    }
  }
  return { token, expiresAt };
}

export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  session: { token: string; expiresAt: Date },
  isPersistent: boolean,
) {
  // Without remember-me the cookies die with the browser; the server's idle limit covers the rest.
  const lifetime = isPersistent ? { expires: session.expiresAt } : {};
  reply.setCookie(cookieName(config, SESSION_COOKIE), session.token, {
    ...baseCookieOptions(config),
    ...lifetime,
  });
  reply.setCookie(cookieName(config, SIGNED_IN_HINT_COOKIE), '1', {
    ...baseCookieOptions(config),
    httpOnly: false,
    ...lifetime,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(cookieName(config, SESSION_COOKIE), baseCookieOptions(config));
  reply.clearCookie(cookieName(config, SIGNED_IN_HINT_COOKIE), {
    ...baseCookieOptions(config),
    httpOnly: false,
  });
}

export function sessionToken(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[cookieName(config, SESSION_COOKIE)];
}

/**
 * Finds the live session for a token and slides its expiry: a remembered
 * session lives 30 days from its last use, a browser session 12 hours.
 * A session read in the last few seconds comes from the cache.
 */
export async function findSessionUser(
  deps: Pick<AppDeps, 'db' | 'clock' | 'sessionCache'>,
  token: string,
): Promise<{
  user: UserRow;
  sessionId: number;
  confirmedAt: Date | null;
  renewedUntil: Date | null;
} | null> {
  const now = deps.clock.now();
  const tokenHash = sha256(token);
  let session = deps.sessionCache.get(tokenHash, now.getTime());
  if (!session) {
    const generation = deps.sessionCache.generation;
    const [row] = await deps.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
      .limit(1);
    if (!row) return null;
    session = {
      sessionId: row.session.id,
      user: row.user,
      isPersistent: row.session.isPersistent,
      createdAt: row.session.createdAt,
      lastUsedAt: row.session.lastUsedAt,
      expiresAt: row.session.expiresAt,
      confirmedAt: row.session.confirmedAt,
    };
    deps.sessionCache.set(tokenHash, session, now.getTime(), generation);
  }
  if (session.expiresAt <= now) return null;
  let renewedUntil: Date | null = null;
  if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    const expiresAt = slidingExpiry(now, session.createdAt, session.isPersistent);
    await deps.db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt })
      .where(eq(sessions.id, session.sessionId));
    session.lastUsedAt = now;
    session.expiresAt = expiresAt;
    // A remembered session's cookie is extended along with the row.
    if (session.isPersistent) renewedUntil = expiresAt;
  }
  return {
    user: session.user,
    sessionId: session.sessionId,
    confirmedAt: session.confirmedAt,
    renewedUntil,
  };
}

/**
 * Applies a session event here at once, and on every other instance through
 * the bus. Called after the change is committed, so a bus that is down (Redis
 * stopped) must not turn it into an error (finding 8): it is logged, and the
 * other instances catch up through their 5 s session cache and the streams'
 * heartbeat, which both read the database.
 */
export async function announceSessionEvent(
  deps: Pick<AppDeps, 'bus' | 'sessionCache' | 'log'>,
  event: SessionEvent,
) {
  deps.sessionCache.forget(event);
  try {
    await deps.bus.publish(SESSION_CHANNEL, event);
  } catch (error) {
    deps.log.warn({ err: error, event }, 'session event not published');
  }
}

/**
 * Records a confirmed password (or code) in this session: adding or removing a
 * way to sign in is allowed until `confirmedAt + REAUTH_WINDOW_SECONDS`. The
 * user's cached sessions are dropped on every instance (a `user-changed`
 * event only re-reads them; it ends nothing), so the confirmation holds at
 * once wherever the next call lands.
 */
export async function confirmSession(
  deps: Pick<AppDeps, 'db' | 'bus' | 'sessionCache' | 'log'>,
  input: { sessionId: number; userId: number; at: Date },
) {
  await deps.db
    .update(sessions)
    .set({ confirmedAt: input.at })
    .where(and(eq(sessions.id, input.sessionId), eq(sessions.userId, input.userId)));
  await announceSessionEvent(deps, { type: 'user-changed', userId: input.userId });
}

export async function deleteSession(deps: Pick<AppDeps, 'db'>, sessionId: number) {
  await deps.db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * Ends every session of a user except `keepSessionId` (none: all of them), and
 * says so at once to this instance and, through the bus, to every other one.
 * Answers how many ended.
 */
export async function endUserSessions(
  deps: Pick<AppDeps, 'db' | 'bus' | 'sessionCache' | 'log'>,
  input: { userId: number; keepSessionId?: number },
): Promise<number> {
  const where =
    input.keepSessionId === undefined
      ? eq(sessions.userId, input.userId)
      : and(eq(sessions.userId, input.userId), ne(sessions.id, input.keepSessionId));
  const ended = await deps.db.delete(sessions).where(where).returning({ id: sessions.id });
  for (const { id } of ended) {
    await announceSessionEvent(deps, { type: 'session-ended', sessionId: id });
  }
  return ended.length;
}

export async function deleteUserSessions(deps: { db: Db }, userId: number) {
  await deps.db.delete(sessions).where(eq(sessions.userId, userId));
}
