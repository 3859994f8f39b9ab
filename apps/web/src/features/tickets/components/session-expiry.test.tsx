import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionExpiredNotice } from '~/components/session-expired-notice';
import { draftKey } from '~/lib/drafts';
import { SESSION_EXPIRED_MESSAGE } from '~/lib/error-messages';
import { RETURN_PATH_KEY, setCurrentUser } from '~/lib/session';
import { renderScreen, TEST_USER } from '~/test/account-screens';
import { DRAFT_TICKET_ID } from '../lib/selection';
import { Composer } from './composer';
import { stubMatchMedia } from './screen-test-stubs';

/*
 * Issue 28: a send that finds the session gone (revoked by „To nie ja” on
 * another device, or expired) says so at once and keeps the text as a draft
 * that is there again after signing in.
 */

/** Every multipart send (api.upload is XMLHttpRequest) answers 401 `unauthorized`. */
function answerUploadsWith401() {
  const sent: string[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      readonly upload = { addEventListener: () => undefined };
      status = 0;
      responseText = '';
      private listeners: Record<string, () => void> = {};
      open(_method: string, url: string) {
        sent.push(url);
      }
      setRequestHeader() {}
      getResponseHeader() {
        return null;
      }
      addEventListener(type: string, listener: () => void) {
        this.listeners[type] = listener;
      }
      send() {
        setTimeout(() => {
          this.status = 401;
          this.responseText = JSON.stringify({ error: 'unauthorized' });
          this.listeners.load?.();
        }, 0);
      }
      abort() {}
    },
  );
  return sent;
}

const user = { ...TEST_USER, id: 7 };

function renderSignedInComposer(ticketId: number) {
  const screenResult = renderScreen(
    <>
      <SessionExpiredNotice />
      <Composer
        ticketId={ticketId}
        userId={user.id}
        username={user.username}
        onCreated={() => {}}
        onSent={() => {}}
      />
    </>,
    {
      path: '/contact',
      url: '/contact?ticket=5',
      routes: [{ path: '/login', element: <h1>Logowanie</h1> }],
    },
  );
  act(() => setCurrentUser(screenResult.queryClient, { user, isStaff: false }));
  return screenResult;
}

const field = () => screen.getByRole('textbox') as HTMLTextAreaElement;

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => {
  stubMatchMedia();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a session that ended under the composer', () => {
  for (const [what, ticketId] of [
    ['a reply', 5],
    ['a new ticket', DRAFT_TICKET_ID],
  ] as const) {
    it(`${what}: says „${SESSION_EXPIRED_MESSAGE}” and keeps the text for after signing in`, async () => {
      const sent = answerUploadsWith401();
      const first = renderSignedInComposer(ticketId);
      fireEvent.change(field(), { target: { value: 'Pilne: faktura 12/2026' } });
      fireEvent.click(screen.getByRole('button', { name: /Wyślij|Utwórz zgłoszenie/ }));

      expect(await screen.findByText('Twoja sesja wygasła — zaloguj się ponownie')).toBeTruthy();
      // The composer says the text is kept.
      expect(screen.getByText(/Treść wiadomości zachowaliśmy\./)).toBeTruthy();
      expect(sent).toHaveLength(1);
      const login = screen.getByRole('link', { name: 'Zaloguj się' });
      expect(login.getAttribute('href')).toBe('/login');
      fireEvent.click(login);
      expect(await screen.findByRole('heading', { name: 'Logowanie' })).toBeTruthy();
      // Signing in comes back to this page.
      expect(sessionStorage.getItem(RETURN_PATH_KEY)).toBe('/contact?ticket=5');

      // The draft survived the 401 and the forgotten user.
      const key = draftKey(user.id, ticketId === DRAFT_TICKET_ID ? null : ticketId);
      expect(localStorage.getItem(key)).toBe('Pilne: faktura 12/2026');
      first.unmount();

      // Signed in again: the composer of the same ticket starts with the text.
      renderSignedInComposer(ticketId);
      expect(field().value).toBe('Pilne: faktura 12/2026');
      expect(screen.queryByText(SESSION_EXPIRED_MESSAGE)).toBeNull();
    });
  }

  it('a visitor who was not signed in sees no such notice', async () => {
    answerUploadsWith401();
    renderScreen(
      <>
        <SessionExpiredNotice />
        <Composer ticketId={5} userId={7} username="ala" onCreated={() => {}} onSent={() => {}} />
      </>,
    );
    fireEvent.change(field(), { target: { value: 'tekst' } });
    fireEvent.click(screen.getByRole('button', { name: /Wyślij|Utwórz zgłoszenie/ }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText(SESSION_EXPIRED_MESSAGE)).toBeNull();
  });
});
