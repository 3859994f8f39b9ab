/**
 * The auth module's public entry: other modules and the app import from here,
 * never from the files behind it.
 */
export type { UserRow } from '../../db/types';
export { alertAccountChange, LOCK_TOKEN_TTL_MS } from './account-alert';
export { addressBucket, countRecipient, reserveForAddress } from './address-limits';
export { type CodePurpose, type CodeTarget, consumeCode, sendCode } from './codes';
export { assertStrongPassword, findUserByEmail } from './credentials';
export { readDeviceCookie, setDeviceCookie } from './device-cookie';
export { finishSignIn } from './finish-sign-in';
export {
  currentSession,
  requireAdmin,
  requireRecentConfirmation,
  requireUser,
  type SessionAuth,
  toPublicUser,
} from './guards';
export { findChallenge as findLoginChallenge } from './login-mfa';
export { isCommonPassword, passwords } from './passwords';
export {
  countRecoveryCodesLeft,
  deleteRecoveryCodes,
  replaceRecoveryCodes,
} from './recovery-codes';
export { authRoutes } from './routes';
export { guardedCodeTry } from './second-factor-throttle';
export { secondFactorsOf } from './second-factors';
export { type AuthService, createAuthService } from './service';
export { type CachedSession, SESSION_CACHE_TTL_MS, SessionCache } from './session-cache';
export {
  announceSessionEvent,
  baseCookieOptions,
  clearSessionCookie,
  confirmSession,
  cookieName,
  createSession,
  deleteSession,
  deleteUserSessions,
  endUserSessions,
  findSessionUser,
  type NewSession,
  setSessionCookie,
} from './sessions';
export { alertIfNewBrowser } from './sign-in-alert';
export { findTotp, isTotpEnabled, useTotpCode } from './totp-codes';
export {
  decryptTotpSecret,
  encryptTotpSecret,
  matchingStep,
  newTotpSecret,
  totpUrl,
} from './totp-secret';
