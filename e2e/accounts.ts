import type { APIRequestContext } from '@playwright/test';
import { expect, readCode, unique } from './fixtures';

/*
 * Accounts for the browser tests that need a customer and the admin: the
 * runner makes admin@studio.test an admin (ADMIN_EMAILS in run.mjs). Shared by
 * the Kontakt specs (contact, daily-use, staff-workspace, contact-server-render, turned-photo…).
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

function postRegister(request: APIRequestContext, account: Account) {
  return request.post('/api/auth/register', {
    headers: originHeaders(),
    data: { username: account.username, email: account.email, password: account.password },
  });
}

/** Verifies a registration with the code e-mailed to it; the context ends up logged in. */
async function verifyWithMailedCode(request: APIRequestContext, account: Account) {
  const code = await readCode(account.email);
  return request.post('/api/auth/verify-email', {
    headers: originHeaders(),
    data: { ...account, code },
  });
}

/** Registers through the API with the e-mailed code; the context ends up logged in. */
export async function registerViaApi(request: APIRequestContext, account: Account) {
  const registered = await postRegister(request, account);
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  return verifyWithMailedCode(request, account);
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

/**
 * Logs an admin in, or registers it the first time. Workers running at the
 * same time may race to register the same admin: the loser's register is
 * refused as a duplicate, or its code is replaced by the winner's, so it
 * waits until the winner's verification lets it log in.
 */
export async function ensureAdmin(
  request: APIRequestContext,
  admin: { username: string; email: string } = SHARED_ADMIN,
) {
  const login = await logInViaApi(request, admin.email, ADMIN_PASSWORD);
  if (!login.ok() && !(await registeredNow(request, admin))) {
    await expect
      .poll(async () => (await logInViaApi(request, admin.email, ADMIN_PASSWORD)).status(), {
        timeout: 30_000,
      })
      .toBe(200);
  }
  const me = await (await request.get('/api/auth/me')).json();
  expect(me.user.is_admin).toBe(true);
}

/** Whether this call registered and verified the admin (false: another worker is doing it). */
async function registeredNow(
  request: APIRequestContext,
  admin: { username: string; email: string },
): Promise<boolean> {
  const account = { username: admin.username, email: admin.email, password: ADMIN_PASSWORD };
  const registered = await postRegister(request, account);
  if (registered.status() === 409) return false;
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  return (await verifyWithMailedCode(request, account)).ok();
}

/**
 * A new verified account (`prefix` plus a unique suffix, an example.test address)
 * registered through the API; the context ends up logged in as it.
 */
export async function signUpNew(request: APIRequestContext, prefix: string): Promise<Account> {
  const username = unique(prefix);
  const account = { username, email: `${username}@example.test`, password: 'Zielony-Kot-42' };
  const verified = await registerViaApi(request, account);
  expect(verified.ok(), await verified.text()).toBe(true);
  return account;
}
