import { Link } from 'react-router';
import { useMailboxCount } from '../api/get-mailbox';
import { MAILBOX_TITLE, mailboxLinkLabel } from '../mailbox/mailbox-texts';
import { secondaryButtonClass } from './styles';

/** Beyond this the badge says „99+”; the accessible name keeps the exact count. */
const BADGE_MAX = 99;

/**
 * „Skrzynka” in the workspace header (admins only, issue 29), with how many
 * mails wait there. The count comes from the list once and then from the
 * stream's `mailbox` events, so it changes without a reload.
 */
export function MailboxLink() {
  const count = useMailboxCount({ enabled: true }).data ?? 0;
  return (
    <Link
      to="/contact/mailbox"
      data-testid="mailbox-link"
      // One name, „Skrzynka, 3 maile”: pieces of a flex box would be read with a stray space.
      aria-label={mailboxLinkLabel(count)}
      className={secondaryButtonClass}
    >
      {MAILBOX_TITLE}
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="mailbox-count"
          className="min-w-6 rounded-full bg-amber-500 px-1.5 text-center text-xs font-bold text-slate-950"
        >
          {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
        </span>
      )}
    </Link>
  );
}
