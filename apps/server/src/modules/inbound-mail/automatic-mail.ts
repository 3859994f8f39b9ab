import type { ParsedMail } from 'mailparser';

/** A header's raw value as it arrived (unfolded), or undefined when the mail has none. */
export function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  if (line === undefined) return undefined;
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

/**
 * Mail a program sent, not a person: vacation replies, bounces, mailing lists.
 * It is never stored and never answered, so two auto-responders cannot loop
 * through our notifications (RFC 3834; the X- headers of older responders).
 */
export function isAutomaticMail(mail: ParsedMail): boolean {
  const autoSubmitted = rawHeader(mail, 'auto-submitted');
  if (autoSubmitted !== undefined && autoSubmitted.toLowerCase() !== 'no') return true;
  const precedence = rawHeader(mail, 'precedence')?.toLowerCase();
  if (precedence && ['bulk', 'list', 'auto_reply', 'junk'].includes(precedence)) return true;
  if (rawHeader(mail, 'x-autoreply') !== undefined) return true;
  if (rawHeader(mail, 'x-autorespond') !== undefined) return true;
  // An empty Return-Path (`<>`) is how bounces and delivery reports arrive.
  const returnPath = rawHeader(mail, 'return-path');
  return returnPath !== undefined && returnPath.replace(/[<>\s]/g, '') === '';
}
