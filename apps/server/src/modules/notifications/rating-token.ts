import { createHmac } from 'node:crypto';
import { RatingLinkTokenSchema } from '@studio/shared/ratings';
import type { Config } from '../../config';
import { readCodeSecret } from '../../config-code-secret';
import { safeEqual } from '../../lib/tokens';

/**
 * The token of the closing e-mail's rating links: the ticket's id, its owner's
 * id and an HMAC of both under the server's key (like the unsubscribe token).
 * It rates that one ticket for that one owner and nothing else; a changed
 * digit breaks the HMAC. It does not expire: the mail may be read weeks later,
 * and all it can do is set that ticket's rating.
 */
const mac = (config: Pick<Config, 'codeSecret'>, ticketId: number, ownerId: number) =>
  createHmac('sha256', readCodeSecret(config.codeSecret))
    .update(`ticket-rating-link:${ticketId}:${ownerId}`)
    .digest('base64url')
    .slice(0, 32);

export function ratingLinkToken(
  config: Pick<Config, 'codeSecret'>,
  input: { ticketId: number; ownerId: number },
): string {
  return `${input.ticketId}.${input.ownerId}.${mac(config, input.ticketId, input.ownerId)}`;
}

/** The ticket and owner a token was made for, or null when it is not one of ours. */
export function readRatingLinkToken(
  config: Pick<Config, 'codeSecret'>,
  token: string,
): { ticketId: number; ownerId: number } | null {
  if (!RatingLinkTokenSchema.safeParse(token).success) return null;
  const [ticket, owner, digest] = token.split('.');
  const ticketId = Number(ticket);
  const ownerId = Number(owner);
  if (!digest || ticketId > 2_147_483_647 || ownerId > 2_147_483_647) return null;
  return safeEqual(digest, mac(config, ticketId, ownerId)) ? { ticketId, ownerId } : null;
}

/** The page of the web app a rating link opens (apps/web `/contact/rating`); nothing is recorded by opening it. */
export const ratingPageUrl = (
  config: Pick<Config, 'codeSecret' | 'publicUrl'>,
  input: { ticketId: number; ownerId: number; score: 'good' | 'neutral' | 'bad' },
) =>
  `${config.publicUrl}/contact/rating?token=${ratingLinkToken(config, input)}&score=${input.score}`;
