import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useCurrentUser } from '~/lib/session';
import {
  json,
  renderScreen,
  resetScreenTest,
  setSessionHint,
  stubFetch,
} from '~/test/account-screens';
import { SessionExpiredNotice } from './session-expired-notice';

/* Issue 28: a browser whose session was revoked or expired says so at once. */

afterEach(resetScreenTest);

function WhoIsSignedIn() {
  const { user, isPending } = useCurrentUser();
  if (isPending) return <p>Sprawdzanie…</p>;
  return <p>{user ? `Zalogowany: ${user.username}` : 'Nikt nie jest zalogowany'}</p>;
}

const renderPage = () =>
  renderScreen(
    <>
      <SessionExpiredNotice />
      <WhoIsSignedIn />
    </>,
    { path: '/contact' },
  );

describe('„Twoja sesja wygasła — zaloguj się ponownie”', () => {
  it('shows when the sign-in hint is there but the server no longer knows the session', async () => {
    setSessionHint();
    stubFetch(() => json(401, { error: 'unauthorized' }));
    renderPage();
    expect(await screen.findByText('Nikt nie jest zalogowany')).toBeTruthy();
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Twoja sesja wygasła — zaloguj się ponownie');
    expect(screen.getByRole('link', { name: 'Zaloguj się' }).getAttribute('href')).toBe('/login');
    // „Zamknij” hides it.
    await userEvent.click(screen.getByRole('button', { name: 'Zamknij' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a visitor who never signed in is not told anything', async () => {
    const calls = stubFetch(() => json(401, { error: 'unauthorized' }));
    renderPage();
    expect(await screen.findByText('Nikt nie jest zalogowany')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
