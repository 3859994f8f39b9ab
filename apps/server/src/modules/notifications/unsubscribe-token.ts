import { createHmac } from 'node:crypto';
import type { Config } from '../../config';
import { readCodeSecret } from '../../config-code-secret';
import { safeEqual } from '../../lib/tokens';

/**
 * Which mails a one-click unsubscribe link turns off: a customer's (or staff
 * member's) ticket e-mails (also the link of the assignment mail, which only
 * that switch governs), a staff member's grouped new-ticket mail, or a staff
 * member's mails about assigned tickets gone overdue.
 */
export type UnsubscribeList = 'ticket-mail' | 'staff-digest' | 'staff-overdue';

/**
 * The token of a one-click unsubscribe link (RFC 8058): the list, the user's
 * id and an HMAC of both under the server's key, so nobody can turn off
 * someone else's mails by guessing ids, nor turn a link of one list into one
 * of the other. Ticket-mail tokens carry no prefix (`<id>.<mac>`), as they
 * always did, so links in mails already sent keep working; the digest's are
 * `digest.<id>.<mac>` and the overdue mail's `overdue.<id>.<mac>`. They never
 * expire: RFC 8058 links must keep working for as long as the mail sits in
 * the mailbox.
 */
const PREFIX: Record<UnsubscribeList, string> = {
  'ticket-mail': '',
  'staff-digest': 'digest.',
  'staff-overdue': 'overdue.',
};
const LIST_OF_PREFIX = new Map(
  Object.entries(PREFIX).map(([list, prefix]) => [prefix, list as UnsubscribeList]),
);

const mac = (config: Pick<Config, 'codeSecret'>, list: UnsubscribeList, userId: number) =>
  createHmac('sha256', readCodeSecret(config.codeSecret))
    .update(`${list}-unsubscribe:${userId}`)
    .digest('base64url')
    .slice(0, 32);

export function unsubscribeToken(
  config: Pick<Config, 'codeSecret'>,
  userId: number,
  list: UnsubscribeList = 'ticket-mail',
): string {
  return `${PREFIX[list]}${userId}.${mac(config, list, userId)}`;
}

/** The user and list a token was made for, or null when it is not one of ours. */
export function readUnsubscribeToken(
  config: Pick<Config, 'codeSecret'>,
  token: string,
): { userId: number; list: UnsubscribeList } | null {
  // The prefixes of PREFIX, written out: a list added there must be added here.
  const match = /^((?:digest|overdue)\.)?([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match?.[2] || !match[3]) return null;
  const list = LIST_OF_PREFIX.get(match[1] ?? '');
  if (!list) return null;
  const userId = Number(match[2]);
  return safeEqual(match[3], mac(config, list, userId)) ? { userId, list } : null;
}

export const unsubscribeUrl = (
  config: Pick<Config, 'codeSecret' | 'publicUrl'>,
  userId: number,
  list: UnsubscribeList = 'ticket-mail',
) =>
  `${config.publicUrl}/api/notifications/unsubscribe?token=${unsubscribeToken(config, userId, list)}`;

/**
 * The headers of every automatic mail a person can turn off: RFC 3834's
 * Auto-Submitted (no auto-replies back) and RFC 2369/8058's one-click
 * unsubscribe, which mail clients show as their own button.
 */
export function automaticMailHeaders(unsubscribeUrl: string) {
  return {
    'Auto-Submitted': 'auto-generated',
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
