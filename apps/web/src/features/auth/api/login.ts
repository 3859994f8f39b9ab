import type { PublicUser } from '@studio/shared/types';
import { api } from '~/lib/api-client';

export interface LoginInput {
  identifier: string;
  password: string;
  rememberMe: boolean;
}

/** Either a session was started, or 2FA needs the e-mailed code (the server also set a pending cookie). */
export type LoginResult = { user: PublicUser } | { mfa_required: true; user_id: number };

export const login = (input: LoginInput) => api.post<LoginResult>('/api/auth/login', input);

export const isMfaRequired = (
  result: LoginResult,
): result is { mfa_required: true; user_id: number } =>
  'mfa_required' in result && result.mfa_required === true;
