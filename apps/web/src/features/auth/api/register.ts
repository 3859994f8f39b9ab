import { api } from '~/lib/api-client';

export interface RegistrationData {
  username: string;
  email: string;
  password: string;
}

/** Checks the data and e-mails a code; the same call sends a new code (SPEC.md §7). */
export const register = (input: RegistrationData) =>
  api.post<{ ok: true }>('/api/auth/register', input);
