import { DEFAULT_BUSINESS_HOURS } from '@studio/shared/business-hours';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderScreen, resetScreenTest, stubFetch } from '~/test/account-screens';
import { BusinessHoursButton } from './business-hours-dialog';

vi.setConfig({ testTimeout: 20_000 });
afterEach(resetScreenTest);

function stubHours(onPut: (body: unknown) => Response) {
  return stubFetch((call) => {
    if (call.url === '/api/admin/business-hours' && call.method === 'GET') {
      return json(200, DEFAULT_BUSINESS_HOURS);
    }
    if (call.url === '/api/admin/business-hours' && call.method === 'PUT') return onPut(call.body);
    return json(404, { error: 'not_found' });
  });
}

async function openDialog() {
  renderScreen(<BusinessHoursButton />);
  fireEvent.click(screen.getByRole('button', { name: 'Godziny pracy' }));
  return screen.findByRole('dialog', { name: 'Godziny pracy' });
}

describe('„Godziny pracy”', () => {
  it('edits the days, hours, an extra day off and both targets, and sends them in one PUT', async () => {
    const calls = stubHours((body) => json(200, body));
    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Piątek' }));
    // The year's public holidays are listed read-only, movable ones included.
    expect(within(dialog).getAllByText(/Boże Ciało/).length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Sobota' }));
    fireEvent.change(within(dialog).getByLabelText('Sobota: zamknięcie'), {
      target: { value: '13:00' },
    });
    fireEvent.change(within(dialog).getByLabelText('Czas na pierwszą odpowiedź (minuty)'), {
      target: { value: '60' },
    });
    fireEvent.change(within(dialog).getByLabelText('Nowy dzień wolny'), {
      target: { value: '2026-12-31' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dodaj dzień wolny' }));
    expect(within(dialog).getByText('31 grudnia 2026')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zapisz godziny pracy' }));

    await within(dialog).findByText('Zapisano. Terminy czekających zgłoszeń przeliczono.');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      timezone: 'Europe/Warsaw',
      days: [
        { weekday: 1, open: '09:00', close: '17:00' },
        { weekday: 2, open: '09:00', close: '17:00' },
        { weekday: 3, open: '09:00', close: '17:00' },
        { weekday: 4, open: '09:00', close: '17:00' },
        { weekday: 6, open: '09:00', close: '13:00' },
      ],
      holidays: ['2026-12-31'],
      first_response_minutes: 60,
      next_response_minutes: 480,
    });
  });

  it('names a mistake in Polish before sending, and shows the server’s refusal in its words', async () => {
    const calls = stubHours(() =>
      json(400, {
        error: 'validation_failed',
        details: [
          {
            path: 'timezone',
            message: 'Nieznana strefa czasowa (podaj nazwę IANA, np. Europe/Warsaw).',
          },
        ],
      }),
    );
    const dialog = await openDialog();
    fireEvent.change(await within(dialog).findByLabelText('Poniedziałek: zamknięcie'), {
      target: { value: '08:00' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zapisz godziny pracy' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Godzina otwarcia musi być wcześniejsza niż godzina zamknięcia.',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Poniedziałek: zamknięcie'), {
      target: { value: '17:00' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zapisz godziny pracy' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain('Nieznana strefa czasowa'),
    );
  });
});
