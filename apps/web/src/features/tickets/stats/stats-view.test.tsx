import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  renderScreen,
  resetScreenTest,
  setSessionHint,
  stubFetch,
  TEST_USER,
} from '~/test/account-screens';
import StatsRoute from '../stats-route';

vi.setConfig({ testTimeout: 20_000 });

const days = (n: number, created = 0, closed = 0) =>
  Array.from({ length: n }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    created: i === 2 ? created : 0,
    closed: i === 2 ? closed : 0,
  }));

function stubStats(user: typeof TEST_USER, stats: () => Response) {
  setSessionHint();
  return stubFetch((call) => {
    if (call.url === '/api/auth/me') return json(200, { user, isStaff: user.is_admin });
    if (call.url.startsWith('/api/admin/stats')) return stats();
    return json(404, { error: 'not_found' });
  });
}

const admin = { ...TEST_USER, is_admin: true };

afterEach(resetScreenTest);

describe('/contact/stats', () => {
  it('shows staff the counts, response times in words, the chart and its table', async () => {
    const calls = stubStats(admin, () =>
      json(200, {
        open: 12,
        awaiting_staff: 5,
        first_response_seconds: { p50: 2 * 3600 + 5 * 60, p90: 3 * 86_400 },
        per_day: days(30, 4, 2),
        satisfaction: { good: 6, neutral: 3, bad: 1 },
        resolution_seconds: { p50: 5 * 3600, p90: 2 * 86_400 },
        per_agent: [
          {
            id: 3,
            username: 'Anna',
            replies: 14,
            closed: 5,
            first_response_seconds: { p50: 1800 },
          },
          {
            id: 4,
            username: 'Piotr',
            replies: 0,
            closed: 0,
            first_response_seconds: { p50: null },
          },
        ],
      }),
    );
    renderScreen(<StatsRoute />, { path: '/contact/stats' });
    expect((await screen.findByTestId('stat-open')).textContent).toBe('12');
    expect(screen.getByTestId('stat-awaiting').textContent).toBe('5');
    expect(screen.getByTestId('stat-p50').textContent).toBe('2 godziny 5 minut');
    expect(screen.getByTestId('stat-p90').textContent).toBe('3 dni');
    expect(calls.some((c) => c.url === '/api/admin/stats?days=30')).toBe(true);

    const chart = screen.getByRole('img', { name: 'Zgłoszenia utworzone i zamknięte dziennie' });
    expect(chart.querySelectorAll('rect')).toHaveLength(60);
    const table = screen.getByRole('table', { name: 'Zgłoszenia utworzone i zamknięte dziennie' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[3]?.textContent).toMatch(/3 listopada 2026.*4.*2/);

    const ratings = screen.getByRole('table', { name: 'Oceny pomocy' });
    expect(
      within(ratings)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['OcenaLiczbaUdział', 'Dobrze660%', 'Tak sobie330%', 'Źle110%']);
    expect(screen.getByTestId('resolution-p50').textContent).toBe('5 godzin');
    expect(screen.getByTestId('resolution-p90').textContent).toBe('2 dni');
    const team = screen.getByRole('table', { name: 'Praca zespołu' });
    const teamRows = within(team).getAllByRole('row');
    expect(teamRows[1]?.textContent).toBe('Anna14530 minut');
    expect(teamRows[2]?.textContent).toBe('Piotr00brak danych');
  });

  it('says when there is nothing to draw, and when response times are unknown', async () => {
    stubStats(admin, () =>
      json(200, {
        open: 0,
        awaiting_staff: 0,
        first_response_seconds: { p50: null, p90: null },
        per_day: days(30),
        satisfaction: { good: 0, neutral: 0, bad: 0 },
        resolution_seconds: { p50: null, p90: null },
        per_agent: [],
      }),
    );
    renderScreen(<StatsRoute />, { path: '/contact/stats' });
    expect((await screen.findByTestId('stat-p50')).textContent).toBe('brak danych');
    expect(screen.getByText(/nie utworzono ani nie zamknięto/)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('W tym czasie nikt nie ocenił pomocy.')).toBeTruthy();
    expect(screen.getByTestId('resolution-p50').textContent).toBe('brak danych');
  });

  it('shows an error with a retry', async () => {
    stubStats(admin, () => json(500, { error: 'internal' }));
    renderScreen(<StatsRoute />, { path: '/contact/stats' });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert.textContent).toContain('Nie udało się wczytać statystyk.');
    expect(within(alert).getByRole('button', { name: 'Spróbuj ponownie' })).toBeTruthy();
  });

  it('is a not-found page for a customer, who never asks for the statistics', async () => {
    const calls = stubStats(TEST_USER, () => json(403, { error: 'forbidden' }));
    renderScreen(<StatsRoute />, { path: '/contact/stats' });
    expect(await screen.findByText('Nie znaleziono strony')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/me')).toBe(true));
    expect(calls.some((c) => c.url.startsWith('/api/admin/stats'))).toBe(false);
  });
});
