import type { PublicUser } from '@studio/shared/types';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSessionHint,
  json,
  renderScreen,
  type StubbedCall,
  setSessionHint,
  stubFetch,
} from '~/test/account-screens';
import { FakeEventSource } from '~/test/fake-event-source';
import { emptyStaffDesk, stubMatchMedia } from '../components/screen-test-stubs';
import { TicketsScreen } from '../components/tickets-screen';
import { loadStaffParts } from '../hooks/use-staff-parts';
import { StaffTicketRating } from './ticket-rating';

/* A customer's rating shows live on the staff screen (issue 34): the server announces it
   as an `updated` event of the list stream, and the open ticket's rating is read again. */

beforeAll(async () => {
  await loadStaffParts();
});
vi.setConfig({ testTimeout: 20_000 });

const staff: PublicUser = {
  id: 1,
  username: 'Piotr',
  email: 'piotr@example.com',
  is_admin: true,
  mfa_enabled: false,
  email_bouncing: false,
};

beforeEach(() => {
  FakeEventSource.open = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  stubMatchMedia();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  clearSessionHint();
});

describe('the rating on the staff screen', () => {
  it('shows a rating given meanwhile once the list stream says the ticket was updated', async () => {
    setSessionHint();
    let rating: unknown = null;
    const calls = stubFetch((call: StubbedCall) => {
      if (call.url === '/api/auth/me') return json(200, { user: staff, isStaff: true });
      if (call.url === '/api/tickets/42') return json(200, { ticket: { id: 42, rating } });
      return emptyStaffDesk(call) ?? json(404, { error: 'not_found' });
    });
    renderScreen(
      <>
        <TicketsScreen user={staff} />
        <StaffTicketRating ticketId={42} />
      </>,
      { path: '/contact' },
    );
    expect(await screen.findByText('Klient jeszcze nie ocenił pomocy.')).toBeTruthy();
    await waitFor(() =>
      expect(FakeEventSource.open.some((s) => s.url === '/api/stream/tickets')).toBe(true),
    );
    const list = FakeEventSource.open.find((s) => s.url === '/api/stream/tickets');

    // Another ticket's update reads nothing of this one.
    const reads = () => calls.filter((c) => c.url === '/api/tickets/42').length;
    const before = reads();
    act(() => list?.emit('ticket', { type: 'updated', ticket_id: 41 }));
    rating = {
      score: 'good',
      comment: 'Szybko i konkretnie.',
      rated_at: '2026-11-29T15:00:00.000Z',
    };
    act(() => list?.emit('ticket', { type: 'updated', ticket_id: 42 }));
    const shown = await screen.findByTestId('staff-rating');
    expect(shown.textContent).toContain('Szybko i konkretnie.');
    expect(reads()).toBe(before + 1);
  });
});
