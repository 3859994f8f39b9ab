import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  acceptCookies,
  expect,
  readCode,
  readResetLink,
  SHOT_WIDTHS,
  shot,
  shotAll,
  THEMES,
  test,
  unique,
} from '../fixtures';
import { setTheme } from '../themed-shots';

/*
 * Account screens against the real server: codes and reset links come from
 * the dev outbox (DATA_DIR/outbox). Every test uses its own address and
 * username because the server rate-limits per address.
 */

const PASSWORD = 'Zielony-Kot-42';

interface Account {
  username: string;
  email: string;
  password: string;
}

function newAccount(): Account {
  const id = unique('e2e');
  return { username: id, email: `${id}@example.test`, password: PASSWORD };
}

async function fillRegistration(page: Page, account: Account) {
  await page.goto('/register');
  await page.getByLabel('Nazwa użytkownika').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Hasło', { exact: true }).fill(account.password);
  await page.getByLabel('Akceptuję Regulamin').check();
  await page.getByRole('button', { name: 'Zarejestruj się' }).click();
}

/** Registers through the UI and ends on /contact, logged in. */
async function register(page: Page, account: Account) {
  await fillRegistration(page, account);
  await expect(page).toHaveURL(/\/verify-email$/);
  await page.getByLabel('Kod weryfikacyjny').fill(await readCode(account.email));
  await page.getByRole('button', { name: 'Potwierdź' }).click();
  await expect(page).toHaveURL(/\/contact/);
}

async function logIn(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Nazwa użytkownika lub email').fill(identifier);
  await page.getByLabel('Hasło', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
}

async function logOut(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Wyloguj się' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

const me = (page: Page) => page.request.get('/api/auth/me');

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('registration: code from the e-mail creates the account and lands on /contact logged in', async ({
  page,
}) => {
  const account = newAccount();
  await register(page, account);
  // Shown inline and as a toast that outlives the redirect to /contact: either will do.
  await expect(page.getByText('Konto zostało utworzone pomyślnie!').first()).toBeVisible();
  const response = await me(page);
  expect(response.status()).toBe(200);
  expect((await response.json()).user).toMatchObject({
    username: account.username,
    email: account.email,
  });
});

test('registration form: terms must be accepted and fields are checked before sending', async ({
  page,
}) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Zarejestruj się' }).click();
  await expect(page.getByText('Musisz zaakceptować Regulamin')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await page.getByLabel('Hasło', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Zarejestruj się' }).click();
  await expect(page.getByText('Hasło musi mieć co najmniej 6 znaków')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await expect(
    page.getByRole('form', { name: 'Rejestracja' }).getByRole('link', { name: 'Regulamin' }),
  ).toHaveAttribute('href', '/terms-and-conditions');
});

test('registration with a taken e-mail or username says so', async ({ page }) => {
  const account = newAccount();
  await register(page, account);
  await page.context().clearCookies();
  await fillRegistration(page, { ...newAccount(), email: account.email });
  await expect(page.getByRole('alert')).toContainText('Email lub nazwa użytkownika zajęte');
  await fillRegistration(page, { ...newAccount(), username: account.username });
  await expect(page.getByRole('alert')).toContainText('Email lub nazwa użytkownika zajęte');
  await expect(page).toHaveURL(/\/register$/);
});

test('a common password is refused with a clear message', async ({ page }) => {
  await fillRegistration(page, { ...newAccount(), password: 'password' });
  await expect(page.getByRole('alert')).toContainText(
    'To hasło jest zbyt popularne. Wybierz inne.',
  );
});

test('verify e-mail: digits only, submit only at 6, a wrong code is refused, resend works', async ({
  page,
}) => {
  const account = newAccount();
  await fillRegistration(page, account);
  await expect(page).toHaveURL(/\/verify-email$/);
  const realCode = await readCode(account.email);
  const input = page.getByLabel('Kod weryfikacyjny');
  const submit = page.getByRole('button', { name: 'Potwierdź' });
  await input.fill('12a3');
  await expect(input).toHaveValue('123');
  await expect(submit).toBeDisabled();
  await input.fill('1234567');
  await expect(input).toHaveValue('123456');
  await expect(submit).toBeEnabled();
  const wrong = realCode === '000000' ? '111111' : '000000';
  await input.fill(wrong);
  await submit.click();
  await expect(page.getByRole('alert')).toContainText('Nieprawidłowy lub wygasły kod');

  await page.getByRole('button', { name: 'Wyślij kod ponownie' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nowy kod' })).toContainText(
    'Nowy kod weryfikacyjny został wysłany!',
  );
  await input.fill(await readCode(account.email));
  await submit.click();
  await expect(page).toHaveURL(/\/contact/);
});

test('verify e-mail without registration data shows the error page with a link back', async ({
  page,
}) => {
  await page.goto('/verify-email');
  await expect(page.getByRole('alert')).toContainText(
    'Brak danych rejestracji. Proszę rozpocząć rejestrację ponownie.',
  );
  await page.getByRole('link', { name: 'Przejdź do rejestracji' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('login: a wrong password is refused, the right one lands on /contact', async ({ page }) => {
  const account = newAccount();
  await register(page, account);
  await page.context().clearCookies();

  await logIn(page, account.username, 'zle-haslo-123');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Niepoprawny email lub hasło' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Hasło', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/contact/);
  expect((await me(page)).status()).toBe(200);
});

test('login: empty fields are required and the page links to reset and registration', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page.getByText('To pole jest wymagane')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Nie pamiętasz hasła?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await expect(page.getByRole('link', { name: 'Zarejestruj się' })).toHaveAttribute(
    'href',
    '/register',
  );
});

test('a logged-out visitor of /profile logs in and comes back to /profile', async ({ page }) => {
  const account = newAccount();
  await register(page, account);
  await page.context().clearCookies();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-username')).toContainText(account.username);
  // 'Wróć' forgets the stored place and goes to /contact.
  await page.getByRole('button', { name: 'Wróć' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  expect(
    await page.evaluate(() => [
      sessionStorage.getItem('studio.returnPath'),
      sessionStorage.getItem('studio.returnTicketId'),
    ]),
  ).toEqual([null, null]);
});

/** Turns 2FA on from the profile (one code e-mail). */
async function enableMfa(page: Page, account: Account) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Włącz 2FA' }).click();
  await expect(page).toHaveURL(/\/profile\/mfa\/enable$/);
  await page.getByLabel('Kod z e-maila').fill(await readCode(account.email));
  await page.getByRole('button', { name: 'Włącz 2FA' }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

// The server sends at most 3 code e-mails a minute per address, so each 2FA
// test stays within three: registration, one 2FA change, one login code.

test('2FA: enable with the e-mailed code, log out, log in through the code step', async ({
  page,
}) => {
  const account = newAccount();
  await register(page, account);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Włącz 2FA' }).click();
  await expect(page).toHaveURL(/\/profile\/mfa\/enable$/);
  await expect(page.getByText('Wysłaliśmy kod na email').first()).toBeVisible();
  const enableCode = await readCode(account.email);
  await page.getByLabel('Kod z e-maila').fill(enableCode === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Włącz 2FA' }).click();
  await expect(page.getByRole('alert')).toContainText('Niepoprawny kod');
  await page.getByLabel('Kod z e-maila').fill(enableCode);
  await page.getByRole('button', { name: 'Włącz 2FA' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Włączono 2FA').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Wyłącz 2FA' })).toBeVisible();

  await logOut(page);
  expect((await me(page)).status()).toBe(401);

  await logIn(page, account.username, account.password);
  await expect(page.getByRole('heading', { name: 'Weryfikacja dwuetapowa' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Wysłaliśmy' })).toContainText(
    'Wysłaliśmy kod na email',
  );
  // The password step alone gives no session.
  expect((await me(page)).status()).toBe(401);
  const code = await readCode(account.email);
  await page.getByLabel('Kod z e-maila').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Potwierdź' }).click();
  await expect(page.getByRole('alert')).toContainText('Niepoprawny kod');
  await page.getByLabel('Kod z e-maila').fill(code);
  await page.getByRole('button', { name: 'Potwierdź' }).click();
  await expect(page).toHaveURL(/\/contact/);
  expect((await me(page)).status()).toBe(200);
});

test('2FA: disable with the e-mailed code', async ({ page }) => {
  const account = newAccount();
  await register(page, account);
  await enableMfa(page, account);

  await page.getByRole('button', { name: 'Wyłącz 2FA' }).click();
  await expect(page).toHaveURL(/\/profile\/mfa\/disable$/);
  await page.getByLabel('Kod z e-maila').fill(await readCode(account.email));
  await page.getByRole('button', { name: 'Wyłącz 2FA' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Wyłączono 2FA').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Włącz 2FA' })).toBeVisible();
  expect((await (await me(page)).json()).user.mfa_enabled).toBe(false);
});

test('password reset through the e-mailed link: new password works, old sessions are logged out', async ({
  page,
  browser,
}) => {
  const account = newAccount();
  await register(page, account);
  // A second browser with its own session, which the reset must end.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logIn(otherPage, account.email, account.password);
  await expect(otherPage).toHaveURL(/\/contact/);
  expect((await me(otherPage)).status()).toBe(200);

  await page.context().clearCookies();
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Wyślij link' }).click();
  await expect(page).toHaveURL(/\/forgot-password\/sent$/);
  await expect(page.getByRole('status')).toContainText(
    'Jeśli istnieje konto z tym adresem email, wysłaliśmy link do resetu hasła.',
  );

  const link = new URL(await readResetLink(account.email));
  await page.goto(link.pathname + link.search);
  const newPassword = 'Nowe-Haslo-Zimowe-7';
  await page.getByLabel('Nowe hasło', { exact: true }).fill(newPassword);
  await page.getByLabel('Powtórz nowe hasło').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Ustaw nowe hasło' }).click();
  await expect(page.getByText('Hasła muszą być identyczne')).toBeVisible();
  await page.getByLabel('Powtórz nowe hasło').fill(newPassword);
  await page.getByRole('button', { name: 'Ustaw nowe hasło' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Hasło zostało zmienione' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  expect((await me(otherPage)).status()).toBe(401);
  await other.close();

  await logIn(page, account.username, account.password);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Niepoprawny email lub hasło' }),
  ).toBeVisible();
  await page.getByLabel('Hasło', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/contact/);

  // The link is single use.
  await page.context().clearCookies();
  await page.goto(link.pathname + link.search);
  await page.getByLabel('Nowe hasło', { exact: true }).fill('Jeszcze-Inne-Haslo-9');
  await page.getByLabel('Powtórz nowe hasło').fill('Jeszcze-Inne-Haslo-9');
  await page.getByRole('button', { name: 'Ustaw nowe hasło' }).click();
  await expect(page.getByRole('alert')).toContainText('Link jest nieprawidłowy lub wygasł');
});

test('forgot password answers the same for an unknown address; /reset-password needs a token', async ({
  page,
}) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(`${unique('nikt')}@example.test`);
  await page.getByRole('button', { name: 'Wyślij link' }).click();
  await expect(page).toHaveURL(/\/forgot-password\/sent$/);
  await expect(page.getByRole('status')).toContainText(
    'Jeśli istnieje konto z tym adresem email, wysłaliśmy link do resetu hasła.',
  );
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toContainText('Link jest nieprawidłowy lub wygasł');
});

test('profile: username change, a taken name, and a reset link to the account address', async ({
  page,
  browser,
}) => {
  const taken = newAccount();
  const other = await browser.newContext();
  await register(await other.newPage(), taken);
  await other.close();

  const account = newAccount();
  await register(page, account);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-username')).toContainText(account.username);

  await page.getByLabel('Nowa nazwa użytkownika').fill(taken.username);
  await page.getByRole('button', { name: 'Zmień nazwę' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'zajęta' })).toContainText(
    'Ta nazwa jest już zajęta',
  );

  const renamed = unique('nowa');
  await page.getByLabel('Nowa nazwa użytkownika').fill(renamed);
  await page.getByRole('button', { name: 'Zmień nazwę' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Zmieniono' })).toContainText(
    'Zmieniono nazwę użytkownika',
  );
  await expect(page.getByTestId('profile-username')).toContainText(renamed);
  expect((await (await me(page)).json()).user.username).toBe(renamed);

  // The e-mail notification setting is saved on change and survives a reload.
  const notify = page.getByLabel(/Wysyłaj mi e-mail/);
  await expect(notify).toBeEnabled();
  const wasOn = await notify.isChecked();
  await notify.setChecked(!wasOn);
  await expect(page.getByText('Zapisano ustawienia powiadomień')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/Wysyłaj mi e-mail/)).toBeEnabled();
  await expect(page.getByLabel(/Wysyłaj mi e-mail/)).toBeChecked({ checked: !wasOn });

  await page.getByRole('button', { name: 'Wyślij link do resetu hasła' }).click();
  await expect(page).toHaveURL(/\/forgot-password\/sent\?source=profile$/);
  await expect(page.getByRole('status').first()).toContainText(
    'Wysłano link do resetu hasła na email',
  );
  expect(await readResetLink(account.email)).toContain('/reset-password?token=');
});

test('keyboard only: register, verify and land on /contact without touching the mouse', async ({
  page,
}) => {
  const account = newAccount();
  await page.goto('/register');
  const username = page.getByLabel('Nazwa użytkownika');
  await username.focus();
  await page.keyboard.type(account.username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(account.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Hasło', { exact: true })).toBeFocused();
  await page.keyboard.type(account.password);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Akceptuję Regulamin')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Akceptuję Regulamin')).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('form', { name: 'Rejestracja' }).getByRole('link', { name: 'Regulamin' }),
  ).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Zarejestruj się' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/verify-email$/);
  // The code field takes focus by itself.
  await expect(page.getByLabel('Kod weryfikacyjny')).toBeFocused();
  await page.keyboard.type(await readCode(account.email));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contact/);
});

/**
 * Screenshots of the screen as it is now, without reloading (its state — an
 * error, navigation state, a login step — would be lost), at both widths in
 * both themes, plus an axe check per theme. Names follow shotAll: <name>-<width>-<theme>.png.
 */
async function shootHere(page: Page, name: string) {
  for (const theme of THEMES) {
    for (const width of SHOT_WIDTHS) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      await setTheme(page, theme);
      await shot(page, `${name}-${width}-${theme}`);
    }
    // The same state is checked with axe in each theme (a11y.spec.ts cannot reach it).
    await expectNoAxeViolations(page);
  }
}

/** axe finds no violations on the page as it is now. */
async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}

/** axe in both themes on `url` (for screens that need a session, so not in a11y.spec.ts). */
async function axeBothThemes(page: Page, url: string, ready: (page: Page) => Promise<void>) {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const theme of THEMES) {
    await page.goto(url);
    await setTheme(page, theme);
    await ready(page);
    await expectNoAxeViolations(page);
  }
}

test.describe('screenshots', () => {
  test('public account screens at 1280 and 390 px in both themes', async ({ page }) => {
    test.setTimeout(120_000);
    await shotAll(page, 'auth-login', '/login', (p) =>
      expect(p.getByRole('heading', { name: 'Logowanie' })).toBeVisible({ timeout: 30_000 }),
    );
    await shotAll(page, 'auth-register', '/register', (p) =>
      expect(p.getByRole('heading', { name: 'Rejestracja' })).toBeVisible({ timeout: 30_000 }),
    );
    await shotAll(page, 'auth-verify-email-missing', '/verify-email', (p) =>
      expect(p.getByRole('alert')).toContainText('Brak danych rejestracji'),
    );
    await shotAll(page, 'auth-forgot-password', '/forgot-password', (p) =>
      expect(p.getByRole('heading', { name: 'Nie pamiętasz hasła?' })).toBeVisible({
        timeout: 30_000,
      }),
    );
    await shotAll(page, 'auth-forgot-password-sent', '/forgot-password/sent', (p) =>
      expect(p.getByRole('status')).toBeVisible({ timeout: 30_000 }),
    );
    await shotAll(page, 'auth-reset-password', '/reset-password?token=abc', (p) =>
      expect(p.getByRole('heading', { name: 'Zmiana hasła' })).toBeVisible({ timeout: 30_000 }),
    );
  });

  test('form errors', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Zarejestruj się' }).click();
    await expect(page.getByText('Musisz zaakceptować Regulamin')).toBeVisible();
    await shootHere(page, 'auth-register-errors');
    // One failed login only: the server counts failures per address (10 per 15 minutes).
    await page.goto('/login');
    await page.getByLabel('Nazwa użytkownika lub email').fill(`${unique('brak')}@example.test`);
    await page.getByLabel('Hasło', { exact: true }).fill('zle-haslo-1');
    await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Niepoprawny email lub hasło' }),
    ).toBeVisible();
    await shootHere(page, 'auth-login-error');
  });

  test('verify e-mail, profile, 2FA pages and the 2FA login step (with axe)', async ({ page }) => {
    test.setTimeout(180_000);
    const account = newAccount();
    await fillRegistration(page, account);
    await expect(page.getByLabel('Kod weryfikacyjny')).toBeVisible();
    await shootHere(page, 'auth-verify-email');
    await page.getByLabel('Kod weryfikacyjny').fill(await readCode(account.email));
    await page.getByRole('button', { name: 'Potwierdź' }).click();
    await expect(page).toHaveURL(/\/contact/);

    const profileReady = (p: Page) =>
      expect(p.getByTestId('profile-username')).toBeVisible({ timeout: 30_000 });
    const codeReady = (p: Page) =>
      expect(p.getByLabel('Kod z e-maila')).toBeVisible({ timeout: 30_000 });
    await shotAll(page, 'profile', '/profile', profileReady);
    await axeBothThemes(page, '/profile', profileReady);
    await shotAll(
      page,
      'profile-forgot-password-sent',
      '/forgot-password/sent?source=profile',
      (p) => expect(p.getByRole('status')).toContainText('Wysłano link'),
    );
    await shotAll(page, 'profile-mfa-enable', '/profile/mfa/enable', codeReady);
    await axeBothThemes(page, '/profile/mfa/enable', codeReady);
    await enableMfa(page, account);
    await shotAll(page, 'profile-mfa-disable', '/profile/mfa/disable', codeReady);
    await axeBothThemes(page, '/profile/mfa/disable', codeReady);
    await logOut(page);
    await logIn(page, account.email, account.password);
    await expect(page.getByRole('heading', { name: 'Weryfikacja dwuetapowa' })).toBeVisible();
    await shootHere(page, 'auth-login-code');
  });
});
