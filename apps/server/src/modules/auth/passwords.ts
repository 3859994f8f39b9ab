import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** argon2id with OWASP's minimum: 19 MiB memory, 2 passes, 1 lane. */
const ARGON2_OPTIONS = {
  // Algorithm.Argon2id; the enum is a const enum that isolated modules cannot read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

// The list is ordered by frequency; its head is what attackers try first.
const COMMON_PASSWORDS = new Set(
  (dictionary['passwords-common'] as string[]).slice(0, 1000).map((p) => p.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

let dummyHash: Promise<string> | undefined;

/** Hashing and checking are on one object so tests can observe the calls. */
export const passwords = {
  hash: (password: string) => hash(password, ARGON2_OPTIONS),
  /**
   * A guest account (DESIGN.md §7.6) has no hash: every password is wrong for it,
   * after the same work as a real check, so no password path lets a guest in and
   * none tells guests from accounts by its timing.
   */
  verify: async (passwordHash: string | null, password: string): Promise<boolean> => {
    if (passwordHash === null) return passwords.verifyAgainstDummy(password);
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  },
  /**
   * Spends the same work as a real check, so a login for an unknown user
   * takes as long as a wrong password and does not reveal who has an account.
   */
  verifyAgainstDummy: async (password: string) => {
    dummyHash ??= hash('dummy password that no one has', ARGON2_OPTIONS);
    await passwords.verify(await dummyHash, password);
    return false;
  },
};
