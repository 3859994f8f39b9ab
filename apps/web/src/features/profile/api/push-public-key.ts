import { api } from '~/lib/api-client';

/** The server's VAPID public key (base64url), which a subscription is made for. */
export const getPushPublicKey = async () =>
  (await api.get<{ public_key: string }>('/api/push/public-key')).public_key;
