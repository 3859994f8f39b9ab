import { createHmac } from 'node:crypto';
import type { Config } from '../../config';
import { readCodeSecret } from '../../config-code-secret';
import { safeEqual } from '../../lib/tokens';

/**
 * The token of a ticket e-mail's one-click unsubscribe link: the user's id and
 * an HMAC of it under the server's key, so nobody can turn off someone else's
 * e-mails by guessing ids. It never expires: RFC 8058 links must keep working
 * for as long as the mail sits in the mailbox.
 */
const mac = (config: Pick<Config, 'codeSecret'>, userId: number) =>
  createHmac('sha256', readCodeSecret(config.codeSecret))
    .update(`ticket-mail-unsubscribe:${userId}`)
    .digest('base64url')
    .slice(0, 32);

export function unsubscribeToken(config: Pick<Config, 'codeSecret'>, userId: number): string {
  return `${userId}.${mac(config, userId)}`;
}

/** The user id a token was made for, or null when it is not one of ours. */
export function readUnsubscribeToken(
  config: Pick<Config, 'codeSecret'>,
  token: string,
): number | null {
  const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const userId = Number(match[1]);
  return safeEqual(match[2], mac(config, userId)) ? userId : null;
}

export const unsubscribeUrl = (config: Pick<Config, 'codeSecret' | 'publicUrl'>, userId: number) =>
  `${config.publicUrl}/api/notifications/unsubscribe?token=${unsubscribeToken(config, userId)}`;
