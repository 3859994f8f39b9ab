import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { PublicUser } from '@studio/shared/types';
import { api } from '~/lib/api-client';
import { preloadWebAuthn, signWithPasskey } from '~/lib/passkeys';

/** „Zaloguj się kluczem dostępu”: no username; the browser offers the site's passkeys. */
export async function signInWithPasskey({ rememberMe }: { rememberMe: boolean }) {
  preloadWebAuthn();
  const options = await api.post<PublicKeyCredentialRequestOptionsJSON>(
    '/api/auth/passkey/options',
  );
  const response = await signWithPasskey(options);
  return api.post<{ user: PublicUser }>('/api/auth/passkey/verify', {
    response,
    remember_me: rememberMe,
  });
}

/** The passkey step after the password (same browser, via the pending cookie). */
export async function verifyWithPasskey({
  userId,
  rememberMe,
}: {
  userId: number;
  rememberMe: boolean;
}) {
  preloadWebAuthn();
  const options = await api.post<PublicKeyCredentialRequestOptionsJSON>(
    '/api/auth/mfa/passkey/options',
    { user_id: userId },
  );
  const response = await signWithPasskey(options);
  return api.post<{ ok: true; user: PublicUser }>('/api/auth/mfa/passkey/verify', {
    user_id: userId,
    response,
    remember_me: rememberMe,
  });
}
