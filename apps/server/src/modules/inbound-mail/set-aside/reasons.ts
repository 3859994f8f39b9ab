import { SET_ASIDE_REASONS, type SetAsideReason } from '@studio/shared/mailbox';
import type { InboundOutcome } from '../process-inbound-mail';

/**
 * Why a mail was set aside travels on the mail itself, as an IMAP keyword the
 * watcher adds before it moves the mail for staff: the mail of a stranger is
 * stored nowhere in our database (DESIGN §7.1), so the mailbox is where its
 * reason can live. Keywords are atoms: letters, digits and `_` only here.
 */
const KEYWORD_PREFIX = 'KontaktReason_';

/** The reason of an outcome that leaves a mail for staff; null for one that is done with. */
export function setAsideReason(
  outcome: InboundOutcome | { kind: 'failed' },
): SetAsideReason | null {
  switch (outcome.kind) {
    case 'stored':
    case 'duplicate':
    case 'bounce':
      return null;
    default:
      return outcome.kind;
  }
}

export function reasonKeyword(reason: SetAsideReason): string {
  return `${KEYWORD_PREFIX}${reason}`;
}

/** The reason a mail's flags carry; `other` when none does (moved by hand, older versions). */
export function reasonFromFlags(flags: Iterable<string>): SetAsideReason {
  for (const flag of flags) {
    if (!flag.startsWith(KEYWORD_PREFIX)) continue;
    const reason = flag.slice(KEYWORD_PREFIX.length);
    if ((SET_ASIDE_REASONS as readonly string[]).includes(reason)) return reason as SetAsideReason;
  }
  return 'other';
}
