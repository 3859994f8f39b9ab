import type { PublicUser } from '@studio/shared/types';
import { useState } from 'react';
import { FormError } from '~/components/form/form-message';
import { secondaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { useGuardedAction } from '~/components/form/use-guarded-action';
import { passkeyErrorMessage } from '~/lib/error-messages';
import { browserSupportsWebAuthn } from '~/lib/passkeys';
import { useHydrated } from '~/lib/use-hydrated';

/**
 * A passkey button of the login page: the sign-in without a username, or the
 * passkey step after the password. Not shown where the browser has no WebAuthn.
 */
export function PasskeyButton({
  label,
  signIn,
  onSignedIn,
}: {
  label: string;
  signIn: () => Promise<{ user: PublicUser }>;
  onSignedIn: (user: PublicUser) => void | Promise<void>;
}) {
  const isHydrated = useHydrated();
  const action = useGuardedAction();
  const [error, setError] = useState<string | null>(null);
  if (!isHydrated || !browserSupportsWebAuthn()) return null;

  const onClick = () =>
    void action.run(async () => {
      setError(null);
      let user: PublicUser;
      try {
        ({ user } = await signIn());
      } catch (cause) {
        setError(passkeyErrorMessage('passkeySignIn', cause));
        return;
      }
      await onSignedIn(user);
    });

  return (
    <div>
      <PendingButton
        type="button"
        isPending={action.isPending}
        pendingLabel="Czekam na klucz dostępu…"
        onClick={onClick}
        className={`w-full ${secondaryButtonClass}`}
      >
        {label}
      </PendingButton>
      <FormError message={error} />
    </div>
  );
}
