import type { ReauthAnswer, ReauthBody } from '@studio/shared/account-lock';
import { api } from '~/lib/api-client';

/**
 * `POST /api/profile/reauth`: the password (or, for an account without one,
 * the e-mailed code) confirms this session for the next few minutes
 * (DESIGN.md §7.7). A wrong password is 400 `invalid_credentials`.
 */
export const confirmReauth = (body: ReauthBody) =>
  api.post<ReauthAnswer>('/api/profile/reauth', body);
