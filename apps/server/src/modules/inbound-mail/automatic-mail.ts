import type { InboundMail } from './parse-mail';

/**
 * Mail a program sent, not a person: vacation replies, bounces, mailing lists.
 * It is never stored and never answered, so two auto-responders cannot loop
 * through our notifications (RFC 3834; the X- headers of older responders).
 */
export function isAutomaticMail(mail: Pick<InboundMail, 'headers'>): boolean {
  const { autoSubmitted, precedence, xAutoreply, xAutorespond, returnPath } = mail.headers;
  if (autoSubmitted !== null && autoSubmitted.toLowerCase() !== 'no') return true;
  const kind = precedence?.toLowerCase();
  if (kind && ['bulk', 'list', 'auto_reply', 'junk'].includes(kind)) return true;
  if (xAutoreply !== null || xAutorespond !== null) return true;
  // An empty Return-Path (`<>`) is how bounces and delivery reports arrive.
  return returnPath !== null && returnPath.replaceAll(/[<>\s]/g, '') === '';
}
