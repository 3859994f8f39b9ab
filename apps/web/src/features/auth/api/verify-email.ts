import type { PublicUser } from '@studio/shared/types';
import { api } from '~/lib/api-client';
import type { RegistrationData } from './register';

/** The right code creates the account and logs it in. */
export const verifyEmail = (input: RegistrationData & { code: string }) =>
  api.post<{ user: PublicUser }>('/api/auth/verify-email', input);
