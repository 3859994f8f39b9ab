import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderScreen, resetScreenTest, stubFetch } from '~/test/account-screens';
import RatingRoute from '../rating-route';
import { CustomerTicketRating, StaffTicketRating } from './ticket-rating';

vi.setConfig({ testTimeout: 20_000 });
afterEach(resetScreenTest);

const TOKEN = '12.7.abcdefghijklmnopqrstuvwxyz012345';
const RATED_AT = '2026-11-20T10:00:00.000Z';

const ticketAnswer = (rating: unknown) =>
  json(200, {
    ticket: {
      id: 12,
      seq: 1,
      number: 1012,
      subject: 'Faktura',
      username: 'alicja',
      owner_id: 7,
      status: 'closed',
      awaiting: null,
      awaiting_since: null,
      assignee: null,
      unread_count: 0,
      created_at: RATED_AT,
      last_activity_at: RATED_AT,
      rating,
    },
  });

const posts = (calls: ReturnType<typeof stubFetch>) => calls.filter((c) => c.method === 'POST');

const ThreadRating = () => <CustomerTicketRating ticketId={12} />;
const HeaderRating = () => <StaffTicketRating ticketId={12} />;

describe('the rating page of the closing e-mail (/contact/rating)', () => {
  it('shows the chosen score, records nothing until the button, then posts the choice and comment', async () => {
    const calls = stubFetch((call) =>
      call.url === '/api/ratings/by-link'
        ? json(200, {
            rating: { score: 'neutral', comment: 'Mogło być szybciej', rated_at: RATED_AT },
            ticket: { number: 1012, subject: 'Faktura' },
          })
        : json(404, { error: 'not_found' }),
    );
    renderScreen(<RatingRoute />, {
      path: '/contact/rating',
      url: `/contact/rating?token=${TOKEN}&score=good`,
    });
    expect(await screen.findByText(/Wybrano: Dobrze/)).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Dobrze' }) as HTMLInputElement).checked).toBe(true);
    expect(posts(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: 'Tak sobie' }));
    fireEvent.change(screen.getByLabelText('Komentarz (nieobowiązkowy)'), {
      target: { value: 'Mogło być szybciej' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz ocenę' }));
    expect(await screen.findByText('Dziękujemy za ocenę!')).toBeTruthy();
    expect(posts(calls)).toEqual([
      {
        url: '/api/ratings/by-link',
        method: 'POST',
        body: { token: TOKEN, score: 'neutral', comment: 'Mogło być szybciej' },
      },
    ]);
    expect(screen.getByText('Tak sobie')).toBeTruthy();
  });

  it('says in Polish that an altered link is invalid', async () => {
    stubFetch(() => json(400, { error: 'invalid_token' }));
    renderScreen(<RatingRoute />, {
      path: '/contact/rating',
      url: '/contact/rating?token=1.2.zmieniony&score=bad',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Zapisz ocenę' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /link do oceny jest nieprawidłowy/,
    );
  });

  it('asks for a choice before sending and refuses a comment over 1000 characters', async () => {
    const calls = stubFetch(() => json(500, { error: 'internal' }));
    renderScreen(<RatingRoute />, {
      path: '/contact/rating',
      url: `/contact/rating?token=${TOKEN}`,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Zapisz ocenę' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wybierz jedną z odpowiedzi.');
    fireEvent.change(screen.getByLabelText('Komentarz (nieobowiązkowy)'), {
      target: { value: 'x'.repeat(1001) },
    });
    expect(screen.getByText(/za długi o 1 zn\./)).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Zapisz ocenę' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(posts(calls)).toEqual([]);
  });

  it('explains a link without its token', async () => {
    renderScreen(<RatingRoute />, { path: '/contact/rating', url: '/contact/rating' });
    expect((await screen.findByRole('alert')).textContent).toMatch(/link do oceny jest niepełny/);
  });
});

describe('the rating in a closed thread', () => {
  it('asks the owner, saves the rating, shows it and lets it be changed', async () => {
    let rating: unknown = null;
    const calls = stubFetch((call) => {
      if (call.url === '/api/tickets/12/rating') {
        rating = { ...(call.body as object), rated_at: RATED_AT };
        return json(200, { rating });
      }
      return ticketAnswer(rating);
    });
    renderScreen(<ThreadRating />);
    expect(await screen.findByText('Jak oceniasz naszą pomoc?')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Źle' }));
    fireEvent.change(screen.getByLabelText('Komentarz (nieobowiązkowy)'), {
      target: { value: '  Za długo  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Wyślij ocenę' }));
    await screen.findByTestId('given-rating');
    expect(screen.getByTestId('given-rating').textContent).toMatch(/Twoja ocena: Źle/);
    expect(posts(calls)[0]?.body).toEqual({ score: 'bad', comment: '  Za długo  ' });

    fireEvent.click(screen.getByRole('button', { name: 'Zmień ocenę' }));
    expect((screen.getByRole('radio', { name: 'Źle' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Dobrze' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz nową ocenę' }));
    await waitFor(() => expect(screen.getByTestId('given-rating').textContent).toMatch(/Dobrze/));
  });

  it('shows staff the rating read-only, and says when there is none', async () => {
    stubFetch(() => ticketAnswer({ score: 'neutral', comment: 'Może być', rated_at: RATED_AT }));
    renderScreen(<HeaderRating />);
    expect((await screen.findByTestId('staff-rating')).textContent).toBe(
      'Ocena klienta: Tak sobie — „Może być”',
    );
    expect(screen.queryByRole('button')).toBeNull();
    resetScreenTest();
    stubFetch(() => ticketAnswer(null));
    renderScreen(<HeaderRating />);
    expect(await screen.findByText('Klient jeszcze nie ocenił pomocy.')).toBeTruthy();
  });
});
