import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { PasskeyAnswer } from '@studio/shared/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { createPasskey } from '~/lib/passkeys';
import { passkeysQueryKey } from './list-passkeys';

/**
 * „Dodaj klucz dostępu”: the server's options, the browser's prompt (the
 * device asks for its PIN or fingerprint), then the new passkey stored.
 */
export async function addPasskey({ name }: { name: string }) {
  const options = await api.post<PublicKeyCredentialCreationOptionsJSON>(
    '/api/profile/passkeys/options',
  );
  const response = await createPasskey(options);
  return api.post<PasskeyAnswer>('/api/profile/passkeys', { name, response });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
