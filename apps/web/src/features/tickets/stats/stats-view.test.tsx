import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

const statsAnswer = (perDay = days(30, 4, 2)) => ({
  from: perDay[0]?.date ?? '2026-11-01',
  to: perDay.at(-1)?.date ?? '2026-11-30',
  open: 12,
  awaiting_staff: 5,
  first_response_seconds: { p50: 2 * 3600 + 15 * 60, p90: 3 * 86_400 },
  first_response_business_seconds: { p50: 45 * 60, p90: 7 * 3600 },
  per_day: perDay,
  satisfaction: { good: 6, neutral: 3, bad: 1 },
  resolution_seconds: { p50: 5 * 3600, p90: 2 * 86_400 },
  resolution_business_seconds: { p50: 3600, p90: null },
  per_agent: [
    {
      id: 3,
      username: 'Anna',
      replies: 14,
      closed: 5,
      first_response_seconds: { p50: 1800 },
      resolution_seconds: { p50: 90_000 },
    },
    {
      id: 4,
      username: 'Piotr',
      replies: 0,
      closed: 0,
      first_response_seconds: { p50: null },
      resolution_seconds: { p50: null },
    },
  ],
});

function stubStats(
  user: typeof TEST_USER,
  stats: (url: string) => Response,
  csv: () => Response = () => new Response('x'),
) {
  setSessionHint();
  return stubFetch((call) => {
    if (call.url === '/api/auth/me') return json(200, { user, isStaff: user.is_admin });
    if (call.url.startsWith('/api/admin/stats.csv')) return csv();
    if (call.url.startsWith('/api/admin/stats')) return stats(call.url);
    return json(404, { error: 'not_found' });
  });
}

const admin = { ...TEST_USER, is_admin: true };

let saved: Array<{ download: string; blob: Blob | undefined }> = [];

beforeEach(() => {
  // jsdom neither makes object URLs nor downloads: record what would be saved.
  saved = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:test/${blobs.size + 1}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ download: this.download, blob: blobs.get(this.href) });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  resetScreenTest();
});

describe('/contact/stats („Raporty”)', () => {
  it('shows the period, counts, times in business and calendar hours, the chart, its table and the team', async () => {
    const calls = stubStats(admin, () => json(200, statsAnswer()));
    renderScreen(<StatsRoute />, { path: '/contact/stats' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Raporty' })).toBeTruthy();
    expect((await screen.findByTestId('stat-open')).textContent).toBe('12');
    expect(screen.getByTestId('stat-awaiting').textContent).toBe('5');
    expect(screen.getByTestId('stat-created').textContent).toBe('4');
    expect(screen.getByTestId('stat-closed').textContent).toBe('2');
    expect(screen.getByTestId('report-period').textContent).toBe(
      'Okres: 1 listopada 2026 – 30 listopada 2026',
    );
    expect(calls.some((c) => c.url === '/api/admin/stats?days=30')).toBe(true);
    expect(screen.getByRole('radio', { name: '30 dni' })).toHaveProperty('checked', true);

    const times = screen.getByRole('table', { name: 'Czasy odpowiedzi i rozwiązania' });
    expect(
      within(times)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'MiaraW godzinach pracyCzas kalendarzowy',
      'Pierwsza odpowiedź — mediana45 min2 godz. 15 min',
      'Pierwsza odpowiedź — 90% zgłoszeń7 godz.3 dni',
      'Rozwiązanie — mediana1 godz.5 godz.',
      'Rozwiązanie — 90% zgłoszeńbrak danych2 dni',
    ]);

    const chart = screen.getByRole('img', { name: 'Zgłoszenia utworzone i zamknięte dziennie' });
    expect(chart.querySelectorAll('rect')).toHaveLength(60);
    expect(screen.getByText('Pokaż jako tabelę')).toBeTruthy();
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
    const team = screen.getByRole('table', { name: 'Praca zespołu' });
    const teamRows = within(team).getAllByRole('row');
    expect(teamRows[1]?.textContent).toBe('Anna14530 min1 dzień 1 godz.');
    expect(teamRows[2]?.textContent).toBe('Piotr00brak danychbrak danych');
  });

  it('switches to 7 days and to a custom range kept in the address, refusing a bad range in Polish', async () => {
    const calls = stubStats(admin, (url) =>
      json(200, statsAnswer(url.includes('from=') ? days(3, 1, 0) : days(7, 2, 1))),
    );
    const { router } = renderScreen(<StatsRoute />, { path: '/contact/stats' });
    await screen.findByTestId('stat-open');
    await userEvent.click(screen.getByRole('radio', { name: '7 dni' }));
    await waitFor(() => expect(router.state.location.search).toBe('?days=7'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/stats?days=7')).toBe(true));

    await userEvent.click(screen.getByRole('radio', { name: 'Własny zakres' }));
    const range = screen.getByRole('form', { name: 'Własny zakres' });
    const from = within(range).getByLabelText('Od');
    const to = within(range).getByLabelText('Do');
    await userEvent.click(within(range).getByRole('button', { name: 'Pokaż' }));
    expect(screen.getByText('Podaj datę początkową.')).toBeTruthy();
    expect(from.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(from, { target: { value: '2026-11-10' } });
    fireEvent.change(to, { target: { value: '2026-11-01' } });
    await userEvent.click(within(range).getByRole('button', { name: 'Pokaż' }));
    expect(screen.getByText('Data końcowa nie może być wcześniejsza niż początkowa.')).toBeTruthy();

    fireEvent.change(to, { target: { value: '2027-12-01' } });
    await userEvent.click(within(range).getByRole('button', { name: 'Pokaż' }));
    expect(screen.getByText('Zakres może obejmować najwyżej 366 dni.')).toBeTruthy();

    fireEvent.change(to, { target: { value: '2026-11-12' } });
    await userEvent.click(within(range).getByRole('button', { name: 'Pokaż' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?from=2026-11-10&to=2026-11-12'),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/admin/stats?from=2026-11-10&to=2026-11-12')).toBe(
        true,
      ),
    );
    expect(screen.queryByText('Zakres może obejmować najwyżej 366 dni.')).toBeNull();
  });

  it('reads a custom range from the address, and downloads its CSV', async () => {
    const calls = stubStats(
      admin,
      () => json(200, statsAnswer(days(3, 1, 0))),
      () =>
        new Response('\uFEFFdata;utworzone;zamknięte\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="raport-2026-11-01-2026-11-03.csv"',
          },
        }),
    );
    renderScreen(<StatsRoute />, {
      path: '/contact/stats',
      url: '/contact/stats?from=2026-11-01&to=2026-11-03',
    });
    await screen.findByTestId('stat-open');
    expect(screen.getByRole('radio', { name: 'Własny zakres' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Od')).toHaveProperty('value', '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Pobierz CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.download).toBe('raport-2026-11-01-2026-11-03.csv');
    expect(await saved[0]?.blob?.text()).toContain('data;utworzone;zamknięte');
    expect(calls.some((c) => c.url === '/api/admin/stats.csv?from=2026-11-01&to=2026-11-03')).toBe(
      true,
    );
  });

  it('saves nothing when the session expired, and says so in Polish', async () => {
    stubStats(
      admin,
      () => json(200, statsAnswer()),
      () => json(401, { error: 'unauthorized' }),
    );
    renderScreen(<StatsRoute />, { path: '/contact/stats' });
    await screen.findByTestId('stat-open');
    await userEvent.click(screen.getByRole('button', { name: 'Pobierz CSV' }));
    const alert = await screen.findByText('Twoja sesja wygasła — zaloguj się ponownie.');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(saved).toEqual([]);
  });

  it('says when the period holds no tickets, and when times are unknown', async () => {
    stubStats(admin, () =>
      json(200, {
        ...statsAnswer(days(30)),
        first_response_seconds: { p50: null, p90: null },
        first_response_business_seconds: { p50: null, p90: null },
        satisfaction: { good: 0, neutral: 0, bad: 0 },
        resolution_seconds: { p50: null, p90: null },
        resolution_business_seconds: { p50: null, p90: null },
        per_agent: [],
      }),
    );
    renderScreen(<StatsRoute />, { path: '/contact/stats' });
    expect((await screen.findByTestId('first-response-p50-business')).textContent).toBe(
      'brak danych',
    );
    expect(screen.getByText('Brak zgłoszeń w tym okresie.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('W tym czasie nikt nie ocenił pomocy.')).toBeTruthy();
    expect(screen.getByTestId('resolution-p50-calendar').textContent).toBe('brak danych');
  });

  it('shows an error with a retry', async () => {
    stubStats(admin, () => json(500, { error: 'internal' }));
    renderScreen(<StatsRoute />, { path: '/contact/stats' });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert.textContent).toContain('Nie udało się wczytać raportu.');
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
