import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderScreen, resetScreenTest, stubFetch } from '~/test/account-screens';
import {
  STAFF_NOTIFICATIONS_SAVED,
  StaffNotificationsSection,
} from './components/staff-notifications-section';

/* „Powiadomienia o zgłoszeniach” in staff's profile (issue 31). */

vi.setConfig({ testTimeout: 20_000 });
afterEach(resetScreenTest);

function stubChoice(stored = { new_tickets: 'digest', assigned_overdue: true }) {
  return stubFetch((call) => {
    if (call.url !== '/api/profile/staff-notifications') return json(404, { error: 'not_found' });
    return call.method === 'PUT' ? json(200, call.body) : json(200, stored);
  });
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('the staff notification choice', () => {
  it('shows the stored choice (grouped by default) and saves another one', async () => {
    const calls = stubChoice();
    renderScreen(<StaffNotificationsSection />);
    await screen.findByRole('group', { name: 'E-maile o nowych zgłoszeniach' });
    expect(radio('Zbiorczo').checked).toBe(true);
    const overdue = screen.getByRole('checkbox', {
      name: 'Wysyłaj mi e-mail, gdy przypisane do mnie zgłoszenie jest po terminie',
    }) as HTMLInputElement;
    expect(overdue.checked).toBe(true);
    await userEvent.click(radio('Każde osobno'));
    await userEvent.click(overdue);
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz powiadomienia' }));
    expect(await screen.findByText(STAFF_NOTIFICATIONS_SAVED)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      new_tickets: 'each',
      assigned_overdue: false,
    });
    expect(radio('Każde osobno').checked).toBe(true);
  });

  it('is usable by keyboard: Space picks a focused choice (native radios; arrows in browsers)', async () => {
    stubChoice({ new_tickets: 'each', assigned_overdue: false });
    renderScreen(<StaffNotificationsSection />);
    await screen.findByRole('group', { name: 'E-maile o nowych zgłoszeniach' });
    radio('Wcale').focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(radio('Wcale').checked).toBe(true));
    expect(radio('Każde osobno').checked).toBe(false);
  });

  it('says so in Polish when saving fails', async () => {
    stubFetch((call) =>
      call.method === 'GET'
        ? json(200, { new_tickets: 'digest', assigned_overdue: true })
        : json(500, { error: 'internal' }),
    );
    renderScreen(<StaffNotificationsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Zapisz powiadomienia' }));
    expect(
      await screen.findByText('Nie udało się zapisać ustawień powiadomień. Spróbuj ponownie.'),
    ).toBeTruthy();
  });
});
