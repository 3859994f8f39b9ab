import type { APIRequestContext } from '@playwright/test';
import { expect, readCode } from './fixtures';

/*
 * Accounts for the browser tests that need a customer and the admin: the
 * runner makes admin@studio.test an admin (ADMIN_EMAILS in run.mjs). Shared by
 * contact.spec.ts and staff-workspace.spec.ts.
 */

export const ADMIN_EMAIL = 'admin@studio.test';
export const ADMIN_PASSWORD = 'Admin-Kontakt-2026';
const BASE_URL = process.env.E2E_BASE_URL ?? '';

export interface Account {
  username: string;
  email: string;
  password: string;
}

/** State-changing calls must come from our origin (CSRF check), as the browser's would. */
export const originHeaders = () => ({ Origin: BASE_URL });

/** Registers through the API with the e-mailed code; the context ends up logged in. */
export async function registerViaApi(request: APIRequestContext, account: Account) {
  const registered = await request.post('/api/auth/register', {
    headers: originHeaders(),
    data: { username: account.username, email: account.email, password: account.password },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const code = await readCode(account.email);
  const verified = await request.post('/api/auth/verify-email', {
    headers: originHeaders(),
    data: { ...account, code },
  });
  return verified;
}

export async function logInViaApi(
  request: APIRequestContext,
  identifier: string,
  password: string,
) {
  return request.post('/api/auth/login', {
    headers: originHeaders(),
    data: { identifier, password, rememberMe: false },
  });
}

/** The shared admin of the run (specs that post a lot have their own, see ADMIN_EMAILS in run.mjs). */
export const SHARED_ADMIN = { username: 'studioadmin', email: ADMIN_EMAIL };

/** Logs an admin in, or registers it the first time. */
export async function ensureAdmin(
  request: APIRequestContext,
  admin: { username: string; email: string } = SHARED_ADMIN,
) {
  const login = await logInViaApi(request, admin.email, ADMIN_PASSWORD);
  if (login.ok()) return;
  const verified = await registerViaApi(request, {
    username: admin.username,
    email: admin.email,
    password: ADMIN_PASSWORD,
  });
  if (!verified.ok()) {
    // Registered meanwhile by another worker: log in with the shared password.
    const retry = await logInViaApi(request, admin.email, ADMIN_PASSWORD);
    expect(retry.ok(), await retry.text()).toBe(true);
  }
  const me = await (await request.get('/api/auth/me')).json();
  expect(me.user.is_admin).toBe(true);
}
