import type { PublicUser } from '@studio/shared/types';
import { api } from '~/lib/api-client';

export interface LoginInput {
  identifier: string;
  password: string;
  rememberMe: boolean;
}

/** How the second step can be answered (DESIGN.md §7.3). */
export type SecondFactorMethod = 'email' | 'totp' | 'recovery' | 'passkey';

interface MfaRequired {
  mfa_required: true;
  user_id: number;
  methods?: SecondFactorMethod[];
}

/** Either a session was started, or 2FA needs the e-mailed code (the server also set a pending cookie). */
export type LoginResult = { user: PublicUser } | MfaRequired;

export const login = (input: LoginInput) => api.post<LoginResult>('/api/auth/login', input);

export const isMfaRequired = (result: LoginResult): result is MfaRequired =>
  'mfa_required' in result && result.mfa_required === true;
