import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderScreen, stubFetch, TEST_USER } from '~/test/account-screens';
import { CustomerPanel } from './customer-panel';
import { CustomerEmailBouncing, EMAIL_BOUNCING_LABEL } from './email-bouncing-label';
import { stubMatchMedia } from './screen-test-stubs';
import { TicketsScreen } from './tickets-screen';

/* Bounces (issue 29): staff see that the customer's address bounces; the customer is asked to check it. */

vi.setConfig({ testTimeout: 20_000 });

class SilentEventSource {
  readyState = 1;
  addEventListener() {}
  close() {}
}

beforeEach(() => {
  vi.stubGlobal('EventSource', SilentEventSource);
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const customer = (email_bouncing: boolean) => ({
  id: 7,
  username: 'Ala',
  email: 'ala@example.com',
  created_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  mfa_enabled: false,
  email_bouncing,
  guest: false,
  name: null,
  second_factors: { email_codes: false, totp: false, passkeys: 0 },
  tickets: [],
});

const stubCustomer = (email_bouncing: boolean) =>
  stubFetch((call) =>
    call.url === '/api/admin/customers/7'
      ? json(200, { customer: customer(email_bouncing) })
      : json(404, { error: 'not_found' }),
  );

describe('staff: „adres e-mail nie przyjmuje wiadomości”', () => {
  it('the customer panel says so beside the address of a bouncing customer', async () => {
    stubCustomer(true);
    renderScreen(<CustomerPanel customerId={7} currentTicketId={5} />, { path: '/contact' });
    const tag = await screen.findByTestId('email-bouncing');
    expect(tag.textContent).toBe('adres e-mail nie przyjmuje wiadomości');
    expect(EMAIL_BOUNCING_LABEL).toBe('adres e-mail nie przyjmuje wiadomości');
    // It sits with the e-mail address.
    expect(within(tag.closest('dd') as HTMLElement).getByRole('link').textContent).toBe(
      'ala@example.com',
    );
  });

  it('the ticket header says so too; nothing is shown for an address that works', async () => {
    stubCustomer(true);
    renderScreen(<CustomerEmailBouncing customerId={7} />, { path: '/contact' });
    expect((await screen.findByTestId('email-bouncing')).textContent).toBe(
      'adres e-mail nie przyjmuje wiadomości',
    );
    cleanup();
    stubCustomer(false);
    renderScreen(
      <>
        <CustomerPanel customerId={7} currentTicketId={5} />
        <CustomerEmailBouncing customerId={7} />
      </>,
      { path: '/contact' },
    );
    expect(await screen.findByText('ala@example.com')).toBeTruthy();
    expect(screen.queryByTestId('email-bouncing')).toBeNull();
  });
});

describe('the customer: a banner asking to check the address', () => {
  const stubScreen = () =>
    stubFetch((call) =>
      call.url === '/api/tickets' || call.url.startsWith('/api/tickets?')
        ? json(200, { tickets: [], next_cursor: null })
        : json(404, { error: 'not_found' }),
    );

  it('the Kontakt screen shows it with a link to the profile’s e-mail change', async () => {
    stubScreen();
    renderScreen(<TicketsScreen user={{ ...TEST_USER, email_bouncing: true }} />, {
      path: '/contact',
    });
    const banner = await screen.findByTestId('email-bouncing-banner');
    expect(banner.textContent).toContain(
      `Nie możemy dostarczyć wiadomości na adres ${TEST_USER.email}`,
    );
    const link = within(banner).getByRole('link', { name: 'Sprawdź adres e-mail w profilu' });
    expect(link.getAttribute('href')).toBe('/profile#change-email');
  });

  it('is not shown while the address works', async () => {
    stubScreen();
    renderScreen(<TicketsScreen user={TEST_USER} />, { path: '/contact' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByTestId('email-bouncing-banner')).toBeNull();
  });
});
