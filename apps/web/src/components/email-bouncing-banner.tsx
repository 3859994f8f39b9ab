import { Link } from 'react-router';

/** Where the banner sends the customer: the profile's „Zmień adres e-mail” section. */
export const EMAIL_CHANGE_ANCHOR = 'change-email';

/**
 * Shown to a signed-in user whose address bounces (a delivery report came
 * back for one of our e-mails, docs/email.md): ticket e-mails wait until they
 * sign in again or change the address, so they are asked to check it. On the
 * Kontakt screen and the profile; on the profile the link only scrolls.
 */
export function EmailBouncingBanner({
  user,
  isOnProfile = false,
}: {
  user: { email: string; email_bouncing: boolean };
  isOnProfile?: boolean;
}) {
  if (!user.email_bouncing) return null;
  const linkClass =
    'cursor-target font-semibold text-amber-950 underline underline-offset-4 hover:text-amber-800 dark:text-amber-100 dark:hover:text-amber-50';
  return (
    <div
      role="status"
      data-testid="email-bouncing-banner"
      className="mb-4 rounded-2xl border border-amber-600/50 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100"
    >
      <p>
        Nie możemy dostarczyć wiadomości na adres{' '}
        <strong className="break-all">{user.email}</strong> — powiadomienia o odpowiedziach
        wstrzymaliśmy.{' '}
        {isOnProfile ? (
          <a href={`#${EMAIL_CHANGE_ANCHOR}`} className={linkClass}>
            Sprawdź adres e-mail poniżej
          </a>
        ) : (
          <Link to={`/profile#${EMAIL_CHANGE_ANCHOR}`} className={linkClass}>
            Sprawdź adres e-mail w profilu
          </Link>
        )}
        . Jeśli adres jest poprawny, powiadomienia wrócą po ponownym zalogowaniu.
      </p>
    </div>
  );
}
