import { isApiError } from './api-client';

/**
 * Recent confirmation (DESIGN.md §7.7): adding or removing a way to sign in
 * answers 403 `reauth_required` when this session has not confirmed the
 * password lately. The profile then asks for it and repeats the call; these
 * are the pieces every screen shares.
 */

/** The server wants the password (or, without one, an e-mailed code) before this change. */
export const isReauthRequired = (error: unknown): boolean =>
  isApiError(error) && error.status === 403 && error.code === 'reauth_required';

/** The user closed the confirmation dialog: the change was not made, and nothing else failed. */
export class ReauthCancelledError extends Error {
  override readonly name = 'ReauthCancelledError';
  constructor() {
    super('reauth_cancelled');
  }
}

export const isReauthCancelled = (error: unknown): error is ReauthCancelledError =>
  error instanceof ReauthCancelledError;
