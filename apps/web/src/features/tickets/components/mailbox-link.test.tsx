import type { PublicUser } from '@studio/shared/types';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderScreen, type StubbedCall, stubFetch } from '~/test/account-screens';
import { FakeEventSource } from '~/test/fake-event-source';
import { loadStaffParts } from '../hooks/use-staff-parts';
import { emptyStaffDesk, stubMatchMedia } from './screen-test-stubs';
import { TicketsScreen } from './tickets-screen';

// The staff screen waits for its own parts (hooks/use-staff-parts.ts); loaded once, it renders at once.
beforeAll(async () => {
  await loadStaffParts();
});

/*
 * „Skrzynka” in the workspace header (issue 29): admins see how many mails
 * wait there, and the count follows the list stream's `mailbox` events
 * without a reload; customers see no link and never ask for the count.
 */

vi.setConfig({ testTimeout: 20_000 });

const admin: PublicUser = {
  id: 1,
  username: 'wsparcie',
  email: 'wsparcie@example.com',
  is_admin: true,
  mfa_enabled: false,
  email_bouncing: false,
};
const customer: PublicUser = { ...admin, id: 7, username: 'ala', is_admin: false };

const listStream = () => {
  const source = FakeEventSource.open.find((s) => s.url === '/api/stream/tickets');
  if (!source) throw new Error('the list stream is not open');
  return source;
};

function stubWorkspace(mailboxTotal: number) {
  return stubFetch(
    (call: StubbedCall) => emptyStaffDesk(call, mailboxTotal) ?? json(404, { error: 'not_found' }),
  );
}

const mailboxGets = (calls: StubbedCall[]) =>
  calls.filter((c) => c.url.startsWith('/api/admin/mailbox'));

beforeEach(() => {
  FakeEventSource.open = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('„Skrzynka” in the workspace header', () => {
  it('shows admins the count, which follows the stream’s mailbox events without a reload', async () => {
    const calls = stubWorkspace(3);
    renderScreen(<TicketsScreen user={admin} />, { path: '/contact' });
    const link = await screen.findByRole('link', { name: 'Skrzynka, 3 maile' });
    expect(link.getAttribute('href')).toBe('/contact/mailbox');
    expect(screen.getByTestId('mailbox-count').textContent).toBe('3');
    await waitFor(() => expect(mailboxGets(calls)).toHaveLength(1));

    act(() => listStream().emit('mailbox', { total: 5 }));
    expect(await screen.findByRole('link', { name: 'Skrzynka, 5 maili' })).toBeTruthy();
    act(() => listStream().emit('mailbox', { total: 1 }));
    expect(await screen.findByRole('link', { name: 'Skrzynka, 1 mail' })).toBeTruthy();
    act(() => listStream().emit('mailbox', { total: 0 }));
    expect(await screen.findByRole('link', { name: 'Skrzynka' })).toBeTruthy();
    expect(screen.queryByTestId('mailbox-count')).toBeNull();
    // The events carried the totals: the mailbox was read once, when the workspace opened.
    expect(mailboxGets(calls)).toHaveLength(1);
  });

  it('says „99+” on the badge beyond 99 and the exact count to screen readers', async () => {
    stubWorkspace(120);
    renderScreen(<TicketsScreen user={admin} />, { path: '/contact' });
    expect(await screen.findByRole('link', { name: 'Skrzynka, 120 maili' })).toBeTruthy();
    expect(screen.getByTestId('mailbox-count').textContent).toBe('99+');
  });

  it('is not there for a customer, whose workspace never asks for the Skrzynka', async () => {
    const calls = stubWorkspace(3);
    renderScreen(<TicketsScreen user={customer} />, { path: '/contact' });
    expect(await screen.findByRole('link', { name: 'Profil' })).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/tickets' || c.url.startsWith('/api/tickets?'))).toBe(
        true,
      ),
    );
    // A stray event (customers never receive one) changes nothing either.
    act(() => listStream().emit('mailbox', { total: 4 }));
    expect(screen.queryByRole('link', { name: /Skrzynka/ })).toBeNull();
    expect(mailboxGets(calls)).toHaveLength(0);
  });
});
