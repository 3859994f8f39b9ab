import type { RegistrationData } from './api/register';

/** What /register hands to /verify-email in navigation state (SPEC.md §2 Register). */
export type VerifyEmailState = RegistrationData;

/** History state can be anything (an old entry, a hand-made link): only a complete one counts. */
export function readVerifyEmailState(state: unknown): VerifyEmailState | null {
  if (!state || typeof state !== 'object') return null;
  const { username, email, password } = state as Record<string, unknown>;
  if (typeof username !== 'string' || typeof email !== 'string' || typeof password !== 'string') {
    return null;
  }
  if (!username || !email || !password) return null;
  return { username, email, password };
}
