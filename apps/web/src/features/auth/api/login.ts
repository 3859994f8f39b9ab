import type { MfaMethod } from '@studio/shared/totp';
import type { PublicUser } from '@studio/shared/types';
import { api } from '~/lib/api-client';

export interface LoginInput {
  identifier: string;
  password: string;
  rememberMe: boolean;
}

/**
 * Either a session was started, or 2FA needs a second step (the server also set
 * a pending cookie); `methods` lists the ways to answer it (DESIGN.md §7.3).
 */
export type MfaRequired = { mfa_required: true; user_id: number; methods?: MfaMethod[] };
export type LoginResult = { user: PublicUser } | MfaRequired;

export const login = (input: LoginInput) => api.post<LoginResult>('/api/auth/login', input);

export const isMfaRequired = (result: LoginResult): result is MfaRequired =>
  'mfa_required' in result && result.mfa_required === true;
