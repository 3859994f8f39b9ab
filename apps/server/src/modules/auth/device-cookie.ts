import { createHmac, randomBytes } from 'node:crypto';
import { DEVICE_COOKIE } from '@studio/shared/cookies';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { UserRow } from '../../db/types';
import { safeEqual } from '../../lib/tokens';
import { baseCookieOptions, cookieName } from './sessions';

/**
 * OWASP's "device cookie" against targeted lockout (finding 11): a browser
 * that has logged into an account keeps a signed cookie naming it, and for
 * that account it gets its own failure budget instead of the per-account and
 * per-address ones, so strangers' wrong passwords never lock it out.
 *
 * The signature is an HMAC keyed with the account's password hash: a secret
 * only the server holds, the same on every instance, with no new setting; and
 * a password change voids every device cookie of the account.
 */
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const FORMAT = /^(\d{1,10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export interface DeviceClaim {
  userId: number;
  deviceId: string;
  signature: string;
}

function sign(user: { passwordHash: string }, userId: number, deviceId: string): string {
  return createHmac('sha256', user.passwordHash)
    .update(`device-cookie:${userId}.${deviceId}`)
    .digest('base64url');
}

/** The claim the browser's cookie makes, not yet checked against the account. */
export function readDeviceCookie(request: FastifyRequest, config: Config): DeviceClaim | undefined {
  const match = FORMAT.exec(request.cookies[cookieName(config, DEVICE_COOKIE)] ?? '');
  if (!match) return undefined;
  const [, userId = '', deviceId = '', signature = ''] = match;
  return { userId: Number(userId), deviceId, signature };
}

/** Whether the claim was issued by us to a browser that logged into this account. */
export function isDeviceOf(claim: DeviceClaim | undefined, user: UserRow | undefined): boolean {
  // A guest (no password) never logged in, so no browser is its device.
  if (!claim || !user || user.passwordHash === null || claim.userId !== user.id) return false;
  return safeEqual(
    claim.signature,
    sign({ passwordHash: user.passwordHash }, user.id, claim.deviceId),
  );
}

/** Issued at every successful login: this browser now counts as the account's device. */
export function setDeviceCookie(reply: FastifyReply, config: Config, user: UserRow) {
  if (user.passwordHash === null) return;
  const { passwordHash } = user;
  const deviceId = randomBytes(16).toString('base64url');
  reply.setCookie(
    cookieName(config, DEVICE_COOKIE),
    `${user.id}.${deviceId}.${sign({ passwordHash }, user.id, deviceId)}`,
    { ...baseCookieOptions(config), maxAge: DEVICE_COOKIE_MAX_AGE_S },
  );
}
