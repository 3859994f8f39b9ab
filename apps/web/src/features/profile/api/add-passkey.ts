import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { PasskeyAnswer } from '@studio/shared/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { createPasskey, preloadWebAuthn } from '~/lib/passkeys';
import { useWithReauth } from '../reauth/reauth-provider';
import { passkeysQueryKey } from './list-passkeys';
import { securityStatusKey } from './security-status';

/**
 * „Dodaj klucz dostępu”: the server's options, the browser's prompt (the
 * device asks for its PIN or fingerprint), then the new passkey stored. Both
 * calls need a recent confirmation; after one, the whole ceremony runs again
 * (options are single-use, so the prompt cannot be reused).
 */
export async function addPasskey({ name }: { name: string }) {
  preloadWebAuthn();
  const options = await api.post<PublicKeyCredentialCreationOptionsJSON>(
    '/api/profile/passkeys/options',
  );
  const response = await createPasskey(options);
  return api.post<PasskeyAnswer>('/api/profile/passkeys', { name, response });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  const withReauth = useWithReauth();
  return useMutation({
    mutationFn: (input: { name: string }) => withReauth(() => addPasskey(input)),
    // The profile's summary counts passkeys too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
        queryClient.invalidateQueries({ queryKey: securityStatusKey }),
      ]),
  });
}
