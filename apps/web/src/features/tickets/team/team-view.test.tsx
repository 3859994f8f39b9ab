import type { TeamMember } from '@studio/shared/team';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, resetScreenTest, setSessionHint, TEST_USER } from '~/test/account-screens';
import TeamRoute from '../team-route';

/* „Zespół” (issue 31) against canned answers of /api/admin/team. */

vi.setConfig({ testTimeout: 20_000 });

// jsdom has no layout; the dialog's focus trap skips elements without a box (as dialog.test.tsx does).
Object.defineProperty(HTMLElement.prototype, 'getClientRects', {
  configurable: true,
  value: () => [{ width: 1, height: 1 }],
});

const admin = { ...TEST_USER, id: 1, username: 'wsparcie', is_admin: true };

const member = (id: number, username: string, extra: Partial<TeamMember> = {}): TeamMember => ({
  id,
  username,
  email: `${username}@example.com`,
  granted: null,
  ...extra,
});

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** The server: `team` are the staff; POST adds `ewa`, DELETE removes, `answers` override a route. */
function stubTeamApi({
  user = admin,
  team = [member(1, 'wsparcie'), member(2, 'ola')],
  answers = {},
}: {
  user?: typeof TEST_USER;
  team?: TeamMember[];
  answers?: Record<string, (call: Call) => Response>;
} = {}) {
  setSessionHint();
  const state = { team: [...team] };
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const override = answers[`${call.method} ${call.url}`];
    if (override) return override(call);
    if (call.url === '/api/auth/me') return json(200, { user, isStaff: user.is_admin });
    if (call.url === '/api/admin/team' && call.method === 'GET') {
      return json(200, { team: state.team });
    }
    if (call.url === '/api/admin/team' && call.method === 'POST') {
      const added = member(3, 'ewa', {
        email: (call.body as { email: string }).email,
        granted: { via: 'team', at: '2026-11-28T10:00:00.000Z', by: 'wsparcie' },
      });
      state.team.push(added);
      return json(201, { member: added });
    }
    const removed = call.url.match(/^\/api\/admin\/team\/(\d+)$/);
    if (removed && call.method === 'DELETE') {
      state.team = state.team.filter((m) => m.id !== Number(removed[1]));
      return new Response(null, { status: 204 });
    }
    return json(404, { error: 'not_found' });
  });
  return { calls, state };
}

function Layout() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

function renderTeam() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/contact/team', element: <TeamRoute /> },
          { path: '/contact', element: <p>Kontakt</p> },
        ],
      },
    ],
    { initialEntries: ['/contact/team'] },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The field's error line, as a screen reader reads it with the field. */
const descriptionOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

const memberRows = () => within(screen.getByTestId('team-members')).getAllByRole('listitem');

afterEach(() => {
  toast.dismiss();
  resetScreenTest();
});

describe('„Zespół”', () => {
  it('lists staff with the count, marks me and offers no self-removal', async () => {
    stubTeamApi({
      team: [
        member(1, 'wsparcie'),
        member(2, 'ola', { granted: { via: 'cli', at: '2026-11-20T10:00:00.000Z', by: null } }),
      ],
    });
    renderTeam();
    expect(await screen.findByRole('heading', { name: 'W zespole: 2 osoby' })).toBeTruthy();
    const [me, ola] = memberRows();
    expect(me?.textContent).toContain('wsparcie (Ty)');
    expect(within(me as HTMLElement).queryByRole('button')).toBeNull();
    expect(ola?.textContent).toContain('Dodano z serwera (polecenie admin), 20 listopada 2026');
    expect(
      within(ola as HTMLElement).getByRole('button', { name: 'Odbierz uprawnienia: ola' }),
    ).toBeTruthy();
  });

  it('shows loading, then an error with a retry that loads the list', async () => {
    let fail = true;
    stubTeamApi({
      answers: {
        'GET /api/admin/team': () =>
          fail ? json(500, { error: 'internal' }) : json(200, { team: [member(1, 'wsparcie')] }),
      },
    });
    renderTeam();
    expect(await screen.findByText('Wczytywanie zespołu…')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert?.textContent).toContain('Nie udało się wczytać zespołu. Spróbuj ponownie.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button'));
    expect(await screen.findByRole('heading', { name: 'W zespole: 1 osoba' })).toBeTruthy();
  });

  it('shows the empty state', async () => {
    stubTeamApi({ team: [] });
    renderTeam();
    expect(await screen.findByText('Nikt nie ma jeszcze uprawnień zespołu.')).toBeTruthy();
  });

  it('„Dodaj osobę”: checks the address, sends it and lists the person', async () => {
    const { calls } = stubTeamApi();
    renderTeam();
    await screen.findByRole('heading', { name: 'W zespole: 2 osoby' });
    const field = screen.getByLabelText('Adres e-mail');
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj do zespołu' }));
    expect(descriptionOf(field)).toBe('Wpisz adres e-mail.');
    await userEvent.type(field, 'ewa');
    await userEvent.keyboard('{Enter}');
    expect(descriptionOf(field)).toBe('Wpisz poprawny adres e-mail, np. ania@example.com.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(field, '@example.com{Enter}');
    expect(await screen.findByRole('heading', { name: 'W zespole: 3 osoby' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'ewa@example.com' });
    expect((field as HTMLInputElement).value).toBe('');
    expect(
      await screen.findByText('ewa ma teraz uprawnienia zespołu i dostanie o tym e-mail.'),
    ).toBeTruthy();
    expect(memberRows()[2]?.textContent).toContain('Dodano w Kontakcie przez wsparcie');
  });

  it('says in Polish why an address was refused', async () => {
    stubTeamApi({
      answers: {
        'POST /api/admin/team': (call) =>
          (call.body as { email: string }).email.startsWith('nikt')
            ? json(404, { error: 'account_not_found' })
            : json(409, { error: 'already_staff' }),
      },
    });
    renderTeam();
    await screen.findByRole('heading', { name: 'W zespole: 2 osoby' });
    const field = screen.getByLabelText('Adres e-mail');
    await userEvent.type(field, 'nikt@example.com{Enter}');
    await waitFor(() =>
      expect(descriptionOf(field)).toBe(
        'Nie ma konta z tym adresem e-mail. Poproś tę osobę, by najpierw założyła konto, i spróbuj ponownie.',
      ),
    );
    await userEvent.clear(field);
    await userEvent.type(field, 'ola@example.com{Enter}');
    await waitFor(() => expect(descriptionOf(field)).toBe('Ta osoba już należy do zespołu.'));
  });

  it('„Odbierz uprawnienia” asks first; Anuluj keeps the person, confirming removes them', async () => {
    const { calls } = stubTeamApi();
    renderTeam();
    await screen.findByRole('heading', { name: 'W zespole: 2 osoby' });
    await userEvent.click(screen.getByRole('button', { name: 'Odbierz uprawnienia: ola' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Odebrać uprawnienia?' });
    // The safe choice has focus: Enter right away cancels.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Anuluj' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Odbierz uprawnienia: ola' }));
    const again = await screen.findByRole('alertdialog');
    await userEvent.click(within(again).getByRole('button', { name: 'Odbierz uprawnienia' }));
    expect(await screen.findByRole('heading', { name: 'W zespole: 1 osoba' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/admin/team/2');
    expect(await screen.findByText('ola nie ma już uprawnień zespołu.')).toBeTruthy();
  });

  it('a refused removal says why', async () => {
    stubTeamApi({
      answers: { 'DELETE /api/admin/team/2': () => json(409, { error: 'last_admin' }) },
    });
    renderTeam();
    await screen.findByRole('heading', { name: 'W zespole: 2 osoby' });
    await userEvent.click(screen.getByRole('button', { name: 'Odbierz uprawnienia: ola' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Odbierz uprawnienia' }));
    expect(
      await screen.findByText(
        'To ostatnia osoba z uprawnieniami — zespół musi mieć co najmniej jedną.',
      ),
    ).toBeTruthy();
  });

  it('a customer gets the not-found screen and the list is never asked for', async () => {
    const { calls } = stubTeamApi({ user: { ...TEST_USER, is_admin: false } });
    renderTeam();
    expect(await screen.findByText('Nie znaleziono strony')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/admin/team')).toBe(false);
  });
});
